// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_predict.c - predictor registry, capability fallback, and the
 * helpers every model shares.
 */
#include "gpugov_predict.h"
#include "gpugov_fixed.h"

static const struct gpugov_predictor *const predictors[GPUGOV_NR_PRED] = {
	[GPUGOV_PRED_STALL] = &gpugov_pred_stall,
	[GPUGOV_PRED_LEAD] = &gpugov_pred_lead,
	[GPUGOV_PRED_CRIT] = &gpugov_pred_crit,
	[GPUGOV_PRED_CRISP] = &gpugov_pred_crisp,
	[GPUGOV_PRED_CRISP_L] = &gpugov_pred_crisp_l,
	[GPUGOV_PRED_COREMEM] = &gpugov_pred_coremem,
	[GPUGOV_PRED_BUSY] = &gpugov_pred_busy,
	[GPUGOV_PRED_PCSTALL] = &gpugov_pred_pcstall,
};

/*
 * Fallback preference when the sample lacks what the wanted model needs:
 * the most faithful model first (CRISP section 5.1 accuracy order),
 * the busy-only model, which needs nothing, last.
 */
static const enum gpugov_pred_id fallback_order[] = {
	GPUGOV_PRED_CRISP, GPUGOV_PRED_CRISP_L, GPUGOV_PRED_CRIT,
	GPUGOV_PRED_LEAD, GPUGOV_PRED_STALL, GPUGOV_PRED_BUSY,
};

/**
 * gpugov_predictor() - the model with a given id
 * @id: a valid enum gpugov_pred_id
 */
const struct gpugov_predictor *gpugov_predictor(enum gpugov_pred_id id)
{
	return predictors[id];
}

/**
 * gpugov_predictor_find() - id of the model named @name
 * @name: name, not necessarily NUL-terminated
 * @len: its length
 *
 * Return: the id, or -1 if no model has that name.
 */
int gpugov_predictor_find(const char *name, size_t len)
{
	int i;

	for (i = 0; i < GPUGOV_NR_PRED; i++)
		if (strlen(predictors[i]->name) == len &&
		    !memcmp(predictors[i]->name, name, len))
			return i;
	return -1;
}

/**
 * gpugov_predictor_resolve() - the model to use for a sample's capabilities
 * @wanted: the configured model
 * @caps: GPUGOV_CAP_* bits of the sample
 *
 * Return: @wanted if the sample has all it needs, else the first model of
 * the fallback order that it supports (at worst the busy-only model).
 */
enum gpugov_pred_id gpugov_predictor_resolve(enum gpugov_pred_id wanted,
					     u32 caps)
{
	u32 i;

	if ((predictors[wanted]->caps & caps) == predictors[wanted]->caps)
		return wanted;
	for (i = 0; i < ARRAY_SIZE(fallback_order); i++) {
		const struct gpugov_predictor *p = predictors[fallback_order[i]];

		if ((p->caps & caps) == p->caps)
			return fallback_order[i];
	}
	return GPUGOV_PRED_BUSY;
}

/**
 * gpugov_pred_init() - reset all model state and set default parameters
 * @st: state to initialise
 */
void gpugov_pred_init(struct gpugov_pred_state *st)
{
	memset(st, 0, sizeof(*st));
	gpugov_coremem_defaults(&st->coremem);
	st->coremem_gpu = GPUGOV_CM_GTX980;
	gpugov_pcstall_init(&st->pcstall);
}

/**
 * gpugov_pred_observe() - let the learning models see a new sample
 * @st: model state
 * @s: the sample, before it is used for a prediction
 */
void gpugov_pred_observe(struct gpugov_pred_state *st,
			 const struct gpugov_sample *s)
{
	gpugov_busy_observe(&st->busy, s);
	gpugov_pcstall_observe(&st->pcstall, s);
}

/**
 * gpugov_predict() - predicted busy time at every OPP
 * @st: model state (after gpugov_pred_observe() of @s)
 * @wanted: configured model
 * @s: last interval's sample
 * @t: a valid OPP table
 * @time_ps: out, t->nr predicted durations of the sample's work, in ps
 *
 * A sample without a core clock carries no scaling information: every OPP
 * is then predicted to take the measured time.
 *
 * Return: the model actually used (see gpugov_predictor_resolve()).
 */
enum gpugov_pred_id gpugov_predict(const struct gpugov_pred_state *st,
				   enum gpugov_pred_id wanted,
				   const struct gpugov_sample *s,
				   const struct gpugov_opp_table *t,
				   u64 *time_ps)
{
	enum gpugov_pred_id used = gpugov_predictor_resolve(wanted, s->caps);
	u32 i;

	if (!s->core_khz) {
		for (i = 0; i < t->nr; i++)
			time_ps[i] = gpugov_busy_ps(s);
		return used;
	}
	predictors[used]->predict(st, s, t, time_ps);
	return used;
}

/**
 * gpugov_pred_bounded() - whether gpugov_predict()'s times for @s bound
 * the same work's time from above rather than estimate it
 * @st: model state, as gpugov_predict() saw it
 * @used: the model gpugov_predict() returned
 * @s: the sample
 * @t: the OPP table
 *
 * A bound cannot be exceeded by the work it was computed from: an interval
 * that takes longer than its bound predicted is other work (the busy-only
 * model before it knows the clock slope: gpugov_deadline.c).
 */
bool gpugov_pred_bounded(const struct gpugov_pred_state *st,
			 enum gpugov_pred_id used,
			 const struct gpugov_sample *s,
			 const struct gpugov_opp_table *t)
{
	if (used >= GPUGOV_NR_PRED || !s->core_khz || !predictors[used]->bounded)
		return false;
	return predictors[used]->bounded(st, s, t);
}

/**
 * gpugov_busy_ps() - the sample's busy time in ps, at most its interval
 * @s: sample
 */
u64 gpugov_busy_ps(const struct gpugov_sample *s)
{
	return gpugov_mul_div(min_t(u64, s->busy_ns, s->interval_ns),
			      GPUGOV_PS_PER_NS, 1);
}

/**
 * gpugov_saturated() - whether the sample's busy time filled its interval
 * @s: sample
 *
 * Busy all the interval but for 1/64 (1.6%, a few of the 256 ns busy/total
 * steps of real drivers at their 50 ms polls): back-to-back work, or paced
 * work running late.  Such a sample bounds the demand only from below.
 */
bool gpugov_saturated(const struct gpugov_sample *s)
{
	u64 busy = min_t(u64, s->busy_ns, s->interval_ns);

	return busy >= s->interval_ns - (s->interval_ns >> 6);
}

/**
 * gpugov_cyc_part_ps() - a cycle counter of the sample as a part of its
 * busy time, in ps
 * @s: sample
 * @cyc: counter in core cycles at s->core_khz
 *
 * Counters are clamped to the busy time they were counted in, so odd
 * counters cannot push a model off its domain.
 */
u64 gpugov_cyc_part_ps(const struct gpugov_sample *s, u64 cyc)
{
	return min_t(u64, gpugov_cyc_to_ps(cyc, s->core_khz),
		     gpugov_busy_ps(s));
}

/**
 * gpugov_linear_time_ps() - the classic two-part model, CRISP eq. (2)
 * @s: sample measured at f1 = s->core_khz
 * @mem_cyc: T_Memory in core cycles, the part that does not scale
 * @to: the OPP, f2 = to->core_khz
 *
 * T(f2) = T_Memory + (T - T_Memory) * f1 / f2, with T_Memory clamped to T
 * (and moved to the OPP's memory clock by gpugov_mem_ps()).
 */
u64 gpugov_linear_time_ps(const struct gpugov_sample *s, u64 mem_cyc,
			  const struct gpugov_opp *to)
{
	return gpugov_linear_at_ps(s, gpugov_busy_ps(s),
				   gpugov_cyc_part_ps(s, mem_cyc), to);
}
