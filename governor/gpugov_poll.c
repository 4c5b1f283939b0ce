// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_poll.c - one governor tick: sample, then decide, check a frame in
 * flight, or keep the OPP (predictors/gpugov_frame.c).
 *
 * Runs as the devfreq get_target_freq() callback, with devfreq->lock
 * held, from the devfreq monitor work, gpugov's own timer (gpugov_tick.c)
 * or a QoS/OPP change.  Nothing
 * here sleeps or allocates: all scratch space is in struct gpugov_dev.
 * The policy chooses among the OPPs the device allows at this poll, so
 * the devfreq core's clamp afterwards never changes gpugov's choice.
 */
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/time64.h>

#include "gpugov.h"
#include "gpugov_trace.h"

/*
 * The sample every device can give: the devfreq busy/total ratio applied
 * to the interval measured on gpugov's clock (gpugov_tick_now(); drivers
 * count busy/total in ns, us or 256 ns units, so only their ratio is
 * trusted).
 */
static void gpugov_sample_from_status(struct gpugov_dev *g, u64 now,
				      struct gpugov_sample *s)
{
	struct devfreq *df = g->df;
	const struct devfreq_dev_status *st = &df->last_status;
	unsigned long busy = st->busy_time, total = st->total_time;
	unsigned long cur = st->current_frequency;
	u64 interval;

	/* nr_waves = 0: the per-wave records are not looked at. */
	memset(s, 0, offsetof(struct gpugov_sample, waves));
	if (g->last_ns && now > g->last_ns)
		interval = now - g->last_ns;
	else
		interval = (u64)df->profile->polling_ms * NSEC_PER_MSEC;
	s->interval_ns = interval;
	if (total)
		s->busy_ns = mul_u64_u64_div_u64(interval, min(busy, total),
						 total);
	if (!cur)
		cur = df->previous_freq;
	s->core_khz = min_t(unsigned long, cur / 1000, U32_MAX);
}

/*
 * Let the device's counter source, if any, complete @s, and take the frame
 * deadline it keeps at gpugov's time @now.  The source works
 * on a copy (g->scratch), which replaces @s only if it returns success: a
 * source that fills part of the sample and then fails leaves @s the
 * busy/total sample it was (docs/governor.md, "Counter sources").
 */
static bool gpugov_sample_from_source(struct gpugov_dev *g, u64 now,
				      struct gpugov_sample *s)
{
	struct gpugov_sample *tmp = &g->scratch;
	size_t head = offsetof(struct gpugov_sample, waves);
	u64 deadline = 0;
	int err;
	u32 nr;

	memcpy(tmp, s, head);
	err = gpugov_source_read(g->df->dev.parent, tmp, now, &deadline);
	if (deadline)
		gpugov_frame_fence(&g->frame, deadline);
	if (err)
		return false;
	/* Only the valid records; the models read no more either. */
	nr = min_t(u32, tmp->nr_waves, GPUGOV_MAX_WAVES);
	memcpy(s, tmp, head);
	memcpy(s->waves, tmp->waves, nr * sizeof(tmp->waves[0]));
	return true;
}

static void gpugov_account(struct gpugov_dev *g, u64 latency_ns)
{
	struct gpugov_stats *st = &g->stats;

	st->decisions++;
	if (g->used != g->predictor)
		st->fallbacks++;
	st->lat_min_ns = min(st->lat_min_ns, latency_ns);
	st->lat_max_ns = max(st->lat_max_ns, latency_ns);
	if (st->lat_sum_ns > U64_MAX - latency_ns)
		st->lat_sum_ns = U64_MAX;
	else
		st->lat_sum_ns += latency_ns;
}

/**
 * gpugov_get_target_freq() - devfreq get_target_freq callback
 * @df: the device, df->lock held
 * @freq: out, the frequency to run at next, an exact devfreq table entry
 *
 * Return: 0, or the driver's get_dev_status() error.
 */
int gpugov_get_target_freq(struct devfreq *df, unsigned long *freq)
{
	struct gpugov_dev *g = df->governor_data;
	struct gpugov_sample *s;
	struct gpugov_decision *d;
	struct gpugov_opp_range allowed;
	struct gpugov_frame_ctx ctx;
	struct gpugov_frame_tick tick;
	enum gpugov_frame_act act;
	u64 t0, now, clk;
	bool from_source;
	u32 chosen;
	int err;

	lockdep_assert_held(&df->lock);
	if (!g) {
		/* Between STOP and the next governor's START: stay put. */
		*freq = df->previous_freq;
		return 0;
	}

	err = devfreq_update_stats(df);
	if (err) {
		g->stats.errors++;
		return err;
	}

	s = &g->sample;
	d = &g->dec;
	t0 = ktime_get_ns();	/* the decision's cost, on the CPU's clock */
	clk = gpugov_tick_now(g);
	gpugov_sample_from_status(g, clk, s);
	g->last_ns = clk;
	from_source = gpugov_sample_from_source(g, clk, s);
	if (from_source)
		g->stats.source_samples++;
	trace_gpugov_sample(dev_name(&df->dev), s, from_source);

	gpugov_opp_allowed(g, &allowed);
	ctx = (struct gpugov_frame_ctx){
		.p = &g->params, .st = &g->pred, .ps = &g->policy,
		.wanted = g->predictor, .t = &g->table, .r = &allowed,
	};
	tick = (struct gpugov_frame_tick){
		.w = s, .now_ns = clk,
		.poll_ns = (u64)df->profile->polling_ms * NSEC_PER_MSEC,
	};
	act = gpugov_frame_step(&g->frame, &ctx, &tick, d, &g->used);
	gpugov_tick_arm(g, clk);
	chosen = clamp(g->frame.opp, allowed.lo, allowed.hi);
	*freq = g->opp_hz[min(chosen, g->table.nr - 1)];
	if (act != GPUGOV_FRAME_DECIDED)
		return 0;	/* a sample or a check, not the objective's decision */
	g->have_dec = true;

	now = ktime_get_ns();
	gpugov_account(g, now - t0);
	trace_gpugov_decision(dev_name(&df->dev), g, now - t0);
	return 0;
}
