// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_debugfs.c - /sys/kernel/debug/gpugov/<dev>/: what the governor
 * saw and decided at its last poll.
 *
 * Files (all "key value" lines unless noted):
 *   sample    the last interval's sample
 *   decision  OPP in force, best and chosen OPP, reason, configured model
 *             and model used after fallback, whether its times were
 *             upper bounds, objective, the deadline objective's time
 *             limit and the spread of the work it has learned, the
 *             OPPs the devfreq core's bounds allowed at the poll (the
 *             policy chose among those only), and in real time: how
 *             gpugov reacts between polls, the deadline source in use
 *             (none, learned, fence, hint), the frame period, the
 *             period learned from the cadence, the next frame boundary,
 *             the deadline of the frame in flight and the last fence
 *             deadline its counter source handed over (fence_ns, 0 for
 *             none yet; ns, gpugov's clock: ktime_get_ns(), or the
 *             counter source's own)
 *   opps      table, one line per OPP: index khz uv power_uw time_ps
 *             energy_pj metric_q16 miss_q16 deadline_ps (header line
 *             first)
 *   stats     decision count, fallbacks, source samples, errors, decision
 *             latency min/avg/max in ns, ticks of gpugov's own timer and
 *             checks inside a frame that raised the clock
 *   pcstall   PCSTALL table geometry and hit statistics, then one line
 *             "entry index tag value" per occupied entry
 * Every reader takes devfreq->lock; the directory is removed (waiting for
 * readers) before the state is freed.
 */
#include <linux/debugfs.h>
#include <linux/math64.h>
#include <linux/seq_file.h>

#include "gpugov.h"

static struct dentry *gpugov_debugfs_root;

static int gpugov_sample_show(struct seq_file *m, void *unused)
{
	struct gpugov_dev *g = m->private;
	const struct gpugov_sample *s = &g->sample;

	mutex_lock(&g->df->lock);
	seq_printf(m, "valid %d\n", g->have_dec);
	seq_printf(m, "interval_ns %llu\nbusy_ns %llu\n", s->interval_ns,
		   s->busy_ns);
	seq_printf(m, "core_khz %u\nmem_khz %u\ncaps 0x%x\n", s->core_khz,
		   s->mem_khz, s->caps);
	seq_printf(m, "insts %llu\nload_stall_cyc %llu\nstore_stall_cyc %llu\n",
		   s->insts, s->load_stall_cyc, s->store_stall_cyc);
	seq_printf(m, "lcp_cyc %llu\nload_out_cyc %llu\nlead_cyc %llu\n",
		   s->lcp_cyc, s->load_out_cyc, s->lead_cyc);
	seq_printf(m, "crit_cyc %llu\ndram_txn %llu\nl2_hits %llu\n",
		   s->crit_cyc, s->dram_txn, s->l2_hits);
	seq_printf(m, "l2_txn %llu\ngld_txn %llu\ngst_txn %llu\n",
		   s->l2_txn, s->gld_txn, s->gst_txn);
	seq_printf(m, "mem_insts %llu\nshm_txn %llu\nwarps %llu\n",
		   s->mem_insts, s->shm_txn, s->warps);
	seq_printf(m, "occupancy_q16 %llu\nenergy_uj %llu\nlcp_core_cyc %llu\n",
		   s->occupancy_q16, s->energy_uj, s->lcp_core_cyc);
	seq_printf(m, "lcp_wait_cyc %llu\nl2_busy_cyc %llu\ndram_busy_cyc %llu\n",
		   s->lcp_wait_cyc, s->l2_busy_cyc, s->dram_busy_cyc);
	seq_printf(m, "nr_waves %u\n", s->nr_waves);
	mutex_unlock(&g->df->lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(gpugov_sample);

static int gpugov_decision_show(struct seq_file *m, void *unused)
{
	struct gpugov_dev *g = m->private;
	const struct gpugov_decision *d = &g->dec;
	const struct gpugov_opp_table *t = &g->table;

	mutex_lock(&g->df->lock);
	seq_printf(m, "valid %d\n", g->have_dec);
	seq_printf(m, "cur %u\ncur_khz %u\n", d->cur,
		   t->opp[min(d->cur, t->nr - 1)].core_khz);
	seq_printf(m, "best %u\nchosen %u\nchosen_khz %u\n", d->best,
		   d->chosen, t->opp[min(d->chosen, t->nr - 1)].core_khz);
	seq_printf(m, "reason %s\n", gpugov_reason_name(d->reason));
	seq_printf(m, "predictor %s\npredictor_used %s\nfallback %d\n",
		   gpugov_pred_name(g->predictor), gpugov_pred_name(g->used),
		   g->have_dec && g->used != g->predictor);
	seq_printf(m, "bounded %d\n", d->bounded);
	seq_printf(m, "objective %s\n",
		   gpugov_objective_name(g->params.objective));
	seq_printf(m, "limit_ps %llu\n", d->limit_ps);
	seq_printf(m, "spread_q16 %u\n", g->policy.deadline.spread_q16);
	seq_printf(m, "allowed_lo %u\nallowed_lo_khz %u\n", d->lo,
		   t->opp[min(d->lo, t->nr - 1)].core_khz);
	seq_printf(m, "allowed_hi %u\nallowed_hi_khz %u\n", d->hi,
		   t->opp[min(d->hi, t->nr - 1)].core_khz);
	seq_printf(m, "react %s\ndeadline_source %s\nframe_period_ns %llu\n",
		   gpugov_react_name(g->params.react),
		   gpugov_dl_src_name(g->frame.src), g->frame.period_ns);
	seq_printf(m, "learned_period_ns %llu\nnext_vsync_ns %llu\ndeadline_ns %llu\n",
		   g->frame.cad.period_ns, g->frame.next_vsync_ns,
		   g->frame.deadline_ns);
	seq_printf(m, "fence_ns %llu\n", g->frame.fence_ns);
	mutex_unlock(&g->df->lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(gpugov_decision);

/*
 * The time a `deadline` decision judged OPP @i by: the prediction, back to
 * back at least the slowdown predicted for the interval before
 * (gpugov_deadline_time_ps()); the prediction for any other decision.
 */
static u64 gpugov_deadline_judged_ps(const struct gpugov_dev *g, u32 i)
{
	const struct gpugov_decision *d = &g->dec;

	if (!g->have_dec || !d->limit_ps || i > d->hi)
		return d->time_ps[i];
	return gpugov_deadline_time_ps(&g->policy.deadline, d, i);
}

static int gpugov_opps_show(struct seq_file *m, void *unused)
{
	struct gpugov_dev *g = m->private;
	const struct gpugov_decision *d = &g->dec;
	u32 i;

	mutex_lock(&g->df->lock);
	seq_puts(m, "index khz uv power_uw time_ps energy_pj metric_q16 miss_q16 deadline_ps\n");
	for (i = 0; i < g->table.nr; i++) {
		const struct gpugov_opp *o = &g->table.opp[i];

		seq_printf(m, "%u %u %u %u %llu %llu %llu %u %llu\n", i,
			   o->core_khz, o->uv, o->power_uw, d->time_ps[i],
			   d->energy_pj[i], d->metric_q16[i],
			   g->policy.deadline.miss_q16[i],
			   gpugov_deadline_judged_ps(g, i));
	}
	mutex_unlock(&g->df->lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(gpugov_opps);

static int gpugov_stats_show(struct seq_file *m, void *unused)
{
	struct gpugov_dev *g = m->private;
	struct gpugov_stats st;
	u64 ticks, raises;

	mutex_lock(&g->df->lock);
	st = g->stats;
	ticks = g->tick->ticks;
	raises = g->frame.raises;
	mutex_unlock(&g->df->lock);
	seq_printf(m, "ticks %llu\nraises %llu\n", ticks, raises);
	seq_printf(m, "decisions %llu\nfallbacks %llu\n", st.decisions,
		   st.fallbacks);
	seq_printf(m, "source_samples %llu\nerrors %llu\n", st.source_samples,
		   st.errors);
	seq_printf(m, "latency_min_ns %llu\nlatency_avg_ns %llu\nlatency_max_ns %llu\n",
		   st.decisions ? st.lat_min_ns : 0,
		   st.decisions ? div64_u64(st.lat_sum_ns, st.decisions) : 0,
		   st.lat_max_ns);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(gpugov_stats);

static int gpugov_pcstall_show(struct seq_file *m, void *unused)
{
	struct gpugov_dev *g = m->private;
	const struct gpugov_pcstall_state *ps = &g->pred.pcstall;
	struct gpugov_pcstall_stats st;
	u32 i, tag;
	u64 val;

	mutex_lock(&g->df->lock);
	gpugov_pcstall_get_stats(ps, &st);
	seq_printf(m, "entries %u\nshift %u\nage_half %u\noccupancy %u\n",
		   st.entries, st.shift, st.age_half, st.occupancy);
	seq_printf(m, "hits %llu\nmisses %llu\nhit_permille %u\n", st.hits,
		   st.misses, st.hit_permille);
	seq_printf(m, "updates %llu\nepochs %llu\nlast_sigma_q30 %llu\n",
		   st.updates, st.epochs, st.last_sigma_q30);
	for (i = 0; i < st.entries; i++)
		if (gpugov_pcstall_entry(ps, i, &tag, &val))
			seq_printf(m, "entry %u %u %llu\n", i, tag, val);
	mutex_unlock(&g->df->lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(gpugov_pcstall);

/* The GRAPE controller of objective `target`: goal, estimate, signal. */
static int gpugov_target_show(struct seq_file *m, void *unused)
{
	struct gpugov_dev *g = m->private;
	struct gpugov_grape_status st;
	bool ready;

	mutex_lock(&g->df->lock);
	ready = g->policy.grape_ready;
	gpugov_grape_get_status(&g->policy.grape, &st);
	mutex_unlock(&g->df->lock);
	seq_printf(m, "active %u\n", ready);
	seq_printf(m, "user_goal_rate %llu\ngoal_rate %llu\nmeasured_rate %llu\n",
		   st.user_goal_rate, st.goal_rate, st.measured_rate);
	seq_printf(m, "base_rate %llu\navg_rate %llu\nspeedup_q16 %llu\n",
		   st.base_rate, st.avg_rate, st.speedup_q16);
	seq_printf(m, "gain_q24 %llu\nvariance_q24 %llu\nsteps %llu\nchosen %u\n",
		   st.gain_q24, st.variance_q24, st.steps, st.chosen);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(gpugov_target);

/**
 * gpugov_debugfs_init() - create /sys/kernel/debug/gpugov
 */
void gpugov_debugfs_init(void)
{
	gpugov_debugfs_root = debugfs_create_dir(GPUGOV_NAME, NULL);
}

/**
 * gpugov_debugfs_exit() - remove it (every device directory is gone)
 */
void gpugov_debugfs_exit(void)
{
	debugfs_remove(gpugov_debugfs_root);
	gpugov_debugfs_root = NULL;
}

/**
 * gpugov_debugfs_add() - create the directory of a starting device
 * @g: its state
 *
 * debugfs is best effort: failures leave g->debugfs an error pointer,
 * which debugfs_remove() ignores.
 */
void gpugov_debugfs_add(struct gpugov_dev *g)
{
	struct dentry *dir;

	dir = debugfs_create_dir(dev_name(&g->df->dev), gpugov_debugfs_root);
	g->debugfs = dir;
	debugfs_create_file("sample", 0444, dir, g, &gpugov_sample_fops);
	debugfs_create_file("decision", 0444, dir, g, &gpugov_decision_fops);
	debugfs_create_file("opps", 0444, dir, g, &gpugov_opps_fops);
	debugfs_create_file("stats", 0444, dir, g, &gpugov_stats_fops);
	debugfs_create_file("pcstall", 0444, dir, g, &gpugov_pcstall_fops);
	debugfs_create_file("target", 0444, dir, g, &gpugov_target_fops);
}

/**
 * gpugov_debugfs_remove() - remove it; waits for running readers
 * @g: state of a stopping device
 */
void gpugov_debugfs_remove(struct gpugov_dev *g)
{
	debugfs_remove(g->debugfs);
	g->debugfs = NULL;
}
