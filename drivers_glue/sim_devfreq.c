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

static u32 sim_opp_index(const struct sim_trace *t, unsigned long hz)
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
	unsigned long hz;

	opp = devfreq_recommended_opp(dev, freq, flags);
	if (IS_ERR(opp))
		return PTR_ERR(opp);
	hz = dev_pm_opp_get_freq(opp);
	dev_pm_opp_put(opp);

	spin_lock(&sd->lock);
	sd->cur = sim_opp_index(sd->trace, hz);
	*freq = sd->trace->hz[sd->cur];
	spin_unlock(&sd->lock);
	return 0;
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
	return r;
}

static int sim_get_dev_status(struct device *dev,
			      struct devfreq_dev_status *stat)
{
	struct sim_dev *sd = sim_from_dev(dev);
	const u64 *r;

	spin_lock(&sd->lock);
	sd->polls++;
	r = sim_consume(sd);
	sd->last = r;
	if (r) {
		stat->busy_time = r[GPUGOV_SB_BUSY_NS];
		stat->total_time = r[GPUGOV_SB_INTERVAL_NS];
	} else {
		/* Nothing to run: an idle poll period. */
		stat->busy_time = 0;
		stat->total_time = (unsigned long)max(sd->profile.polling_ms, 1U) *
				   NSEC_PER_MSEC;
	}
	stat->current_frequency = sd->trace->hz[sd->cur];
	spin_unlock(&sd->lock);
	return 0;
}

static int sim_get_cur_freq(struct device *dev, unsigned long *freq)
{
	struct sim_dev *sd = sim_from_dev(dev);

	spin_lock(&sd->lock);
	*freq = sd->trace->hz[sd->cur];
	spin_unlock(&sd->lock);
	return 0;
}

/* Counter source: the record the last get_dev_status() consumed. */
static int sim_source_read(struct gpugov_source *src, struct gpugov_sample *s)
{
	struct sim_dev *sd = container_of(src, struct sim_dev, src);
	const struct sim_trace *t;
	const u64 *r;

	spin_lock(&sd->lock);
	t = sd->trace;
	r = sd->last;
	if (!r) {
		spin_unlock(&sd->lock);
		return -ENODATA;
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
	spin_unlock(&sd->lock);
	kvfree(log);

	/* The devfreq core accepts either order; real drivers use both. */
	for (i = 0; i < t->nr_opps; i++)
		sd->freq_table[i] = t->hz[sim_descending ? t->nr_opps - 1 - i : i];
	sd->profile.initial_freq = t->hz[t->nr_opps - 1];
	sd->profile.freq_table = sd->freq_table;
	sd->profile.max_state = t->nr_opps;
	df = devfreq_add_device(dev, &sd->profile, gov, NULL);
	if (IS_ERR(df)) {
		dev_pm_opp_remove_all_dynamic(dev);
		spin_lock(&sd->lock);
		sd->trace = NULL;
		spin_unlock(&sd->lock);
		return PTR_ERR(df);
	}
	sd->df = df;
	return 0;
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
 * @sd: device
 * @run: start or stop
 *
 * Starting clears the statistics and the OPP log; the OPP in force at
 * that moment is the one the first segment runs at.
 */
void sim_set_running(struct sim_dev *sd, bool run)
{
	spin_lock(&sd->lock);
	if (run) {
		sd->pos = 0;
		sd->polls = 0;
		sd->consumed = 0;
		sd->time_ns = 0;
		sd->energy_pj = 0;
		sd->log_len = 0;
	}
	sd->last = NULL;
	sd->running = run && sd->trace && sd->trace->nr_segs;
	spin_unlock(&sd->lock);
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
	int err;

	if (on == sd->source_on)
		return 0;
	if (!on) {
		unreg = symbol_get(gpugov_unregister_source);
		if (!WARN_ON_ONCE(!unreg)) {
			unreg(&sd->src);
			symbol_put(gpugov_unregister_source);
		}
		symbol_put(gpugov_register_source);
		sd->source_on = false;
		return 0;
	}
	reg = symbol_get(gpugov_register_source);
	if (!reg)
		return -ENOENT;
	sd->src.read = sim_source_read;
	err = reg(&sd->pdev->dev, &sd->src);
	if (err) {
		symbol_put(gpugov_register_source);
		return err;
	}
	sd->source_on = true;
	return 0;
}

/**
 * sim_set_suspended() - devfreq_suspend_device()/devfreq_resume_device()
 * @sd: device; ctl_lock held
 * @suspend: suspend or resume
 *
 * Return: 0 or the devfreq core's error.
 */
int sim_set_suspended(struct sim_dev *sd, bool suspend)
{
	int err;

	if (!sd->df)
		return -ENODEV;
	if (suspend == sd->suspended)
		return 0;
	err = suspend ? devfreq_suspend_device(sd->df) :
			devfreq_resume_device(sd->df);
	if (!err)
		sd->suspended = suspend;
	return err;
}

/**
 * sim_profile_init() - callbacks of the devfreq profile
 * @sd: device
 */
void sim_profile_init(struct sim_dev *sd)
{
	sd->profile.polling_ms = sim_polling_ms;
	sd->profile.timer = DEVFREQ_TIMER_DELAYED;
	sd->profile.target = sim_target;
	sd->profile.get_dev_status = sim_get_dev_status;
	sd->profile.get_cur_freq = sim_get_cur_freq;
}
