// SPDX-License-Identifier: GPL-2.0
/*
 * sim_smu.c - the SMU firmware's sclk DPM model (sim_smu.h has each
 * behaviour's source).
 */
#include "sim_smu.h"

/**
 * sim_smu_init() - the firmware at boot: the whole table allowed
 * @s: state
 * @khz: level clocks, ascending
 * @nr: levels, 1..GPUGOV_MAX_OPPS (more are cut)
 * @level: the level in force
 */
void sim_smu_init(struct sim_smu *s, const u32 *khz, u32 nr, u32 level)
{
	u32 i;

	memset(s, 0, sizeof(*s));
	s->nr = clamp_t(u32, nr, 1, GPUGOV_MAX_OPPS);
	for (i = 0; i < s->nr; i++)
		s->khz[i] = khz[i];
	s->soft_max = s->nr - 1;
	s->level = min_t(u32, level, s->soft_max);
}

/**
 * sim_smu_set_range() - the driver's soft min and max (levels): the clock
 *	in force moves into the range at once
 * @s: state
 * @soft_min: lowest level allowed (cut to the table)
 * @soft_max: highest (cut to the table; below @soft_min: @soft_min)
 *
 * Return: the level in force.
 */
u32 sim_smu_set_range(struct sim_smu *s, u32 soft_min, u32 soft_max)
{
	s->soft_min = min_t(u32, soft_min, s->nr - 1);
	s->soft_max = clamp_t(u32, soft_max, s->soft_min, s->nr - 1);
	s->level = clamp_t(u32, s->level, s->soft_min, s->soft_max);
	return s->level;
}

/*
 * The level the averaged activity asks for: the lowest in the range at
 * which it would be at most the set point, the highest if none.
 */
static u32 sim_smu_choice(const struct sim_smu *s)
{
	u64 demand = (u64)s->avg * s->khz[s->level];
	u32 k;

	for (k = s->soft_min; k < s->soft_max; k++)
		if (demand <= (u64)(SIM_SMU_SET_POINT << 8) * s->khz[k])
			break;
	return k;
}

/**
 * sim_smu_eval() - one evaluation of the firmware
 * @s: state
 * @now_ns: time now
 * @busy_ns: the GPU's busy time up to now, in all
 *
 * Averages the activity since the last evaluation in, then moves the
 * clock as the hysteresis allows.  Time or busy time below the last
 * evaluation's (a new run's clock): they become the reference, nothing
 * else changes.
 *
 * Return: the level in force.
 */
u32 sim_smu_eval(struct sim_smu *s, u64 now_ns, u64 busy_ns)
{
	u64 dt = now_ns - s->last_ns, busy = busy_ns - s->last_busy_ns;
	u32 act, choice;

	if (now_ns < s->last_ns || busy_ns < s->last_busy_ns) {
		s->last_ns = now_ns;
		s->last_busy_ns = busy_ns;
		return s->level;
	}
	if (now_ns == s->last_ns)
		return s->level;
	s->last_ns = now_ns;
	s->last_busy_ns = busy_ns;
	act = (u32)mul_u64_u64_div_u64(min_t(u64, busy, dt), SIM_SMU_FULL, dt);
	if (act >= s->avg)
		s->avg += (act - s->avg) >> SIM_SMU_AVG_SHIFT;
	else
		s->avg -= (s->avg - act + BIT(SIM_SMU_AVG_SHIFT) - 1) >> SIM_SMU_AVG_SHIFT;
	choice = sim_smu_choice(s);
	s->up = choice > s->level ? s->up + 1 : 0;
	s->down = choice < s->level ? s->down + 1 : 0;
	if (s->up > SIM_SMU_UP_HYST || s->down >= SIM_SMU_DOWN_HYST) {
		s->level = choice;
		s->up = 0;
		s->down = 0;
	}
	return s->level;
}

/**
 * sim_smu_load_pct() - the averaged activity as the driver's GPU-load
 *	sensor reads it: percent, rounded, at most 100
 * @s: state
 */
u32 sim_smu_load_pct(const struct sim_smu *s)
{
	return min_t(u32, (s->avg + 0x80) >> 8, 100);
}

/**
 * sim_smu_rt_start() - the firmware on a real-time run: evaluations from
 *	now on, every SIM_SMU_EVAL_NS, its clock the run's; the run starts
 *	on an idle GPU (no activity averaged, no hysteresis under way)
 * @s: state
 * @rt: run
 */
void sim_smu_rt_start(struct sim_smu *s, struct sim_rt *rt)
{
	s->avg = 0;
	s->up = 0;
	s->down = 0;
	s->last_ns = rt->now;
	s->last_busy_ns = rt->res.busy_ns;
	sim_rt_set_fw(rt, SIM_SMU_EVAL_NS);
	sim_rt_fw_set_opp(rt, s->level);
}

/**
 * sim_smu_rt_eval() - a real-time run's FW event: the firmware evaluates
 *	and the GPU runs at its clock from now on
 * @s: state
 * @rt: run
 */
void sim_smu_rt_eval(struct sim_smu *s, struct sim_rt *rt)
{
	sim_rt_fw_set_opp(rt, sim_smu_eval(s, rt->now, rt->res.busy_ns));
}

/**
 * sim_smu_rt_target() - the bridge's target(): soft max @soft_max, soft
 *	min as it is; a governor's decision
 * @s: state
 * @rt: run
 * @soft_max: level
 */
void sim_smu_rt_target(struct sim_smu *s, struct sim_rt *rt, u32 soft_max)
{
	sim_rt_set_opp(rt, sim_smu_set_range(s, s->soft_min, soft_max));
}
