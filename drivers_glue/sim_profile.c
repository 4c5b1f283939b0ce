// SPDX-License-Identifier: GPL-2.0
/*
 * sim_profile.c - driver profiles of gpugov_sim: the devfreq setups of
 * the stock GPU drivers of Linux 6.1 and 6.12 (docs/sim-profiles.md).
 *
 * A profile fixes what a governor sees of the device: the polling
 * interval, simple_ondemand's thresholds, whether devfreq builds the
 * frequency table from the OPPs, the units and reset semantics of
 * busy/total, the cooling device, and msm's idle and boost handling.
 * What the GPU does (the trace) stays the simulator's.
 */
#include <linux/devfreq_cooling.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/string.h>
#include <linux/version.h>

#include "sim.h"

/*
 * msm_devfreq_init() sets simple_ondemand's thresholds to 50/10 in 6.12;
 * 6.1 hands simple_ondemand a zeroed gpu_devfreq_config (its 90/5, unless
 * msm's debugfs sets them).  The release in between that changed it was
 * not looked up: 6.1's setup before 6.12, 6.12's from there on.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define SIM_MSM_UP	50
#define SIM_MSM_DOWN	10
#else
#define SIM_MSM_UP	0
#define SIM_MSM_DOWN	0
#endif

static const struct sim_profile sim_profiles[] = {
	/* gpugov_sim's own: the record's ns, its own table and polling */
	{ .name = "sim", .own_table = true, .get_cur_freq = true,
	  .busy = SIM_BUSY_RECORD, .cooling = SIM_COOL_PLAIN },
	/* panfrost_devfreq.c: panfrost_devfreq_profile, _init() */
	{ .name = "panfrost", .polling_ms = 50, .upthreshold = 45,
	  .downdifferential = 5, .busy = SIM_BUSY_KTIME,
	  .cooling = SIM_COOL_EM },
	/* panthor_devfreq.c (6.10 on): panthor_devfreq_profile, _init() */
	{ .name = "panthor", .polling_ms = 50, .upthreshold = 45,
	  .downdifferential = 5, .busy = SIM_BUSY_KTIME,
	  .cooling = SIM_COOL_EM },
	/* lima_devfreq.c: lima_devfreq_profile, lima_devfreq_init() */
	{ .name = "lima", .polling_ms = 50, .upthreshold = 30,
	  .downdifferential = 5, .busy = SIM_BUSY_KTIME,
	  .cooling = SIM_COOL_OF },
	/* msm_gpu_devfreq.c: msm_devfreq_profile, msm_devfreq_init() */
	{ .name = "msm", .polling_ms = 50, .upthreshold = SIM_MSM_UP,
	  .downdifferential = SIM_MSM_DOWN, .get_cur_freq = true,
	  .busy = SIM_BUSY_MSM, .cooling = SIM_COOL_OF, .msm_pm = true },
	/*
	 * drivers_glue/amdgpu/'s bridge (sim_amdgpu.c): 50 ms like the
	 * other GPU drivers, simple_ondemand's own 90/5, the firmware's clock
	 */
	{ .name = "amdgpu", .polling_ms = 50, .get_cur_freq = true,
	  .busy = SIM_BUSY_SMU, .cooling = SIM_COOL_PLAIN, .smu = true },
};

/**
 * sim_profile_find() - the profile called @name
 * @name: profile parameter
 *
 * Return: the profile, or NULL if there is none of that name.
 */
const struct sim_profile *sim_profile_find(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sim_profiles); i++)
		if (!strcmp(sim_profiles[i].name, name))
			return &sim_profiles[i];
	return NULL;
}

/*
 * msm_devfreq_boost_work(): the boost lasts one polling interval, then
 * the request goes back to 0.
 */
static void sim_boost_end(struct work_struct *work)
{
	struct sim_dev *sd = container_of(to_delayed_work(work), struct sim_dev,
					  boost_end);

	dev_pm_qos_update_request(&sd->boost_req, 0);
}

/**
 * sim_profile_setup() - per-device state of the profile, once at probe
 * @sd: device with sd->prof set
 */
void sim_profile_setup(struct sim_dev *sd)
{
	sd->gov_data.upthreshold = sd->prof->upthreshold;
	sd->gov_data.downdifferential = sd->prof->downdifferential;
	INIT_DELAYED_WORK(&sd->boost_end, sim_boost_end);
}

/**
 * sim_profile_reset() - a new devfreq device: accounting from zero
 * @sd: device; sd->lock held
 */
void sim_profile_reset(struct sim_dev *sd)
{
	sd->clock_ns = 0;
	sd->busy_sum_ns = 0;
	sd->acc_busy_ns = 0;
	sd->acc_idle_ns = 0;
	sd->msm_time_ns = 0;
	sd->msm_cycles = 0;
	sd->msm_idle_hz = 0;
	sim_mali_init(&sd->mali_ctr);
}

/**
 * sim_profile_resumed() - what the driver's resume hook resets before
 * devfreq_resume_device()
 * @sd: device; sd->lock held
 *
 * panfrost/panthor/lima_devfreq_resume() clear the busy and idle
 * accumulators; msm_devfreq_resume() takes the busy-cycle counter and
 * the time afresh.
 */
void sim_profile_resumed(struct sim_dev *sd)
{
	sd->acc_busy_ns = 0;
	sd->acc_idle_ns = 0;
	sd->msm_time_ns = sd->clock_ns;
	sd->msm_cycles = sim_msm_cycles(sd->busy_sum_ns);
}

/**
 * sim_profile_status() - busy/total of a poll, as the profile's driver
 *	reports them
 * @sd: device; sd->lock held
 * @busy_ns: GPU-busy time since the previous poll (simulated)
 * @total_ns: time since the previous poll (simulated)
 * @stat: busy_time and total_time to fill
 *
 * The simulated clock advances by @total_ns at each poll, so the job
 * hooks' accumulators (panfrost_devfreq_record_busy()/_idle() and
 * panfrost_devfreq_update_utilization(), the same in panthor and lima)
 * hold exactly one poll's times when get_dev_status() reads and clears
 * them; msm's counter keeps counting across polls, so its rounding
 * carries over from one poll to the next.
 */
void sim_profile_status(struct sim_dev *sd, u64 busy_ns, u64 total_ns,
			struct devfreq_dev_status *stat)
{
	u64 cycles;

	/* Job hooks and busy counters cannot count more than the time. */
	if (sd->prof->busy != SIM_BUSY_RECORD)
		busy_ns = min(busy_ns, total_ns);
	sd->clock_ns += total_ns;
	sd->busy_sum_ns += busy_ns;
	switch (sd->prof->busy) {
	case SIM_BUSY_KTIME:
		sd->acc_busy_ns += busy_ns;
		sd->acc_idle_ns += total_ns - busy_ns;
		stat->busy_time = sd->acc_busy_ns;
		stat->total_time = sd->acc_busy_ns + sd->acc_idle_ns;
		sd->acc_busy_ns = 0;
		sd->acc_idle_ns = 0;
		break;
	case SIM_BUSY_MSM:
		stat->total_time = div_u64(sd->clock_ns - sd->msm_time_ns,
					   NSEC_PER_USEC);
		sd->msm_time_ns = sd->clock_ns;
		cycles = sim_msm_cycles(sd->busy_sum_ns);
		stat->busy_time = sim_msm_busy_us(cycles - sd->msm_cycles);
		sd->msm_cycles = cycles;
		break;
	case SIM_BUSY_SMU:
		sim_amdgpu_status(sd, stat);
		break;
	default:
		stat->busy_time = busy_ns;
		stat->total_time = total_ns;
	}
}

static struct thermal_cooling_device *sim_cooling_register(struct sim_dev *sd)
{
	switch (sd->prof->cooling) {
	case SIM_COOL_EM:
		return devfreq_cooling_em_register(sd->df, NULL);
	case SIM_COOL_OF:
		return of_devfreq_cooling_register(sd->pdev->dev.of_node, sd->df);
	default:
		return devfreq_cooling_register(sd->df);
	}
}

/**
 * sim_profile_attach() - what the driver does around devfreq_add_device()
 * @sd: device whose devfreq device was just added; ctl_lock held
 *
 * Registers the cooling device as the driver does (its failure is not
 * fatal there either); msm adds its boost request and leaves the device
 * suspended until the GPU first resumes (msm_devfreq_init()).
 *
 * Return: 0 or a negative errno.
 */
int sim_profile_attach(struct sim_dev *sd)
{
	struct device *dev = &sd->pdev->dev;
	int err;

	if (sd->prof->msm_pm) {
		err = dev_pm_qos_add_request(dev, &sd->boost_req,
					     DEV_PM_QOS_MIN_FREQUENCY, 0);
		if (err < 0)
			return err;
	}
	sd->cdev = sim_cooling_register(sd);
	if (IS_ERR(sd->cdev)) {
		dev_info(dev, "no cooling device (%ld)\n", PTR_ERR(sd->cdev));
		sd->cdev = NULL;
	}
	if (sd->prof->msm_pm && !devfreq_suspend_device(sd->df))
		sd->suspended = true;
	return 0;
}

/**
 * sim_profile_detach() - undo sim_profile_attach() before the devfreq
 * device goes
 * @sd: device; ctl_lock held
 */
void sim_profile_detach(struct sim_dev *sd)
{
	if (sd->cdev) {
		devfreq_cooling_unregister(sd->cdev);
		sd->cdev = NULL;
	}
	if (sd->prof->msm_pm && dev_pm_qos_request_active(&sd->boost_req)) {
		cancel_delayed_work_sync(&sd->boost_end);
		dev_pm_qos_remove_request(&sd->boost_req);
	}
}

/**
 * sim_msm_set_idle() - msm_devfreq_idle() or msm_devfreq_active()
 * @sd: device; ctl_lock held
 * @idle: the GPU goes idle (its last job retired) or active again
 *
 * Going idle, msm stashes the frequency in force as idle_freq
 * (msm_devfreq_idle_work()); until the GPU is active again devfreq reads
 * that frequency and a target() only replaces the stash, so a governor
 * sees no change.  Going active applies the stashed target and, after
 * an idle period longer than the polling interval, boosts: a PM QoS
 * minimum of twice the frequency in force for one polling interval
 * (msm_devfreq_active(), msm_devfreq_boost()).
 *
 * Return: 0, -EINVAL if the profile is not msm's, -ENODEV without a
 * devfreq device.
 */
int sim_msm_set_idle(struct sim_dev *sd, bool idle)
{
	unsigned int polling_ms;
	unsigned long hz;
	u64 idle_ms = 0;
	bool was_idle;

	if (!sd->prof->msm_pm)
		return -EINVAL;
	if (!sd->df)
		return -ENODEV;
	mutex_lock(&sd->df->lock);
	polling_ms = sd->df->profile->polling_ms;
	spin_lock(&sd->lock);
	if (sd->rtd.on) {
		/* the engine idles and activates the GPU in real time */
		spin_unlock(&sd->lock);
		mutex_unlock(&sd->df->lock);
		return -EBUSY;
	}
	was_idle = sd->msm_idle_hz;
	hz = sd->trace->hz[sd->cur];
	if (idle && !was_idle) {
		sd->msm_idle_hz = hz;
		sd->msm_idle_at = ktime_get_ns();
	} else if (!idle && was_idle) {
		sd->cur = sim_opp_index(sd->trace, sd->msm_idle_hz);
		hz = sd->trace->hz[sd->cur];
		sd->msm_idle_hz = 0;
		idle_ms = div_u64(ktime_get_ns() - sd->msm_idle_at,
				  NSEC_PER_MSEC);
	}
	spin_unlock(&sd->lock);
	mutex_unlock(&sd->df->lock);

	if (!idle && was_idle && idle_ms > polling_ms) {
		dev_pm_qos_update_request(&sd->boost_req,
					  min_t(u64, div_u64((u64)hz * 2, 1000),
						S32_MAX));
		mod_delayed_work(system_wq, &sd->boost_end,
				 msecs_to_jiffies(polling_ms));
	}
	return 0;
}
