// SPDX-License-Identifier: GPL-2.0
/*
 * evalloop.c - the closed loop of the `sensitivity` and `settle`
 * evaluations over epoch sweep traces.
 *
 * Each epoch runs at the OPP chosen from the previous epoch's sample at
 * the OPP it ran at (the first at the top OPP), with the code the governor
 * runs: gpugov_pred_observe() of every sample in order (PCSTALL's table is
 * fed every epoch), a prediction of the sample's busy time at every OPP,
 * gpugov_decide().  A sweep continues each epoch from the run at the top
 * OPP (gpugov-sim sweep), so the waves resident at the start of epoch
 * n + 1, and the PCs where they resume, are those of the top OPP's record
 * of epoch n, not of the record at the OPP chosen for it: PCSTALL looks up
 * its table with those (sweep_next_start()), or a low-OPP epoch would key
 * the lookup with PCs the next epoch does not start from.  Costs are
 * charged as `run` charges them (sweep.c:
 * epochs rescaled to the work the top OPP did), so that the totals of a
 * gpugov model here equal `run`'s for the same policy.
 */
#include <stdio.h>
#include <string.h>
#include "replay.h"
#include "evalloop.h"

const char *model_name(int model)
{
	if (model == MODEL_ACCREAC)
		return "accreac";
	if (model == MODEL_ACCPC)
		return "accpc";
	return gpugov_predictor(model)->name;
}

/* Return: the model called @name, or -1. */
int model_find(const char *name)
{
	if (!strcmp(name, "accreac"))
		return MODEL_ACCREAC;
	if (!strcmp(name, "accpc"))
		return MODEL_ACCPC;
	return gpugov_predictor_find(name, strlen(name));
}

/* Whether the trace has the counters @model needs. */
bool model_fits(int model, const struct sweep *w)
{
	u32 caps = model == MODEL_ACCREAC ? GPUGOV_CAP_INSTS :
		   model == MODEL_ACCPC ? GPUGOV_CAP_INSTS | GPUGOV_CAP_WAVES :
		   gpugov_predictor(model)->caps;

	return (w->t.hdr.caps & caps) == caps;
}

/*
 * Both evaluations compare instructions (work) done in fixed-time epochs
 * (PCSTALL section 3.1): they need an epoch sweep with instruction counts.
 * Return: 0, or the exit status (after a message, nothing left loaded).
 */
int epoch_sweep_open(struct sweep *w, const char *path, const char *cmd)
{
	int ret = sweep_open(w, path, cmd);

	if (ret)
		return ret;
	if (w->t.hdr.interval == GPUGOV_INTERVAL_EPOCH &&
	    (w->t.hdr.caps & GPUGOV_CAP_INSTS))
		return 0;
	fprintf(stderr, "gpugov-replay %s: %s: needs a sweep of fixed-time epochs "
		"with instruction counts (gpugov-sim sweep --epoch-us)\n", cmd, w->path);
	sweep_free(w);
	return EXIT_USAGE;
}

/* EDP = E*T, ED2P = E*T^2; energy, target and deadline objectives: E. */
double objective_metric(enum gpugov_objective obj, double pj, double ns)
{
	switch (obj) {
	case GPUGOV_OBJ_ED2P:
		return pj * ns * ns;
	case GPUGOV_OBJ_ENERGY:
	case GPUGOV_OBJ_TARGET:
	case GPUGOV_OBJ_DEADLINE:
		return pj;
	default:
		return pj * ns;
	}
}

/*
 * Work rate (per busy second) a run must reach: `target` as work units per
 * second, or as a percentage of the rate the top OPP gives, @work in
 * @top_busy_ns.
 */
double goal_rate(const struct gpugov_grape_params *g, double work,
		 double top_busy_ns)
{
	if (g->mode == GPUGOV_GRAPE_PCT)
		return work / top_busy_ns * 1e9 * g->target / 100.0;
	return (double)g->target;
}

/* Wall time and energy of the whole trace run at one static OPP. */
void static_totals(const struct sweep *w, u32 opp, double *ns, double *pj)
{
	double a, b;
	u32 seg;

	*ns = *pj = 0;
	for (seg = 0; seg < w->t.nr_seg; seg++) {
		sweep_cost(w, seg, opp, &a, &b);
		*ns += a;
		*pj += b;
	}
}

void evalloop_init(struct evalloop *l, const struct sweep *w, int model,
		   const struct gpugov_policy_params *par)
{
	memset(l, 0, sizeof(*l));
	l->w = w;
	l->model = model;
	l->par = *par;
	sweep_pred_init(&l->st, w);
	gpugov_policy_state_init(&l->ps);
	accpc_init(&l->acc);
	l->cur = w->t.hdr.opps.nr - 1;
}

/*
 * @out: epoch @seg's sample at OPP @cur (what the governor measured) with
 * the waves of the top OPP's record, from whose end the sweep continues:
 * their `pc_end` are where epoch @seg + 1 starts (see the top).
 */
void sweep_next_start(const struct sweep *w, u32 seg, u32 cur,
		      struct gpugov_sample *out)
{
	const struct gpugov_sample *top = sweep_sample(w, seg, w->t.hdr.opps.nr - 1);

	*out = *sweep_sample(w, seg, cur);
	out->nr_waves = top->nr_waves;
	memcpy(out->waves, top->waves, sizeof(out->waves));
}

/**
 * accreac_times() - ACCREAC's busy times
 * @w: sweep
 * @seg: segment or epoch
 * @cur: OPP the sample was measured at
 * @time_ps: out, per OPP of the table
 *
 * The sample's work I(cur) at OPP i takes busy(cur) * I(cur) / I(i)
 * (sweep_work_time_ns(), the true rate of OPP i in this epoch; a segment's
 * own time there); where OPP i did no work, the measured time (no change).
 * A time beyond a u64 of ps is held at its largest value.
 */
void accreac_times(const struct sweep *w, u32 seg, u32 cur, u64 *time_ps)
{
	const struct gpugov_sample *s = sweep_sample(w, seg, cur);
	double ns, ps;
	u32 i;

	for (i = 0; i < w->t.hdr.opps.nr; i++) {
		if (sweep_work_time_ns(w, seg, cur, i, &ns)) {
			time_ps[i] = gpugov_busy_ps(s);
			continue;
		}
		ps = ns * 1000 + 0.5;
		/* 0x1p64 is the first double a u64 cannot hold */
		time_ps[i] = ps < 0x1p64 ? (u64)ps : U64_MAX;
	}
}

/*
 * ACCPC's busy times: the sample's work at OPP i runs at the predicted
 * rate of OPP i, busy(cur) * rate(cur) / rate(i); where either rate is 0,
 * the measured time.
 */
static void accpc_times(struct evalloop *l, u32 seg, u64 *time_ps)
{
	const struct sweep *w = l->w;
	u64 busy = gpugov_busy_ps(sweep_sample(w, seg, l->cur));
	double rate[GPUGOV_MAX_OPPS];
	unsigned long h = l->acc.hits, n = l->acc.lookups;
	u32 i;

	accpc_update(&l->acc, w, seg);
	accpc_predict(&l->acc, w, seg, rate);
	l->pc_hits += l->acc.hits - h;
	l->pc_lookups += l->acc.lookups - n;
	for (i = 0; i < w->t.hdr.opps.nr; i++)
		time_ps[i] = rate[i] > 0 && rate[l->cur] > 0 ?
			     (u64)((double)busy * rate[l->cur] / rate[i] + 0.5) : busy;
}

/* Charge epoch @seg at l->cur: cost, the top OPP's work, its busy time. */
static void charge(struct evalloop *l, u32 seg)
{
	u32 top = l->w->t.hdr.opps.nr - 1;
	double ns, pj;

	sweep_cost(l->w, seg, l->cur, &ns, &pj);
	l->ns += ns;
	l->pj += pj;
	l->work += (double)sweep_sample(l->w, seg, top)->insts;
	if (!sweep_work_time_ns(l->w, seg, top, l->cur, &ns))
		l->busy_ns += ns;
}

/**
 * evalloop_step() - run epoch @seg at l->cur and choose the next OPP
 * @l: loop
 * @seg: epoch, in order from 0
 *
 * Return: the OPP of epoch @seg + 1 (also l->cur).
 */
u32 evalloop_step(struct evalloop *l, u32 seg)
{
	const struct gpugov_opp_table *t = &l->w->t.hdr.opps;
	const struct gpugov_sample *s = sweep_sample(l->w, seg, l->cur);

	struct gpugov_pcstall_pred pr;

	charge(l, seg);
	gpugov_pred_observe(&l->st, s);
	sweep_next_start(l->w, seg, l->cur, &l->next);
	l->d.bounded = false;
	if (l->model == MODEL_ACCREAC)
		accreac_times(l->w, seg, l->cur, l->d.time_ps);
	else if (l->model == MODEL_ACCPC)
		accpc_times(l, seg, l->d.time_ps);
	else
		gpugov_decision_predict(&l->st, l->model, &l->next, t, &l->d);
	if (l->model == GPUGOV_PRED_PCSTALL) {
		gpugov_pcstall_lookup(&l->st.pcstall, &l->next, &pr);
		l->pc_hits += pr.hits;
		l->pc_lookups += pr.hits + pr.misses;
	}
	gpugov_decide(&l->par, &l->ps, t, s, &l->d);
	l->cur = l->d.chosen;
	return l->cur;
}
