// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_run.c - `gpugov-replay run`: closed-loop policies over sweep traces.
 *
 * Every policy starts at --start-opp (default: top) and picks the OPP of
 * segment n+1 from what segment n measured at the OPP it chose, exactly as
 * the governor does at each poll.  Energy and time are summed over the
 * trace and reported relative to `performance` (always the top OPP), with
 * EDP = E*T and ED2P = E*T^2, next to the baselines of DESIGN.md section 7:
 * every static OPP, the best static OPP in hindsight, race-to-idle,
 * simple_ondemand (the kernel's 90/5, panfrost's 45/5 and msm's 50/10) and
 * the per-segment oracle of each objective, which, knowing every OPP's
 * cost, picks per segment the minimum of the objective (the lower OPP on
 * ties).  "oracle_pct" is the share of the oracle's gain over
 * `performance` that a policy captures, for its own objective (EDP for
 * policies without one).
 *
 * accreac-OBJ is gpugov's policy under objective OBJ with PCSTALL's
 * ACCREAC (Table III, "Accurate Estimate, Reactive"; evalloop.h) in place
 * of a predictor: at each decision, the time the work of the segment just
 * measured took at every OPP, a model without error (exact for that work,
 * so `deadline`'s learning treats it as a bound).  It sees the work one
 * segment late, as every reactive governor does, so what it loses against
 * the oracle is the cost of reacting, which no better model can recover;
 * what a predictor loses against it is the model's.
 *
 * The oracle of `deadline` is the no-loss oracle: per segment, the OPP of
 * least energy among those whose wall time does not exceed the top OPP's.
 * On a paced trace that is every OPP that finishes the frame in its
 * period; on back-to-back work, only OPPs as fast as the top one.
 * "overruns" counts the segments a policy ran longer than the top OPP
 * would have (on a paced trace: frames that missed their deadline), which
 * the no-loss oracle never does.
 *
 * Over fixed-time epochs the costs are approximate: every epoch of a sweep
 * starts from the state one trajectory (the simulator's --follow) reached,
 * which a policy at other clocks would not have reached; each epoch is
 * charged as the top OPP's work at the OPP's rate (see sweep.c).  Segments
 * of fixed work do not have this problem.  For closed-loop costs over
 * epochs, run the policy in the simulator (`gpugov-sim online`).
 *
 * A sample trace (what a device recorded, one OPP per interval) has no
 * costs at other OPPs; for it every gpugov policy is replayed over the
 * recorded samples and each decision is compared with the OPP the device
 * ran next, which checks a recording against the governor bit for bit.
 *
 * --allowed LO:HI and --allowed-schedule FILE replay a device whose
 * allowed OPPs are narrowed (thermal cap, PM QoS, sysfs min/max_freq):
 * gpugov chooses among the allowed OPPs as in the kernel; every other
 * policy's OPP is clamped into the range, as the devfreq core clamps any
 * governor, and the oracles and race-to-idle pick within it.  --mali
 * gives gpugov what a Mali counter source gives (drivers_glue/gpugov_mali.h).
 */
#include <math.h>
#include <time.h>
#include <string.h>
#include "cmdline.h"
#include "evalloop.h"
#include "ondemand.h"
#include "extseq.h"
#include "allowed.h"
#include "outfile.h"
#include "govstep.h"
#include "gpugov_mali.h"
#include "gpugov_predict.h"

enum policy_kind { POL_GPUGOV, POL_STATIC, POL_ONDEMAND, POL_ORACLE,
		   POL_ACCREAC, POL_RACE_TO_IDLE, POL_EXTERNAL };

struct policy {
	enum policy_kind kind;
	char name[40];
	int pred;			/* POL_GPUGOV */
	enum gpugov_objective obj;	/* POL_GPUGOV, POL_ORACLE, POL_ACCREAC */
	u32 opp;			/* POL_STATIC */
	struct ondemand_params od;	/* POL_ONDEMAND */
	const struct extseq *ext;	/* POL_EXTERNAL */
};

struct run_opts {
	struct gpugov_policy_params params;
	bool pred_wanted[GPUGOV_NR_PRED];
	bool obj_wanted[GPUGOV_NR_OBJ];
	int start;			/* OPP index, -1 = top */
	enum table_format fmt;
	const char *sequence;		/* CSV of chosen OPPs, or NULL */
	bool timing;			/* report decisions per second */
	const char *record;		/* sample trace of the one gpugov policy */
	struct extseq_set ext;		/* --external sequences */
	bool voltage_model;		/* ignore energy-model power in tables */
	bool stock;			/* gpugov sees busy/total and the clock only */
	bool mali;			/* gpugov sees the Mali counters only */
	struct allowed_sched allowed;	/* OPPs the device allows, per segment */
};

/*
 * Totals of one policy over one trace: wall time, energy, the instructions
 * done and the busy time they took (the rate `target` controls is work
 * per busy second, as the GRAPE controller measures it), OPP switches, and
 * the segments that took longer than at the top OPP.
 */
struct totals {
	double ns, pj, work, busy_ns;
	unsigned long switches, overruns;
};

/*
 * The per-segment oracle's choice for @seg: least metric, the lower OPP on
 * ties; for `energy` within the slowdown bound, for `deadline` no slower
 * than the top OPP, for `target` at or above the goal rate.
 */
static u32 oracle_opp(const struct sweep *w, u32 seg, enum gpugov_objective obj,
		      const struct gpugov_policy_params *par,
		      const struct gpugov_opp_range *r)
{
	u32 top = r->hi, best = top, i;
	double work = (double)sweep_sample(w, seg, top)->insts;
	double ns, pj, top_ns, best_m, busy, top_busy;

	sweep_cost(w, seg, best, &top_ns, &pj);
	best_m = objective_metric(obj, pj, top_ns);
	if (sweep_work_time_ns(w, seg, top, top, &top_busy))
		top_busy = 0;
	for (i = top; i-- > r->lo;) {
		sweep_cost(w, seg, i, &ns, &pj);
		if (obj == GPUGOV_OBJ_ENERGY &&
		    ns > top_ns * (1 + par->max_slowdown_pct / 100.0))
			continue;
		if (obj == GPUGOV_OBJ_DEADLINE && ns > top_ns)
			continue;
		if (obj == GPUGOV_OBJ_TARGET &&
		    (sweep_work_time_ns(w, seg, top, i, &busy) || !(busy > 0) ||
		     work / busy * 1e9 < goal_rate(&par->grape, work, top_busy)))
			continue;
		if (objective_metric(obj, pj, ns) <= best_m) {
			best_m = objective_metric(obj, pj, ns);
			best = i;
		}
	}
	return best;
}

/*
 * What a device without a counter source gives gpugov (--stock): busy and
 * interval time and the core clock, which only their ratios matter for.
 */
static const struct gpugov_sample *stock_view(const struct gpugov_sample *s,
					      struct gpugov_sample *buf)
{
	memset(buf, 0, offsetof(struct gpugov_sample, waves));
	buf->interval_ns = s->interval_ns;
	buf->busy_ns = s->busy_ns;
	buf->core_khz = s->core_khz;
	return buf;
}

/* What a Mali counter source gives (--mali): its fields, no memory clock. */
static const struct gpugov_sample *mali_view(const struct gpugov_sample *s,
					     struct gpugov_sample *buf)
{
	gpugov_mali_view(buf, s);
	return buf;
}

/* The sample gpugov is given under @o (--stock, --mali). */
static const struct gpugov_sample *gpugov_view(const struct run_opts *o,
					       const struct gpugov_sample *s,
					       struct gpugov_sample *buf)
{
	if (o->stock)
		return stock_view(s, buf);
	if (o->mali)
		return mali_view(s, buf);
	return s;
}

/* Run one policy over one trace; write its OPP sequence if asked. */
static struct totals run_policy(const struct sweep *w, const struct policy *p,
				const struct run_opts *o, FILE *seq, FILE *rec)
{
	const struct gpugov_opp_table *t = &w->t.hdr.opps;
	u32 top = t->nr - 1, cur = o->start < 0 ? top : min_t(u32, o->start, top);
	static struct govstep g;
	static struct gpugov_sample stock;
	struct totals tot = { 0 };
	u32 seg, next, prev = 0;

	govstep_init(&g, w, p->pred, &o->params, p->obj);
	if (p->kind == POL_STATIC)
		cur = p->opp;
	for (seg = 0; seg < w->t.nr_seg; seg++) {
		const struct gpugov_sample *s;
		struct gpugov_opp_range r;
		double ns, pj, top_ns;

		allowed_at(&o->allowed, seg, t->nr, &r);
		if (p->kind == POL_EXTERNAL)
			cur = p->ext->opp[seg];
		if (p->kind == POL_ORACLE)
			cur = oracle_opp(w, seg, p->obj, &o->params, &r);
		else	/* the devfreq core's clamp, on any other policy's choice */
			cur = clamp_t(u32, cur, r.lo, r.hi);
		if (seg && cur != prev)
			tot.switches++;
		prev = cur;
		s = sweep_sample(w, seg, cur);
		sweep_cost(w, seg, top, &top_ns, &pj);
		sweep_cost(w, seg, cur, &ns, &pj);
		tot.overruns += ns > top_ns;
		tot.ns += ns;
		tot.pj += pj;
		tot.work += (double)sweep_sample(w, seg, top)->insts;
		if (!sweep_work_time_ns(w, seg, top, cur, &ns))
			tot.busy_ns += ns;
		if (seq)
			fprintf(seq, "%s,%s,%u,%u,%u,%u\n", w->name, p->name, seg, cur,
				t->opp[cur].core_khz, t->opp[cur].mem_khz);
		if (rec && p->kind == POL_GPUGOV) {
			struct gpugov_trace_rec tr = *gpugov_trace_sweep_at(&w->t, seg, cur);

			tr.seg = seg;
			gpugov_trace_write_rec(rec, &w->t.hdr, &tr);
		}
		switch (p->kind) {
		case POL_GPUGOV:
			next = govstep_decide(&g, t, &r, gpugov_view(o, s, &stock));
			break;
		case POL_ACCREAC:
			accreac_times(w, seg, cur, g.d.time_ps);
			/* exact for the work measured: it cannot under-predict it */
			g.d.bounded = true;
			gpugov_decide_in(&g.params, &g.ps, t, &r, s, &g.d);
			next = g.d.chosen;
			break;
		case POL_ONDEMAND:
			next = ondemand_round_up(t, ondemand_target_hz(&p->od, s->busy_ns,
					s->interval_ns, (u64)s->core_khz * 1000));
			break;
		default:
			next = cur;
		}
		cur = next;
	}
	return tot;
}

/*
 * Race to idle: the top allowed OPP, then idle until the lowest allowed OPP
 * would finish.
 */
static struct totals race_to_idle(const struct sweep *w, const struct run_opts *o)
{
	struct totals tot = { 0 };
	double ns, pj, low_ns, low_pj, idle_uw = o->params.power.idle_uw;
	struct gpugov_opp_range r;
	u32 seg;

	for (seg = 0; seg < w->t.nr_seg; seg++) {
		allowed_at(&o->allowed, seg, w->t.hdr.opps.nr, &r);
		sweep_cost(w, seg, r.hi, &ns, &pj);
		sweep_cost(w, seg, r.lo, &low_ns, &low_pj);
		tot.ns += fmax(ns, low_ns);
		tot.pj += pj + idle_uw * fmax(low_ns - ns, 0) / 1000.0;
		tot.overruns += low_ns > ns;
	}
	return tot;
}

/*
 * The OPPs allowed at record @i of a recording: those the device allowed
 * then (its allowed_lo/allowed_hi columns; every OPP without them), and
 * within them --allowed or --allowed-schedule's.  Two ranges that do not
 * meet leave the lower one's top OPP, as a max_freq below min_freq does
 * in the devfreq core (gpugov_opp_allowed()).
 */
static void recorded_allowed(const struct run_opts *o, const struct gpugov_trace *t,
			     u32 i, struct gpugov_opp_range *r)
{
	const struct gpugov_trace_rec *rec = gpugov_trace_rec_at(t, i);

	allowed_at(&o->allowed, i, t->hdr.opps.nr, r);
	r->hi = min_t(u32, r->hi, rec->allowed_hi);
	r->lo = min_t(u32, max_t(u32, r->lo, rec->allowed_lo), r->hi);
}

/* Decisions of one gpugov policy over a recording vs the OPPs it shows. */
static void check_recording(const struct sweep *w, const struct policy *p,
			    const struct run_opts *o, struct table *tab, FILE *seq)
{
	const struct gpugov_opp_table *t = &w->t.hdr.opps;
	struct gpugov_policy_params params = o->params;
	static struct gpugov_decision d;
	static struct gpugov_pred_state st;
	static struct gpugov_policy_state ps;
	unsigned long same = 0, differ = 0;
	char n[TABLE_CELL], a[TABLE_CELL], b[TABLE_CELL];
	u32 i;

	sweep_pred_init(&st, w);
	gpugov_policy_state_init(&ps);
	params.objective = p->obj;
	for (i = 0; i < w->t.nr_rec; i++) {
		const struct gpugov_sample *s = &gpugov_trace_rec_at(&w->t, i)->s;
		struct gpugov_opp_range r;

		recorded_allowed(o, &w->t, i, &r);
		gpugov_pred_observe(&st, s);
		gpugov_decision_predict(&st, p->pred, s, t, &d);
		gpugov_decide_in(&params, &ps, t, &r, s, &d);
		if (seq)
			fprintf(seq, "%s,%s,%u,%u,%u,%u\n", w->name, p->name, i, d.chosen,
				t->opp[d.chosen].core_khz, t->opp[d.chosen].mem_khz);
		if (i + 1 < w->t.nr_rec) {
			u32 next = gpugov_trace_rec_at(&w->t, i + 1)->opp;

			same += d.chosen == next;
			differ += d.chosen != next;
		}
	}
	snprintf(n, sizeof(n), "%u", w->t.nr_rec);
	snprintf(a, sizeof(a), "%lu", same);
	snprintf(b, sizeof(b), "%lu", differ);
	table_add(tab, w->name, p->name, n, a, b);
}

/*
 * performance, static OPPs, race-to-idle, external, ondemand x 3, oracles,
 * ACCREAC, gpugov
 */
#define MAX_EXTERNAL	16
#define MAX_POLICIES	(1 + GPUGOV_MAX_OPPS + 1 + MAX_EXTERNAL + 3 + \
			 GPUGOV_NR_OBJ * (GPUGOV_NR_PRED + 2))

static int build_policies(const struct sweep *w, const struct run_opts *o,
			  struct policy *pol)
{
	static const struct ondemand_params od[] = { { 90, 5 }, { 45, 5 }, { 50, 10 } };
	bool sweep = w->t.hdr.kind == GPUGOV_TRACE_SWEEP;
	/* the time of a segment's work at every OPP; of an epoch's, with counts */
	bool accreac = w->t.hdr.interval != GPUGOV_INTERVAL_EPOCH ||
		       (w->t.hdr.caps & GPUGOV_CAP_INSTS);
	u32 caps = o->stock ? 0 : o->mali ? w->t.hdr.caps & GPUGOV_MALI_CAPS :
		   w->t.hdr.caps;	/* what gpugov is given */
	const struct extseq *ext;
	int n = 0, pred, obj;
	u32 i, k, nr_ext;

	if (!sweep)
		goto gpugov_only;
	pol[n++] = (struct policy){ .kind = POL_STATIC, .name = "performance",
				    .opp = w->t.hdr.opps.nr - 1 };
	for (i = 0; i < w->t.hdr.opps.nr; i++) {
		pol[n] = (struct policy){ .kind = POL_STATIC, .opp = i };
		snprintf(pol[n++].name, sizeof(pol[0].name), "static-%u", i);
	}
	pol[n++] = (struct policy){ .kind = POL_RACE_TO_IDLE, .name = "race-to-idle" };
	ext = extseq_find(&o->ext, w->name, &nr_ext);
	for (i = 0; i < nr_ext; i++) {
		const struct extseq *e = &ext[i];

		if (e->n != w->t.nr_seg) {
			fprintf(stderr, "gpugov-replay run: --external %s/%s has %u segments, "
				"the trace %u\n", e->workload, e->policy, e->n, w->t.nr_seg);
			return -1;
		}
		for (k = 0; k < e->n; k++)
			if (e->opp[k] >= w->t.hdr.opps.nr) {
				fprintf(stderr, "gpugov-replay run: --external %s/%s: OPP %u "
					"is not in the trace's table\n", e->workload,
					e->policy, e->opp[k]);
				return -1;
			}
		if (n - (int)w->t.hdr.opps.nr - 2 == MAX_EXTERNAL) {
			fprintf(stderr, "gpugov-replay run: more than %d external "
				"sequences for %s\n", MAX_EXTERNAL, w->name);
			return -1;
		}
		pol[n] = (struct policy){ .kind = POL_EXTERNAL, .ext = e };
		snprintf(pol[n++].name, sizeof(pol[0].name), "%s", e->policy);
	}
	for (i = 0; i < ARRAY_SIZE(od); i++) {
		pol[n] = (struct policy){ .kind = POL_ONDEMAND, .od = od[i] };
		snprintf(pol[n++].name, sizeof(pol[0].name), "simple_ondemand-%u/%u",
			 od[i].upthreshold, od[i].downdifferential);
	}
gpugov_only:
	for (obj = 0; obj < GPUGOV_NR_OBJ; obj++) {
		if (!o->obj_wanted[obj])
			continue;
		/* performance's oracle and perfect model: the performance row */
		if (sweep && obj != GPUGOV_OBJ_PERFORMANCE) {
			pol[n] = (struct policy){ .kind = POL_ORACLE, .obj = obj };
			snprintf(pol[n++].name, sizeof(pol[0].name), "oracle-%s",
				 gpugov_objective_names[obj]);
			/* `target` steers by GRAPE's measured rate, not a model */
			if (accreac && obj != GPUGOV_OBJ_TARGET) {
				pol[n] = (struct policy){ .kind = POL_ACCREAC, .obj = obj };
				snprintf(pol[n++].name, sizeof(pol[0].name), "accreac-%s",
					 gpugov_objective_names[obj]);
			}
		}
		for (pred = 0; pred < GPUGOV_NR_PRED; pred++) {
			const struct gpugov_predictor *p = gpugov_predictor(pred);

			if (!o->pred_wanted[pred] || (p->caps & caps) != p->caps)
				continue;
			pol[n] = (struct policy){ .kind = POL_GPUGOV, .pred = pred, .obj = obj };
			snprintf(pol[n++].name, sizeof(pol[0].name), "gpugov-%s-%s", p->name,
				 gpugov_objective_names[obj]);
		}
	}
	return n;
}

static void fmt_ratio(char *buf, double v)
{
	table_num(buf, "%.4f", v);
}

/*
 * One result row.  For `target` policies, shortfall_pct is how far the
 * achieved work rate falls below the goal, counting only shortfall as
 * the GRAPE paper does.
 */
static void add_row(struct table *tab, const char *wl, const struct policy *p,
		    const struct totals *r, const struct totals *perf,
		    const double *oracle_m, const struct gpugov_policy_params *par)
{
	enum gpugov_objective obj = p->kind == POL_GPUGOV || p->kind == POL_ORACLE ||
				    p->kind == POL_ACCREAC ? p->obj : GPUGOV_OBJ_EDP;
	double pm = objective_metric(obj, perf->pj, perf->ns), gain = pm - oracle_m[obj];
	char e[TABLE_CELL], t[TABLE_CELL], edp[TABLE_CELL], ed2p[TABLE_CELL];
	char cap[TABLE_CELL], sw[TABLE_CELL], sf[TABLE_CELL] = TABLE_NONE, ov[TABLE_CELL];

	if (obj == GPUGOV_OBJ_TARGET && r->busy_ns > 0) {
		double goal = goal_rate(&par->grape, perf->work, perf->busy_ns);

		snprintf(sf, sizeof(sf), "%.2f",
			 100 * fmax(0, goal - r->work / r->busy_ns * 1e9) / goal);
	}
	fmt_ratio(e, r->pj / perf->pj);
	fmt_ratio(t, r->ns / perf->ns);
	fmt_ratio(edp, objective_metric(GPUGOV_OBJ_EDP, r->pj, r->ns) /
		  objective_metric(GPUGOV_OBJ_EDP, perf->pj, perf->ns));
	fmt_ratio(ed2p, objective_metric(GPUGOV_OBJ_ED2P, r->pj, r->ns) /
		  objective_metric(GPUGOV_OBJ_ED2P, perf->pj, perf->ns));
	if (gain > 0)
		snprintf(cap, sizeof(cap), "%.1f",
			 100 * (pm - objective_metric(obj, r->pj, r->ns)) / gain);
	else
		snprintf(cap, sizeof(cap), TABLE_NONE);
	snprintf(sw, sizeof(sw), "%lu", r->switches);
	snprintf(ov, sizeof(ov), "%lu", r->overruns);
	table_add(tab, wl, p->name, e, t, edp, ed2p, cap, sw, sf, ov);
}

static void print_help(void)
{
	int obj;

	printf("usage: gpugov-replay run [--predictor NAME]... [--objective NAME]...\n"
	       "          [--start-opp N] [--sequence FILE.csv] [--stock|--mali]\n"
	       "          [--allowed LO:HI | --allowed-schedule FILE.csv] [--csv|--json]\n"
	       "          [policy options] SWEEP_TRACE...\n"
	       "Objectives (default: all but performance):");
	for (obj = 0; obj < GPUGOV_NR_OBJ; obj++)
		printf(" %s", gpugov_objective_names[obj]);
	printf("\n"
	       "(performance: gpugov at the top allowed OPP, as the kernel's objective;\n"
	       "the performance row is its oracle.)\n"
	       "Closed loop: each policy picks the OPP of segment n+1 from segment n's\n"
	       "counters at the OPP it chose. Energy, time, EDP, ED2P relative to\n"
	       "performance; oracle_pct: share of the per-segment oracle's gain captured;\n"
	       "overruns: segments that took longer than at the top OPP (frames late).\n"
	       "Baselines: performance, static-N, race-to-idle, best-static-edp,\n"
	       "simple_ondemand-90/5 (kernel), -45/5 (panfrost), -50/10 (msm), and per\n"
	       "objective oracle-NAME: per segment the OPP of least metric (ties: the\n"
	       "lower); oracle-deadline is the no-loss oracle: least energy among the\n"
	       "OPPs no slower than the top one in that segment. accreac-NAME: gpugov's\n"
	       "policy with PCSTALL's ACCREAC model, the time the last segment's work\n"
	       "took at every OPP (no model error, one segment late as every governor\n"
	       "is; not for target, which steers by the measured rate).\n"
	       "--sequence writes workload,policy,segment,opp,core_khz,mem_khz rows.\n"
	       "--timing reports each gpugov policy's intervals per second on stderr.\n"
	       "--external SEQ.csv costs OPP sequences chosen elsewhere (the format\n"
	       "--sequence writes) beside the other policies.\n"
	       "--power-model voltage: gpugov ignores the table's energy-model power\n"
	       "and uses the voltage model and its coefficients (as without an EM).\n"
	       "--stock: gpugov sees what a driver without a counter source gives, busy\n"
	       "and total time and the core clock (every model falls back to busy).\n"
	       "--mali: gpugov sees what a Mali counter source gives (instructions,\n"
	       "load-stall cycles, memory transactions; no memory clock).\n"
	       "--allowed LO:HI: the device allows only OPPs LO..HI (a thermal cap, PM\n"
	       "QoS, min/max_freq): gpugov chooses among them, every other policy is\n"
	       "clamped into them, the oracles and race-to-idle pick within them.\n"
	       "--allowed-schedule FILE.csv: rows segment,lo,hi, segments ascending: from\n"
	       "that segment on, OPPs lo..hi (before the first row, all).\n"
	       "--record writes the samples the (single) gpugov policy saw, as a sample\n"
	       "trace. On a sample trace (a recording), each gpugov policy's decision for\n"
	       "every interval is compared with the OPP the device ran next, among the\n"
	       "OPPs the recording says the device allowed then (and --allowed's).\n");
	print_policy_help_end("bad usage", true);
}

/* --external FILE (once). */
static int add_external(struct run_opts *o, const char *path)
{
	if (o->ext.nr) {
		fprintf(stderr, "gpugov-replay run: one --external file\n");
		return EXIT_USAGE;
	}
	return extseq_load(path, &o->ext);
}

/* run's own options (struct cmdline's @own). */
static int run_opt(int c, void *ctx)
{
	struct run_opts *o = ctx;
	u32 u;

	switch (c) {
	case 'p':
		return set_wanted(o->pred_wanted, gpugov_predictor_find(optarg, strlen(optarg)));
	case 'o':
		return set_wanted(o->obj_wanted, parse_objective(optarg));
	case 's':
		if (parse_u32(optarg, strlen(optarg), &u) || u >= GPUGOV_MAX_OPPS)
			return -1;
		o->start = (int)u;
		return 0;
	case 'q':
		o->sequence = optarg;
		return 0;
	case 't':
		o->timing = true;
		return 0;
	case 'r':
		o->record = optarg;
		return 0;
	case 'e':
		return add_external(o, optarg);
	case 'k':
		o->stock = true;
		return 0;
	case 'M':
		o->mali = true;
		return 0;
	case 'a':
	case 'A':
		if (o->allowed.nr) {
			fprintf(stderr, "gpugov-replay run: one --allowed or --allowed-schedule\n");
			return EXIT_USAGE;
		}
		return c == 'a' ? allowed_parse_range(optarg, &o->allowed) :
				  allowed_load(optarg, &o->allowed);
	case 'm':
		if (strcmp(optarg, "em") && strcmp(optarg, "voltage"))
			return -1;
		o->voltage_model = !strcmp(optarg, "voltage");
		return 0;
	default:
		return EXIT_USAGE;
	}
}

static int parse_run_args(int argc, char **argv, struct run_opts *o)
{
	static const struct option opts[] = {
		{ "predictor", required_argument, NULL, 'p' },
		{ "objective", required_argument, NULL, 'o' },
		{ "start-opp", required_argument, NULL, 's' },
		{ "sequence", required_argument, NULL, 'q' },
		{ "timing", no_argument, NULL, 't' },
		{ "record", required_argument, NULL, 'r' },
		{ "external", required_argument, NULL, 'e' },
		{ "power-model", required_argument, NULL, 'm' },
		{ "stock", no_argument, NULL, 'k' },
		{ "mali", no_argument, NULL, 'M' },
		{ "allowed", required_argument, NULL, 'a' },
		{ "allowed-schedule", required_argument, NULL, 'A' },
		FORMAT_LONG_OPTS,
		COREMEM_LONG_OPT,
		PCSTALL_LONG_OPTS,
		POLICY_LONG_OPTS,
		{ NULL, 0, NULL, 0 },
	};
	static const struct cmdline_accepts accepts[] = {
		{ "start-opp", "an OPP index, 0..%u", GPUGOV_MAX_OPPS - 1 },
		{ "power-model", "em or voltage" },
		{ "allowed", "LO:HI, OPP indices 0..%u with LO <= HI", GPUGOV_MAX_OPPS - 1 },
		{ NULL },
	};
	const struct cmdline cl = { .cmd = "run", .opts = opts, .help = print_help,
				    .own = run_opt, .o = o, .fmt = &o->fmt,
				    .par = &o->params, .accepts = accepts };
	int ret, np, no, v;

	memset(o, 0, sizeof(*o));
	gpugov_policy_defaults(&o->params);
	o->start = -1;
	ret = cmdline_parse(argc, argv, &cl);
	if (ret)
		return ret;
	np = nr_wanted(o->pred_wanted, GPUGOV_NR_PRED);
	no = nr_wanted(o->obj_wanted, GPUGOV_NR_OBJ);
	if (o->stock && o->mali) {
		fprintf(stderr, "gpugov-replay run: --stock or --mali, not both\n");
		return EXIT_USAGE;
	}
	if (o->record && (np != 1 || no != 1 || optind + 1 != argc)) {
		fprintf(stderr, "gpugov-replay run: --record needs one --predictor, "
			"one --objective and one trace\n");
		return EXIT_USAGE;
	}
	for (v = 0; v < GPUGOV_NR_PRED; v++)
		o->pred_wanted[v] |= !np;
	for (v = GPUGOV_OBJ_EDP; v < GPUGOV_NR_OBJ; v++)
		o->obj_wanted[v] |= !no;
	return cmdline_need_traces("run", argc);
}

/*
 * Open output @out of option --@opt at @path.  Return: 0, or
 * EXIT_FAILURE_RUN after a message.
 */
static int open_output(struct outfile *out, const char *opt, const char *path)
{
	char err[GPUGOV_TRACE_ERR_MAX];

	if (!outfile_open(out, path, err, sizeof(err)))
		return 0;
	fprintf(stderr, "gpugov-replay run: --%s: %s\n", opt, err);
	return EXIT_FAILURE_RUN;
}

/*
 * Put --sequence and --record into place if @ret is EXIT_OK and both are
 * written whole, else remove both.  Return: @ret, or EXIT_FAILURE_RUN
 * after a message.
 */
static int close_outputs(int ret, struct outfile *seq, struct outfile *rec)
{
	char err[GPUGOV_TRACE_ERR_MAX];

	if (ret == EXIT_OK && (outfile_close(seq, err, sizeof(err)) ||
			       outfile_close(rec, err, sizeof(err)) ||
			       outfile_commit(seq, err, sizeof(err)) ||
			       outfile_commit(rec, err, sizeof(err)))) {
		fprintf(stderr, "gpugov-replay run: %s\n", err);
		ret = EXIT_FAILURE_RUN;
	}
	outfile_abort(seq);
	outfile_abort(rec);
	return ret;
}

int cmd_run(int argc, char **argv)
{
	static const char *const cols[] = { "workload", "policy", "energy", "time", "edp",
					    "ed2p", "oracle_pct", "switches", "shortfall_pct",
					    "overruns" };
	static const char *const rcols[] = { "workload", "policy", "intervals",
					     "same_as_recorded", "different" };
	static struct policy pol[MAX_POLICIES];
	static struct totals res[MAX_POLICIES];
	char err[GPUGOV_TRACE_ERR_MAX];
	double oracle_m[GPUGOV_NR_OBJ];
	struct totals best_static;
	struct outfile seq = { NULL }, rec = { NULL };
	struct run_opts o;
	struct table tab, rtab;
	struct sweep w;
	int ret, a, n, i, best;

	ret = parse_run_args(argc, argv, &o);
	if (!ret && o.sequence && !(ret = open_output(&seq, "sequence", o.sequence)))
		fprintf(seq.f, "workload,policy,segment,opp,core_khz,mem_khz\n");
	if (ret)
		goto out_opts;
	table_init(&tab, "closed loop, relative to performance", o.fmt, cols, ARRAY_SIZE(cols));
	table_init(&rtab, "recorded samples: decisions vs the OPP the device ran next",
		   o.fmt, rcols, 5);
	for (a = optind; a < argc; a++) {
		if (trace_load_named(&w, argv[a], err, sizeof(err))) {
			fprintf(stderr, "gpugov-replay run: %s\n", err);
			ret = EXIT_FAILURE_RUN;
			goto out;
		}
		if (o.voltage_model)
			for (i = 0; i < (int)w.t.hdr.opps.nr; i++)
				w.t.hdr.opps.opp[i].power_uw = 0;
		n = build_policies(&w, &o, pol);
		if (n < 0) {
			ret = EXIT_USAGE;
			goto out_trace;
		}
		if (o.record && w.t.hdr.kind == GPUGOV_TRACE_SWEEP) {
			struct gpugov_trace_hdr h = w.t.hdr;

			h.kind = GPUGOV_TRACE_SAMPLE;
			ret = open_output(&rec, "record", o.record);
			if (ret)
				goto out_trace;
			gpugov_trace_write_header(rec.f, &h);
		}
		if (w.t.hdr.kind != GPUGOV_TRACE_SWEEP) {
			for (i = 0; i < n; i++)
				check_recording(&w, &pol[i], &o, &rtab, seq.f);
			sweep_free(&w);
			continue;
		}
		if (!w.t.nr_seg) {
			fprintf(stderr, "gpugov-replay run: %s: no segments\n", argv[a]);
			ret = EXIT_FAILURE_RUN;
			goto out_trace;
		}
		if (w.t.hdr.interval == GPUGOV_INTERVAL_EPOCH)
			fprintf(stderr, "gpugov-replay run: %s: fixed-time epochs: closed-loop "
				"costs are approximate (every epoch starts where the traced "
				"trajectory was); `gpugov-sim online` runs a policy for real\n",
				argv[a]);
		best = 1;
		for (i = 0; i < n; i++) {
			struct timespec t0, t1;

			clock_gettime(CLOCK_MONOTONIC, &t0);
			res[i] = pol[i].kind == POL_RACE_TO_IDLE ?
				 race_to_idle(&w, &o) :
				 run_policy(&w, &pol[i], &o, seq.f, rec.f);
			clock_gettime(CLOCK_MONOTONIC, &t1);
			if (o.timing && pol[i].kind == POL_GPUGOV)
				fprintf(stderr, "%s %s: %u intervals, %.0f intervals/s\n",
					w.name, pol[i].name, w.t.nr_seg, w.t.nr_seg /
					((t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9));
			if (pol[i].kind == POL_ORACLE)
				oracle_m[pol[i].obj] = objective_metric(pol[i].obj, res[i].pj,
									res[i].ns);
			if (pol[i].kind == POL_STATIC && i &&
			    objective_metric(GPUGOV_OBJ_EDP, res[i].pj, res[i].ns) <
			    objective_metric(GPUGOV_OBJ_EDP, res[best].pj, res[best].ns))
				best = i;
		}
		/* no oracle row: no gain to capture */
		for (i = 0; i < GPUGOV_NR_OBJ; i++)
			if (!o.obj_wanted[i] || i == GPUGOV_OBJ_PERFORMANCE)
				oracle_m[i] = objective_metric(i, res[0].pj, res[0].ns);
		for (i = 0; i < n; i++)
			add_row(&tab, w.name, &pol[i], &res[i], &res[0], oracle_m, &o.params);
		best_static = res[best];
		add_row(&tab, w.name, &(struct policy){ .kind = POL_STATIC,
			.name = "best-static-edp" }, &best_static, &res[0], oracle_m,
			&o.params);
		sweep_free(&w);
	}
	table_json_begin(stdout, o.fmt);
	if (tab.nrows)
		table_print(&tab, stdout);
	if (rtab.nrows)
		table_print(&rtab, stdout);
	table_json_end(stdout, o.fmt);
	goto out;
out_trace:
	sweep_free(&w);
out:
	table_free(&tab);
	table_free(&rtab);
	ret = close_outputs(ret, &seq, &rec);
out_opts:
	extseq_free(&o.ext);
	allowed_free(&o.allowed);
	return ret;
}
