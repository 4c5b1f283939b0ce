// SPDX-License-Identifier: GPL-2.0
/*
 * sim_amdgpu.c - the amdgpu profile: a devfreq bridge in front of the SMU
 * firmware (sim_smu.h), as drivers_glue/amdgpu/ sets one up.
 *
 * - OPPs: the sclk DPM levels (the trace's).
 * - get_dev_status(): the firmware's averaged GFX activity, as the GPU
 *   load sensor reads it: busy_time is that percentage, total_time 100.
 * - target(): the soft range: its maximum the level devfreq chose, its
 *   minimum the lowest level devfreq allows (its PM QoS minimum); the
 *   firmware then picks its own clock inside it.  get_cur_freq() is the
 *   firmware's clock.
 * - Stand-down: while the user forces low or high through
 *   power_dpm_force_performance_level (the force_level debugfs file) and
 *   while the device is suspended, target() reaches the firmware no more;
 *   auto and manual give the range back to the bridge, whose next
 *   target() sets it.
 *
 * In the per-segment mode the firmware evaluates once a poll, over the
 * poll's interval; in real time every SIM_SMU_EVAL_NS of simulated time
 * (sim_realtime.c), as `gpugov-replay realtime --profile amdgpu` does.
 */
#include "sim.h"

const char *const sim_force_names[SIM_NR_FORCE] = {
	[SIM_FORCE_AUTO] = "auto", [SIM_FORCE_LOW] = "low",
	[SIM_FORCE_HIGH] = "high", [SIM_FORCE_MANUAL] = "manual",
};

/**
 * sim_amdgpu_reset() - the firmware of a new devfreq device: the trace's
 *	levels, the whole range, level auto, at the OPP in force
 * @sd: device with its trace installed; sd->lock held
 */
void sim_amdgpu_reset(struct sim_dev *sd)
{
	const struct sim_trace *t = sd->trace;
	u32 khz[GPUGOV_MAX_OPPS], i;

	for (i = 0; i < t->nr_opps; i++)
		khz[i] = t->opp[i].core_khz;
	sim_smu_init(&sd->smu, khz, t->nr_opps, sd->cur);
	sd->force = SIM_FORCE_AUTO;
	sd->smu_down &= SIM_SMU_DOWN_SUSPEND;
	sd->smu_req = sd->cur;
}

/* The run's clock is the firmware's (a move, not a decision). */
static void sim_amdgpu_follow(struct sim_dev *sd)
{
	sd->cur = sd->smu.level;
	if (sd->rtd.on)
		sim_rt_fw_set_opp(&sd->rtd.rt, sd->cur);
}

/**
 * sim_amdgpu_target() - the bridge's target(): the soft range, unless it
 *	stands down
 * @sd: device; sd->lock held
 * @soft_min: lowest level devfreq allows
 * @soft_max: the level devfreq chose
 */
void sim_amdgpu_target(struct sim_dev *sd, u32 soft_min, u32 soft_max)
{
	sd->smu_req = soft_max;
	if (sd->smu_down)
		return;
	sim_smu_set_range(&sd->smu, soft_min, soft_max);
	sd->cur = sd->smu.level;
}

/**
 * sim_amdgpu_status() - busy/total of a poll: the averaged activity in %
 * @sd: device; sd->lock held, sd->clock_ns and sd->busy_sum_ns up to now
 * @stat: busy_time and total_time to fill
 */
void sim_amdgpu_status(struct sim_dev *sd, struct devfreq_dev_status *stat)
{
	if (!sd->rtd.on) {
		sim_smu_eval(&sd->smu, sd->clock_ns, sd->busy_sum_ns);
		sd->cur = sd->smu.level;
	}
	stat->busy_time = sim_smu_load_pct(&sd->smu);
	stat->total_time = 100;
}

/**
 * sim_amdgpu_force() - the user writes power_dpm_force_performance_level
 * @sd: device
 * @level: the level
 *
 * low and high set the range to the lowest or highest level and the
 * bridge stands down; auto sets the whole range and manual leaves it, and
 * both give it back to the bridge (smu_v11_0_set_performance_level()).
 *
 * Return: 0, -EINVAL if the profile is not amdgpu's, -ENODEV without a
 * trace.
 */
int sim_amdgpu_force(struct sim_dev *sd, enum sim_force_level level)
{
	u32 top;

	if (!sd->prof->smu || level >= SIM_NR_FORCE)
		return -EINVAL;
	spin_lock(&sd->lock);
	if (!sd->trace) {
		spin_unlock(&sd->lock);
		return -ENODEV;
	}
	top = sd->smu.nr - 1;
	sd->force = level;
	if (level == SIM_FORCE_LOW || level == SIM_FORCE_HIGH) {
		sd->smu_down |= SIM_SMU_DOWN_FORCED;
		top = level == SIM_FORCE_LOW ? 0 : top;
		sim_smu_set_range(&sd->smu, top, top);
	} else {
		sd->smu_down &= ~SIM_SMU_DOWN_FORCED;
		if (level == SIM_FORCE_AUTO)
			sim_smu_set_range(&sd->smu, 0, top);
	}
	sim_amdgpu_follow(sd);
	spin_unlock(&sd->lock);
	return 0;
}

/**
 * sim_amdgpu_suspend() - the bridge stands down across a suspend
 * @sd: device
 * @suspend: going down or back
 */
void sim_amdgpu_suspend(struct sim_dev *sd, bool suspend)
{
	spin_lock(&sd->lock);
	if (suspend)
		sd->smu_down |= SIM_SMU_DOWN_SUSPEND;
	else
		sd->smu_down &= ~SIM_SMU_DOWN_SUSPEND;
	spin_unlock(&sd->lock);
}
