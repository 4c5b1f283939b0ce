// SPDX-License-Identifier: GPL-2.0
/*
 * sweep.c - the fork-pre-execute loop.
 *
 * For every interval: take a snapshot, run the interval from it at each
 * OPP, write the records, pick the oracle's OPP per objective, and go on
 * from the end state of the run that @follow names.  A segment is a fixed
 * number of warp instructions (as CRISP evaluates) or one frame of the
 * workload; an epoch is a fixed time (as PCSTALL evaluates) and the work
 * done in it differs per OPP.
 */
#include <stdlib.h>
#include <string.h>

#include "sweep.h"

const char *const sim_objective_names[SIM_NR_OBJ] = {
	[SIM_OBJ_ENERGY] = "energy",
	[SIM_OBJ_EDP] = "edp",
	[SIM_OBJ_ED2P] = "ed2p",
};

/*
 * Cost of an interval per unit of work, so that epochs (equal time,
 * unequal work) compare fairly: energy per instruction times
 * (time per instruction)^n, n = 0, 1, 2.  For segments (equal work) the
 * order is that of E, E*T and E*T^2.
 */
double sim_metric(enum sim_objective obj, double pj, double ns, double insts)
{
	double e = pj / insts, t = ns / insts;

	switch (obj) {
	case SIM_OBJ_ENERGY:
		return e;
	case SIM_OBJ_EDP:
		return e * t;
	default:
		return e * t * t;
	}
}

/*
 * The launch after the frame that launch @l starts: each frame interval
 * begins where the previous one's last launch completed.
 */
static u32 frame_end(const struct sim_workload *w, u32 l)
{
	u32 f = 0;

	while (w->frame_end[f] <= l)
		f++;
	return w->frame_end[f];
}

/*
 * Each SM's record of the interval just ended (sim_interval_end_sm()) to
 * its per-SM trace; @sm_rec is scratch space.
 */
static void write_sm_recs(struct sim *x, const struct sim_sweep_opts *o,
			  const struct gpugov_trace_hdr *h,
			  const struct sim_interval *iv, u64 epoch_fs,
			  const struct gpugov_trace_rec *rec,
			  struct gpugov_trace_rec *sm_rec)
{
	u32 s;

	for (s = 0; s < x->g->sms; s++) {
		sim_interval_end_sm(x, iv, epoch_fs, s, sm_rec);
		sm_rec->seg = rec->seg;
		sm_rec->opp = rec->opp;
		gpugov_trace_write_rec(o->sm_trace[s], h, sm_rec);
	}
}

/*
 * Run one interval from the current state at @opp into @rec, numbered
 * @seg; with per-SM traces, write each SM's record of it (header @h).
 */
static int run_interval(struct sim *x, const struct sim_sweep_opts *o,
			u32 opp, u32 seg, const struct gpugov_trace_hdr *h,
			struct gpugov_trace_rec *rec,
			struct gpugov_trace_rec *sm_rec, char *err)
{
	struct sim_state *st = x->st;
	struct sim_interval iv;
	u64 stop_insts = SIM_INF, stop_fs = SIM_INF, epoch_fs = 0;
	u32 stop_launch = SIM_NO_LAUNCH;

	sim_set_opp(x, opp);
	sim_interval_begin(x, &iv);
	if (o->frames) {
		stop_launch = frame_end(x->w, st->launch);
	} else if (o->interval == GPUGOV_INTERVAL_SEGMENT) {
		stop_insts = st->insts + o->size;
	} else {
		epoch_fs = o->size * 1000000;
		stop_fs = iv.start_fs + epoch_fs;
	}
	if (sim_run(x, stop_insts, stop_fs, stop_launch, err))
		return -1;
	sim_interval_end(x, &iv, epoch_fs, rec);
	rec->opp = opp;
	rec->seg = seg;
	if (o->sm_trace)
		write_sm_recs(x, o, h, &iv, epoch_fs, rec, sm_rec);
	return 0;
}

/* The header of SM @s's per-SM trace: the device's, with its domain. */
static void write_sm_headers(const struct sim *x,
			     const struct sim_sweep_opts *o,
			     const struct gpugov_trace_hdr *h)
{
	struct gpugov_trace_hdr hs = *h;
	u32 s;

	hs.domain_count = x->g->sms;
	for (s = 0; s < x->g->sms; s++) {
		hs.domain_sm = s;
		gpugov_trace_write_header(o->sm_trace[s], &hs);
	}
}

int sim_sweep(struct sim *x, const struct sim_sweep_opts *o,
	      struct sim_sweep_result *res, char *err)
{
	const u32 nopp = sim_nr_opp(x), top = nopp - 1;
	struct sim_state *snap = sim_state_alloc();
	struct sim_state **end = calloc(nopp, sizeof(*end));
	struct gpugov_trace_rec *rec = malloc((nopp + 1) * sizeof(*rec));
	struct gpugov_trace_hdr h;
	struct sim_state *live = x->st;
	int rc = -1;
	u32 i, obj;

	memset(res, 0, sizeof(*res));
	for (i = 0; i < nopp && snap && end && rec; i++)
		if (!(end[i] = sim_state_alloc()))
			break;
	if (!snap || !end || !rec || i < nopp) {
		snprintf(err, SIM_ERR_MAX, "out of memory");
		goto out;
	}
	gpugov_trace_hdr_init(&h, GPUGOV_TRACE_SWEEP, o->interval, o->size);
	snprintf(h.device, sizeof(h.device), "%s", x->g->name);
	snprintf(h.source, sizeof(h.source), "%s", o->source ? o->source : "");
	sim_gpu_opp_table(x->g, &h.opps);
	if (o->trace)
		gpugov_trace_write_header(o->trace, &h);
	if (o->sm_trace)
		write_sm_headers(x, o, &h);
	if (o->oracle)
		fprintf(o->oracle, "# interval best OPP index per objective:"
			" seg energy edp ed2p\n");
	while (!live->finished) {
		u32 best[SIM_NR_OBJ] = { 0 }, follow = top;

		sim_copy(x, snap, live);
		for (i = 0; i < nopp; i++) {
			u64 insts0 = snap->insts;

			x->st = end[i];
			sim_copy(x, end[i], snap);
			if (run_interval(x, o, i, (u32)res->intervals, &h,
					 &rec[i], &rec[nopp], err))
				goto out;
			res->insts += end[i]->insts - insts0;
			if (o->trace)
				gpugov_trace_write_rec(o->trace, &h, &rec[i]);
		}
		for (obj = 0; obj < SIM_NR_OBJ; obj++) {
			double bm = 0;

			for (i = 0; i < nopp; i++) {
				double m = sim_metric(obj, rec[i].energy_pj,
						      rec[i].s.interval_ns,
						      rec[i].s.insts + 1);

				if (!i || m < bm) {
					bm = m;
					best[obj] = i;
				}
			}
			res->oracle_ns[obj] += rec[best[obj]].s.interval_ns;
			res->oracle_pj[obj] += rec[best[obj]].energy_pj;
		}
		res->top_ns += rec[top].s.interval_ns;
		res->top_pj += rec[top].energy_pj;
		if (o->oracle)
			fprintf(o->oracle, "%llu %u %u %u\n",
				(unsigned long long)res->intervals,
				best[SIM_OBJ_ENERGY], best[SIM_OBJ_EDP],
				best[SIM_OBJ_ED2P]);
		if (o->follow == SIM_FOLLOW_ORACLE)
			follow = best[o->follow_obj];
		x->st = live;
		sim_copy(x, live, end[follow]);
		res->intervals++;
	}
	rc = 0;
out:
	x->st = live;
	for (i = 0; end && i < nopp; i++)
		free(end[i]);
	free(end);
	free(rec);
	free(snap);
	return rc;
}
