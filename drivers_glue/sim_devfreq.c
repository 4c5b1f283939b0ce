// SPDX-License-Identifier: GPL-2.0
/*
 * sim_devfreq.c - the simulated GPU as a devfreq device and as a gpugov
 * counter source.
 */
#include <linux/devfreq.h>
#include <linux/err.h>
#include <linux/module.h>
#include <linux/pm_opp.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "gpugov_devfreq_gov.h"
#include "sim.h"

static struct sim_dev *sim_from_dev(struct device *dev)
{
	return platform_get_drvdata(to_platform_device(dev));
}

/**
 * sim_opp_index() - index of the lowest OPP of @t at or above @hz (the top
 *	one if none is)
 * @t: trace
 * @hz: frequency
 */
u32 sim_opp_index(const struct sim_trace *t, unsigned long hz)
{
	u32 i;

	for (i = 0; i + 1 < t->nr_opps; i++)
		if (t->hz[i] >= hz)
			break;
	return i;
}

static int sim_target(struct device *dev, unsigned long *freq, u32 flags)
{
	struct sim_dev *sd = sim_from_dev(dev);
	struct dev_pm_opp *opp;
	struct devfreq *df = READ_ONCE(sd->df);
	unsigned long hz, min_hz = 0, max_hz;

	opp = devfreq_recommended_opp(dev, freq, flags);
	if (IS_ERR(opp))
		return PTR_ERR(opp);
	hz = dev_pm_opp_get_freq(opp);
	dev_pm_opp_put(opp);
	/*
	 * amdgpu's soft minimum: the lowest level devfreq allows (target()
	 * runs under devfreq->lock; from devfreq_add_device(), before sd->df
	 * is set, no request can have been made yet: the lowest level)
	 */
	if (sd->prof->smu && df)
		devfreq_get_freq_range(df, &min_hz, &max_hz);

	spin_lock(&sd->lock);
	if (sd->prof->smu) {
		sim_amdgpu_target(sd, sim_opp_index(sd->trace, min_hz),
				  sim_opp_index(sd->trace, hz));
		*freq = hz;
		if (sd->rtd.on)
			sim_rtdev_target(sd);
	} else if (sd->msm_idle_hz) {
		/* msm_devfreq_target() while idle: only the stash changes. */
		sd->msm_idle_hz = hz;
		*freq = hz;
	} else {
		sd->cur = sim_opp_index(sd->trace, hz);
		*freq = sd->trace->hz[sd->cur];
		if (sd->rtd.on)
			sim_rtdev_target(sd);
	}
	spin_unlock(&sd->lock);
	return 0;
}

/* The frequency devfreq is told is in force; caller holds sd->lock. */
static unsigned long sim_cur_hz(const struct sim_dev *sd)
{
	return sd->msm_idle_hz ? sd->msm_idle_hz : sd->trace->hz[sd->cur];
}

/* Consume the next segment at the current OPP; caller holds sd->lock. */
static const u64 *sim_consume(struct sim_dev *sd)
{
	const struct sim_trace *t = sd->trace;
	const u64 *r;

	if (!sd->running || !t->nr_segs)
		return NULL;
	if (sd->pos >= t->nr_segs) {
		if (!sd->loop) {
			sd->running = false;
			return NULL;
		}
		sd->pos = 0;
	}
	r = sim_trace_rec(t, sd->pos, sd->cur);
	sd->pos++;
	if (sd->log_len < sd->log_cap)
		sd->log[sd->log_len++] = sd->cur;
	sd->consumed++;
	sd->time_ns += r[GPUGOV_SB_BUSY_NS];
	sd->energy_pj += r[GPUGOV_SB_ENERGY_PJ];
	sim_meter_add(sd, r[GPUGOV_SB_ENERGY_PJ]);
	sim_mali_count(&sd->mali_ctr, r);
	return r;
}

static int sim_get_dev_status(struct device *dev,
			      struct devfreq_dev_status *stat)
{
	struct sim_dev *sd = sim_from_dev(dev);
	const u64 *r;
	int err = 0;

	spin_lock(&sd->lock);
	sd->polls++;
	if (sd->rtd.on) {
		sd->last = NULL;
		err = sim_rtdev_status(sd, stat);
		stat->current_frequency = sim_cur_hz(sd);
		spin_unlock(&sd->lock);
		return err;
	}
	r = sim_consume(sd);
	sd->last = r;
	if (r)
		sim_profile_status(sd, r[GPUGOV_SB_BUSY_NS],
				   r[GPUGOV_SB_INTERVAL_NS], stat);
	else	/* Nothing to run: an idle poll period. */
		sim_profile_status(sd, 0, (u64)max(sd->profile.polling_ms, 1U) *
				   NSEC_PER_MSEC, stat);
	stat->current_frequency = sim_cur_hz(sd);
	spin_unlock(&sd->lock);
	return 0;
}

static int sim_get_cur_freq(struct device *dev, unsigned long *freq)
{
	struct sim_dev *sd = sim_from_dev(dev);

	spin_lock(&sd->lock);
	*freq = sim_cur_hz(sd);
	spin_unlock(&sd->lock);
	return 0;
}

/*
 * Mali counter mode: the simulated time and clock (what gpugov would
 * measure itself on hardware, where wall time is the GPU's time) and the
 * counters' growth, GPUGOV_MALI_CAPS and nothing else; no sample when the
 * growth cannot be trusted (sim_model.h).  Caller holds sd->lock.
 */
static int sim_source_read_mali(struct sim_dev *sd, const u64 *r,
				struct gpugov_sample *s)
{
	s->interval_ns = r[GPUGOV_SB_INTERVAL_NS];
	s->busy_ns = r[GPUGOV_SB_BUSY_NS];
	s->core_khz = sd->trace->opp[sd->cur].core_khz;
	s->mem_khz = 0;
	s->caps = 0;
	s->nr_waves = 0;
	if (!sim_mali_read(&sd->mali_ctr, s, sd->trace->caps))
		return -ERANGE;
	return sd->source_fail ? -EIO : 0;
}

/* Counter source: the record the last get_dev_status() consumed. */
static int sim_source_read(struct gpugov_source *src, struct gpugov_sample *s)
{
	struct sim_dev *sd = container_of(src, struct sim_dev, src);
	const struct sim_trace *t;
	const u64 *r;

	spin_lock(&sd->lock);
	if (sd->rtd.have_win) {
		int err = sim_rtdev_source_read(sd, s);

		spin_unlock(&sd->lock);
		return err;
	}
	t = sd->trace;
	r = sd->last;
	if (!r) {
		spin_unlock(&sd->lock);
		return -ENODATA;
	}
	if (sd->mali) {
		int err = sim_source_read_mali(sd, r, s);

		spin_unlock(&sd->lock);
		return err;
	}
	s->interval_ns = r[GPUGOV_SB_INTERVAL_NS];
	s->busy_ns = r[GPUGOV_SB_BUSY_NS];
	s->core_khz = t->opp[sd->cur].core_khz;
	s->mem_khz = t->opp[sd->cur].mem_khz;
	s->caps = t->caps;
	if (s->mem_khz)
		s->caps |= GPUGOV_CAP_MEM_KHZ;
	s->insts = r[GPUGOV_SB_INSTS];
	s->load_stall_cyc = r[GPUGOV_SB_LOAD_STALL_CYC];
	s->store_stall_cyc = r[GPUGOV_SB_STORE_STALL_CYC];
	s->lcp_cyc = r[GPUGOV_SB_LCP_CYC];
	s->lcp_core_cyc = r[GPUGOV_SB_LCP_CORE_CYC];
	s->lcp_wait_cyc = r[GPUGOV_SB_LCP_WAIT_CYC];
	s->l2_busy_cyc = r[GPUGOV_SB_L2_BUSY_CYC];
	s->dram_busy_cyc = r[GPUGOV_SB_DRAM_BUSY_CYC];
	s->load_out_cyc = r[GPUGOV_SB_LOAD_OUT_CYC];
	s->lead_cyc = r[GPUGOV_SB_LEAD_CYC];
	s->crit_cyc = r[GPUGOV_SB_CRIT_CYC];
	s->dram_txn = r[GPUGOV_SB_DRAM_TXN];
	s->l2_hits = r[GPUGOV_SB_L2_HITS];
	s->l2_txn = r[GPUGOV_SB_L2_TXN];
	s->gld_txn = r[GPUGOV_SB_GLD_TXN];
	s->gst_txn = r[GPUGOV_SB_GST_TXN];
	s->mem_insts = r[GPUGOV_SB_MEM_INSTS];
	s->shm_txn = r[GPUGOV_SB_SHM_TXN];
	s->warps = r[GPUGOV_SB_WARPS];
	s->occupancy_q16 = r[GPUGOV_SB_OCCUPANCY_Q16];
	s->energy_uj = r[GPUGOV_SB_ENERGY_UJ];
	s->nr_waves = 0;
	if (sd->source_fail) {
		/* The counters are in @s, but the read "failed". */
		spin_unlock(&sd->lock);
		return -EIO;
	}
	spin_unlock(&sd->lock);
	return 0;
}

static int sim_add_opps(struct device *dev, const struct sim_trace *t)
{
	u32 i;
	int err;

	for (i = 0; i < t->nr_opps; i++) {
		err = dev_pm_opp_add(dev, t->hz[i], t->opp[i].uv);
		if (err) {
			dev_pm_opp_remove_all_dynamic(dev);
			return err;
		}
	}
	return 0;
}

/**
 * sim_devfreq_attach() - create the OPPs and the devfreq device for @t
 * @sd: device without a devfreq device; ctl_lock held
 * @t: trace to replay, installed as sd->trace
 * @gov: governor to start with
 *
 * The device starts at its highest OPP, not running.
 *
 * Return: 0 or a negative errno; on error @t is not installed.
 */
int sim_devfreq_attach(struct sim_dev *sd, struct sim_trace *t,
		       const char *gov)
{
	struct device *dev = &sd->pdev->dev;
	struct devfreq *df;
	u8 *log = NULL;
	u32 i;
	int err;

	if (t->nr_segs) {
		log = kvzalloc(t->nr_segs, GFP_KERNEL);
		if (!log)
			return -ENOMEM;
	}
	err = sim_add_opps(dev, t);
	if (err) {
		kvfree(log);
		return err;
	}

	spin_lock(&sd->lock);
	sim_profile_reset(sd);
	sd->trace = t;
	sd->cur = t->nr_opps - 1;
	sd->pos = 0;
	sd->running = false;
	sd->last = NULL;
	sd->polls = 0;
	sd->consumed = 0;
	sd->time_ns = 0;
	sd->energy_pj = 0;
	swap(sd->log, log);
	sd->log_len = 0;
	sd->log_cap = t->nr_segs;
	if (sd->prof->smu)
		sim_amdgpu_reset(sd);
	spin_unlock(&sd->lock);
	kvfree(log);

	/*
	 * The devfreq core accepts either order; real drivers use both.  The
	 * drivers' profiles give no table: devfreq builds it from the OPPs.
	 */
	for (i = 0; i < t->nr_opps; i++)
		sd->freq_table[i] = t->hz[sim_descending ? t->nr_opps - 1 - i : i];
	sd->profile.initial_freq = t->hz[t->nr_opps - 1];
	sd->profile.freq_table = sd->prof->own_table ? sd->freq_table : NULL;
	sd->profile.max_state = sd->prof->own_table ? t->nr_opps : 0;
	df = devfreq_add_device(dev, &sd->profile, gov,
				sd->prof->upthreshold ? &sd->gov_data : NULL);
	if (IS_ERR(df)) {
		err = PTR_ERR(df);
		goto err_opps;
	}
	sd->df = df;
	err = sim_profile_attach(sd);
	if (err) {
		devfreq_remove_device(df);
		sd->df = NULL;
		goto err_opps;
	}
	return 0;

err_opps:
	dev_pm_opp_remove_all_dynamic(dev);
	spin_lock(&sd->lock);
	sd->trace = NULL;
	spin_unlock(&sd->lock);
	return err;
}

/**
 * sim_devfreq_detach() - remove the devfreq device and the OPPs
 * @sd: device; ctl_lock held
 *
 * sd->trace stays installed (callbacks can no longer run) for the caller
 * to free or replace.
 */
void sim_devfreq_detach(struct sim_dev *sd)
{
	if (!sd->df)
		return;
	/* msm's boost in real time needs the devfreq device: no more of it */
	spin_lock(&sd->lock);
	sim_rtdev_stop(sd);
	spin_unlock(&sd->lock);
	cancel_work_sync(&sd->rtd.oob_work);
	sim_profile_detach(sd);
	if (sd->suspended) {
		devfreq_resume_device(sd->df);
		sd->suspended = false;
	}
	devfreq_remove_device(sd->df);
	sd->df = NULL;
	dev_pm_opp_remove_all_dynamic(&sd->pdev->dev);
}

/**
 * sim_install_trace() - replace the trace, re-creating the devfreq device
 * @sd: device; ctl_lock held
 * @t: new trace, owned by @sd on success
 *
 * The devfreq device comes back with the governor and polling interval
 * it had; governor tunables start from their defaults again.
 *
 * Return: 0 or a negative errno (the device then runs the default trace).
 */
int sim_install_trace(struct sim_dev *sd, struct sim_trace *t)
{
	char gov[DEVFREQ_NAME_LEN];
	struct sim_trace *old;
	int err;

	strscpy(gov, sim_governor, sizeof(gov));
	if (sd->df) {
		mutex_lock(&sd->df->lock);
		if (sd->df->governor)
			strscpy(gov, sd->df->governor->name, sizeof(gov));
		mutex_unlock(&sd->df->lock);
	}
	sim_devfreq_detach(sd);
	old = sd->trace;

	err = sim_devfreq_attach(sd, t, gov);
	if (!err) {
		sim_trace_free(old);
		return 0;
	}
	/* Put the previous trace back so the device stays usable. */
	if (old && !sim_devfreq_attach(sd, old, gov))
		return err;
	sim_trace_free(old);
	return err;
}

/**
 * sim_set_running() - start (from the first segment) or stop the replay
 * @sd: device; ctl_lock held
 * @run: start or stop
 *
 * Starting clears the statistics and the OPP log; the OPP in force at
 * that moment is the one the first segment runs at.  In real-time mode
 * (sd->rtd.hz) a start runs the frames from simulated time 0
 * (sim_rtdev_start()).
 *
 * Return: 0, or sim_rtdev_start()'s error (the device then stands still).
 */
int sim_set_running(struct sim_dev *sd, bool run)
{
	bool rt;

	spin_lock(&sd->lock);
	rt = sd->rtd.hz && sd->trace && sd->trace->nr_segs && sd->df;
	if (run) {
		sd->pos = 0;
		sd->polls = 0;
		sd->consumed = 0;
		sd->time_ns = 0;
		sd->energy_pj = 0;
		sd->log_len = 0;
	}
	sd->last = NULL;
	sim_rtdev_stop(sd);
	sd->running = run && !rt && sd->trace && sd->trace->nr_segs;
	spin_unlock(&sd->lock);
	return run && rt ? sim_rtdev_start(sd) : 0;
}

/**
 * sim_set_source() - register or unregister the counter source
 * @sd: device; ctl_lock held
 * @on: register (gpugov sees counters) or not ("stock" device)
 *
 * gpugov's API is looked up at run time (symbol_get()), so this module
 * loads and runs stock without gpugov, and holds a reference on gpugov
 * only while a source is registered.
 *
 * Return: 0, -ENOENT if gpugov is not loaded, or the registration error.
 */
int sim_set_source(struct sim_dev *sd, bool on)
{
	int (*reg)(struct device *dev, struct gpugov_source *src);
	void (*unreg)(struct gpugov_source *src);
	void (*fired)(struct gpugov_source *src);
	void (*set_deadline)(struct gpugov_source *src, ktime_t deadline,
			     u64 now_ns);
	int err;

	if (on == sd->source_on)
		return 0;
	if (!on) {
		/* no gpugov timer nor deadline through the source from here */
		spin_lock(&sd->lock);
		sd->rtd.fired = NULL;
		sd->rtd.set_deadline = NULL;
		sd->rtd.gov_ns = SIM_RT_NEVER;
		sd->rtd.tick_due = false;
		spin_unlock(&sd->lock);
		flush_work(&sd->rtd.oob_work);
		unreg = symbol_get(gpugov_unregister_source);
		if (!WARN_ON_ONCE(!unreg)) {
			unreg(&sd->src);
			symbol_put(gpugov_unregister_source);
		}
		symbol_put(gpugov_source_timer_fired);
		symbol_put(gpugov_source_set_deadline_at);
		symbol_put(gpugov_register_source);
		sd->source_on = false;
		return 0;
	}
	reg = symbol_get(gpugov_register_source);
	if (!reg)
		return -ENOENT;
	/* gpugov exports all three: it is loaded, they resolve */
	fired = symbol_get(gpugov_source_timer_fired);
	set_deadline = symbol_get(gpugov_source_set_deadline_at);
	sd->src.read = sim_source_read;
	sd->src.clock = sim_rtdev_clock;
	sd->src.arm_timer = sim_rtdev_arm_timer;
	/* Mali counters: a new reader counts from the values now. */
	spin_lock(&sd->lock);
	sim_mali_rebase(&sd->mali_ctr);
	spin_unlock(&sd->lock);
	err = reg(&sd->pdev->dev, &sd->src);
	if (err) {
		symbol_put(gpugov_source_timer_fired);
		symbol_put(gpugov_source_set_deadline_at);
		symbol_put(gpugov_register_source);
		return err;
	}
	spin_lock(&sd->lock);
	sd->rtd.fired = fired;
	sd->rtd.set_deadline = set_deadline;
	spin_unlock(&sd->lock);
	sd->source_on = true;
	return 0;
}

/**
 * sim_fence_in() - a fence deadline by hand, as a driver's .set_deadline
 *	hands one on
 * @sd: device
 * @in_ns: the deadline, ns from now (negative: in the past), within
 *	SIM_FENCE_MAX_NS either way
 *
 * "Now" is the device's clock as gpugov reads it: the simulated time
 * while the device keeps one (a real-time configuration), else
 * CLOCK_MONOTONIC.
 *
 * Return: 0, -EINVAL out of range, -ENODEV without a registered source.
 */
int sim_fence_in(struct sim_dev *sd, s64 in_ns)
{
	u64 now;
	int err = -ENODEV;

	if (in_ns < -SIM_FENCE_MAX_NS || in_ns > SIM_FENCE_MAX_NS)
		return -EINVAL;
	spin_lock(&sd->lock);
	now = sd->rtd.hz ? sd->rtd.rt.now : ktime_get_ns();
	if (sd->rtd.set_deadline) {
		sd->rtd.set_deadline(&sd->src, ns_to_ktime((s64)now + in_ns), now);
		err = 0;
	}
	spin_unlock(&sd->lock);
	return err;
}

/**
 * sim_set_suspended() - the driver's runtime suspend and resume hooks
 * @sd: device; ctl_lock held
 * @suspend: suspend or resume
 *
 * As the drivers do: suspend is devfreq_suspend_device(), after which the
 * GPU powers down (its Mali counters clear; msm also cancels its boost
 * work, leaving the boost request as it is); resume resets the busy
 * accounting (sim_profile_resumed()), then devfreq_resume_device().
 * With suspend_fail set, the suspend fails first (-EBUSY), as a driver's
 * suspend that fails before its devfreq stand-down, and changes nothing.
 *
 * Return: 0, -EBUSY or the devfreq core's error.
 */
int sim_set_suspended(struct sim_dev *sd, bool suspend)
{
	int err;

	if (!sd->df)
		return -ENODEV;
	if (suspend == sd->suspended)
		return 0;
	if (suspend && sd->suspend_fail) {
		sd->suspend_fail = false;
		return -EBUSY;
	}
	if (suspend) {
		sim_rtdev_pause(sd, true);
		if (sd->prof->smu)
			sim_amdgpu_suspend(sd, true);
		err = devfreq_suspend_device(sd->df);
		if (err) {
			if (sd->prof->smu)
				sim_amdgpu_suspend(sd, false);
			sim_rtdev_pause(sd, false);
			return err;
		}
		if (sd->prof->msm_pm)
			cancel_delayed_work_sync(&sd->boost_end);
		spin_lock(&sd->lock);
		sim_mali_power_down(&sd->mali_ctr);
		spin_unlock(&sd->lock);
	} else {
		spin_lock(&sd->lock);
		sim_profile_resumed(sd);
		spin_unlock(&sd->lock);
		err = devfreq_resume_device(sd->df);
		if (err)
			return err;
		if (sd->prof->smu)
			sim_amdgpu_suspend(sd, false);
		sim_rtdev_pause(sd, false);
	}
	sd->suspended = suspend;
	return 0;
}

/**
 * sim_profile_init() - callbacks of the devfreq profile
 * @sd: device
 */
void sim_profile_init(struct sim_dev *sd)
{
	sd->profile.polling_ms = sd->prof->polling_ms ? sd->prof->polling_ms :
				 sim_polling_ms;
	sd->profile.timer = DEVFREQ_TIMER_DELAYED;
	sd->profile.target = sim_target;
	sd->profile.get_dev_status = sim_get_dev_status;
	sd->profile.get_cur_freq = sd->prof->get_cur_freq ? sim_get_cur_freq :
				   NULL;
}
