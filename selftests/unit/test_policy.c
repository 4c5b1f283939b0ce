// SPDX-License-Identifier: GPL-2.0
/*
 * test_policy.c - behaviour of the objectives, the power model, the
 * capability fallback and the busy-only model on hand-made cases.
 */
#include <math.h>
#include <stdio.h>
#include "tap.h"
#include "gpugov_predict.h"
#include "gpugov_policy.h"
#include "gpugov_fixed.h"

/* 5 OPPs, 200..1000 MHz, 0.6..1.0 V */
static struct gpugov_opp_table table5(void)
{
	struct gpugov_opp_table t = { .nr = 5 };
	u32 i;

	for (i = 0; i < t.nr; i++) {
		t.opp[i].core_khz = 200000 * (i + 1);
		t.opp[i].uv = 600000 + 100000 * i;
	}
	return t;
}

/* 1 ms busy of a 2 ms interval at the top OPP; @mem_pct of it load-stalled */
static struct gpugov_sample sample_at_top(u32 mem_pct)
{
	struct gpugov_sample s;
	u64 cyc = 1000000;	/* 1 ms at 1 GHz */

	memset(&s, 0, sizeof(s));
	s.interval_ns = 2000000;
	s.busy_ns = 1000000;
	s.core_khz = 1000000;
	s.caps = GPUGOV_CAP_LCP | GPUGOV_CAP_LOAD_STALL | GPUGOV_CAP_STORE_STALL;
	s.lcp_cyc = cyc * mem_pct / 100;
	s.load_stall_cyc = s.lcp_cyc;
	return s;
}

static u32 choose(const struct gpugov_policy_params *p,
		  const struct gpugov_opp_table *t, const struct gpugov_sample *s,
		  struct gpugov_decision *d)
{
	struct gpugov_policy_state ps;
	struct gpugov_pred_state st;

	gpugov_pred_init(&st);
	gpugov_policy_state_init(&ps);
	gpugov_pred_observe(&st, s);
	gpugov_predict(&st, GPUGOV_PRED_CRISP, s, t, d->time_ps);
	gpugov_decide(p, &ps, t, s, d);
	return d->chosen;
}

static void test_objectives(void)
{
	struct gpugov_opp_table t = table5();
	struct gpugov_sample mem = sample_at_top(95), comp = sample_at_top(0);
	struct gpugov_policy_params p;
	static struct gpugov_decision d;

	gpugov_policy_defaults(&p);
	p.objective = GPUGOV_OBJ_PERFORMANCE;
	tap_ok(choose(&p, &t, &mem, &d) == 4 && d.reason == GPUGOV_REASON_PERFORMANCE,
	       "performance picks the top OPP even for memory-bound work");
	p.objective = GPUGOV_OBJ_EDP;
	choose(&p, &t, &mem, &d);
	tap_ok(d.chosen < 4, "edp lowers the clock of memory-bound work (OPP %u)", d.chosen);
	tap_ok(d.metric_q16[d.cur] == GPUGOV_Q16_ONE, "metric of the OPP in force is 1.0");
	p.objective = GPUGOV_OBJ_ENERGY;
	p.max_slowdown_pct = 5;
	choose(&p, &t, &mem, &d);
	tap_ok(d.time_ps[d.chosen] * 100 <= d.time_ps[4] * 105 &&
	       (d.chosen == 0 || d.time_ps[d.chosen - 1] * 100 > d.time_ps[4] * 105),
	       "energy takes the lowest OPP within max_slowdown 5%% (OPP %u)", d.chosen);
	tap_ok(choose(&p, &t, &comp, &d) == 4,
	       "energy keeps compute-bound work at the top: any lower OPP is >5%% slower");
	p.max_slowdown_pct = 400;
	choose(&p, &t, &comp, &d);
	tap_ok(d.chosen < 4, "with 400%% allowed slowdown energy lowers the clock (OPP %u)",
	       d.chosen);

	/* Compute-bound, dynamic power only: EDP ~ V^2 / f falls with f here. */
	p.objective = GPUGOV_OBJ_EDP;
	p.power.static_uw = 0;
	p.power.uncore_uw = 0;
	tap_ok(choose(&p, &t, &comp, &d) == 4, "edp of compute-bound dynamic-only work: top");
	/* ... while energy alone (V^2) would go to the bottom. */
	p.objective = GPUGOV_OBJ_ENERGY;
	p.max_slowdown_pct = 1000;
	tap_ok(choose(&p, &t, &comp, &d) == 0, "energy of dynamic-only work: lowest voltage");
}

static void test_hysteresis_idle(void)
{
	struct gpugov_opp_table t = table5();
	struct gpugov_sample s = sample_at_top(95);
	struct gpugov_policy_params p;
	static struct gpugov_decision d;
	u32 free_choice;
	u64 gain;

	gpugov_policy_defaults(&p);
	free_choice = choose(&p, &t, &s, &d);
	gain = GPUGOV_Q16_ONE - d.metric_q16[free_choice];
	p.hysteresis_pct = (u32)(gain * 100 / GPUGOV_Q16_ONE) + 1;
	choose(&p, &t, &s, &d);
	tap_ok(free_choice != d.cur && d.chosen == d.cur &&
	       d.reason == GPUGOV_REASON_HYSTERESIS,
	       "hysteresis %u%% above the %llu/65536 gain keeps the OPP", p.hysteresis_pct,
	       (unsigned long long)gain);
	p.hysteresis_pct -= 1;
	tap_ok(p.hysteresis_pct == 0 || choose(&p, &t, &s, &d) == free_choice,
	       "hysteresis below the gain lets it move");

	s.busy_ns = 0;
	tap_ok(choose(&p, &t, &s, &d) == 0 && d.reason == GPUGOV_REASON_IDLE,
	       "an idle interval goes to the lowest OPP");
}

static void test_power_model(void)
{
	struct gpugov_opp_table t = table5();
	struct gpugov_sample s = sample_at_top(0);
	struct gpugov_power_params pw = { .dyn_uw = 1000000 };
	u64 e;

	/* 1e6 cycles at 1 V, 1 W per GHz: 1 mJ... of 1 ms: 1e9 pJ */
	e = gpugov_energy_pj(&pw, &t, 4, &s, 1000000000ULL);
	tap_ok(e == 1000000000ULL, "dynamic energy of 1 ms at 1 GHz, 1 V, 1 W: 1e9 pJ (%llu)",
	       (unsigned long long)e);
	e = gpugov_energy_pj(&pw, &t, 0, &s, 5000000000ULL);
	tap_ok(e == 360000000ULL, "same work at 0.6 V costs 0.36x whatever its time (%llu)",
	       (unsigned long long)e);
	pw.dyn_uw = 0;
	pw.static_uw = 1000000;
	pw.idle_uw = 100000;
	e = gpugov_energy_pj(&pw, &t, 4, &s, 1000000000ULL);
	tap_ok(e == 1000000000ULL + 100000000ULL,
	       "static 1 W at 1 V for 1 ms + idle 0.1 W for the other 1 ms (%llu)",
	       (unsigned long long)e);
	t.opp[4].power_uw = 3000000;
	e = gpugov_energy_pj(&pw, &t, 4, &s, 1000000000ULL);
	tap_ok(e == 3000000000ULL + 100000000ULL,
	       "energy-model power 3 W for 1 ms + idle (%llu)", (unsigned long long)e);
}

static void test_fallback_and_names(void)
{
	int i;

	tap_ok(gpugov_predictor_resolve(GPUGOV_PRED_CRISP, 0) == GPUGOV_PRED_BUSY,
	       "busy/total only: CRISP falls back to the busy-only model");
	tap_ok(gpugov_predictor_resolve(GPUGOV_PRED_CRISP, GPUGOV_CAP_LOAD_STALL) ==
	       GPUGOV_PRED_STALL, "load stalls only: CRISP falls back to STALL");
	tap_ok(gpugov_predictor_resolve(GPUGOV_PRED_CRISP,
					GPUGOV_CAP_LOAD_OUT | GPUGOV_CAP_LOAD_STALL |
					GPUGOV_CAP_STORE_STALL) == GPUGOV_PRED_CRISP_L,
	       "no LCP counter: CRISP falls back to CRISP-L");
	tap_ok(gpugov_predictor_resolve(GPUGOV_PRED_LEAD, GPUGOV_CAP_LEAD) == GPUGOV_PRED_LEAD,
	       "LEAD is kept when its counter exists");
	for (i = 0; i < GPUGOV_NR_PRED; i++)
		if (gpugov_predictor_find(gpugov_predictor(i)->name,
					  strlen(gpugov_predictor(i)->name)) != i)
			break;
	tap_ok(i == GPUGOV_NR_PRED, "every predictor is found by its name");
	tap_ok(gpugov_predictor_find("crisp\n", 6) < 0 && gpugov_predictor_find("cri", 3) < 0,
	       "names match exactly");
	tap_ok(gpugov_objective_find("ed2p", 4) == GPUGOV_OBJ_ED2P &&
	       gpugov_objective_find("", 0) < 0, "objective names");
}

/* Busy time of 1 ms worth of work at @khz, @mem_pct of it memory time. */
static void observe_work(struct gpugov_pred_state *st, struct gpugov_sample *s,
			 u32 khz, u32 mem_pct)
{
	memset(s, 0, sizeof(*s));
	s->core_khz = khz;
	s->interval_ns = 10000000;
	s->busy_ns = 10000ULL * mem_pct + 10000ULL * (100 - mem_pct) * 1000000 / khz;
	gpugov_pred_observe(st, s);
}

static void test_busy_model(void)
{
	struct gpugov_opp_table t = table5();
	struct gpugov_pred_state st;
	static struct gpugov_sample s;
	u64 tp[5];

	gpugov_pred_init(&st);
	observe_work(&st, &s, 1000000, 100);
	gpugov_predict(&st, GPUGOV_PRED_BUSY, &s, &t, tp);
	tap_ok(tp[0] == 5 * tp[4], "one clock seen: conservative, time ~ 1/f");
	observe_work(&st, &s, 600000, 100);
	observe_work(&st, &s, 400000, 100);
	gpugov_predict(&st, GPUGOV_PRED_BUSY, &s, &t, tp);
	tap_ok(tp[1] == tp[4], "memory-bound history: flat down to its lowest clock (%llu vs %llu)",
	       (unsigned long long)tp[1], (unsigned long long)tp[4]);
	tap_ok(tp[0] == tp[4],
	       "and one OPP below it, where even time ~ 1/f fits the interval (%llu ps)",
	       (unsigned long long)tp[0]);
	s.interval_ns = 1500000;	/* 1 ms of work: 2 ms at 200 MHz does not fit */
	gpugov_predict(&st, GPUGOV_PRED_BUSY, &s, &t, tp);
	tap_ok(tp[0] == 2 * tp[4],
	       "where it would not, the time there grows with the period (%llu ps)",
	       (unsigned long long)tp[0]);

	gpugov_pred_init(&st);
	observe_work(&st, &s, 1000000, 40);
	observe_work(&st, &s, 600000, 40);
	observe_work(&st, &s, 800000, 40);
	gpugov_predict(&st, GPUGOV_PRED_BUSY, &s, &t, tp);
	/* at 600 MHz: 0.4 ms + 0.6 ms * 5 / 3 = 1.4 ms; 200 MHz is below the
	 * clocks seen: 1.4 ms * 3 = 4.2 ms, not the fit's 3.4 ms */
	tap_ok(tp[2] > 1399000000ULL && tp[2] < 1401000000ULL,
	       "40%% memory-bound history: 1.4 ms at 600 MHz (%llu ps)", (unsigned long long)tp[2]);
	tap_ok(tp[0] > 4199000000ULL && tp[0] < 4201000000ULL,
	       "and 4.2 ms at 200 MHz, two OPPs below the clocks seen (%llu ps)",
	       (unsigned long long)tp[0]);
	/* 400 MHz, one OPP below: the fit's 0.4 ms + 0.6 ms * 5 / 2 = 1.9 ms */
	tap_ok(tp[1] > 1899000000ULL && tp[1] < 1901000000ULL,
	       "one OPP below, a fit that explains its history: 1.9 ms (%llu ps)",
	       (unsigned long long)tp[1]);

	gpugov_pred_init(&st);
	observe_work(&st, &s, 1000000, 40);
	observe_work(&st, &s, 800000, 40);
	s.busy_ns = s.busy_ns * 112 / 100;	/* work that varies by 12% */
	gpugov_pred_observe(&st, &s);
	observe_work(&st, &s, 600000, 40);
	gpugov_predict(&st, GPUGOV_PRED_BUSY, &s, &t, tp);
	tap_ok(tp[1] == tp[2] * 3 / 2,
	       "a fit its history strays from: ~ 1/f below it (%llu ps, %llu at 600 MHz)",
	       (unsigned long long)tp[1], (unsigned long long)tp[2]);

	s.busy_ns *= 2;		/* same clock, twice the busy time: new phase */
	gpugov_pred_observe(&st, &s);
	tap_ok(st.busy.nr == 1, "busy time jumping at an unchanged clock starts a new phase");
}

/*
 * A (core, mem) table: core-clock models move their memory-bound time with
 * the memory clock, so a lower memory clock is not free.
 */
static void test_memory_clock(void)
{
	struct gpugov_opp_table t = { .nr = 2 };
	struct gpugov_sample s = sample_at_top(50);
	struct gpugov_pred_state st;
	u64 tp[2];
	int id;

	t.opp[0] = (struct gpugov_opp){ .core_khz = 1000000, .mem_khz = 500000 };
	t.opp[1] = (struct gpugov_opp){ .core_khz = 1000000, .mem_khz = 1000000 };
	s.mem_khz = 1000000;
	s.caps |= GPUGOV_CAP_MEM_KHZ | GPUGOV_CAP_LEAD | GPUGOV_CAP_CRIT;
	s.lead_cyc = s.crit_cyc = s.lcp_cyc;
	gpugov_pred_init(&st);
	gpugov_pred_observe(&st, &s);
	for (id = 0; id < GPUGOV_NR_PRED; id++) {
		if (id == GPUGOV_PRED_COREMEM || id == GPUGOV_PRED_PCSTALL)
			continue;
		gpugov_predict(&st, id, &s, &t, tp);
		tap_ok(tp[1] == 1000000000ULL && tp[0] > tp[1],
		       "%s: half the memory clock slows 50%% memory-bound work (%llu vs %llu ps)",
		       gpugov_predictor(id)->name, (unsigned long long)tp[0],
		       (unsigned long long)tp[1]);
	}
	s.caps &= ~GPUGOV_CAP_MEM_KHZ;
	gpugov_predict(&st, GPUGOV_PRED_CRISP, &s, &t, tp);
	tap_ok(tp[0] == tp[1], "without a known memory clock it does not move");
}

/*
 * The busy-only model before it knows the slope, on a (core, mem) table:
 * no clock is assumed to speed the work up unless both do, or a sample
 * saturated at the lowest OPP would be sent to a faster core with the same
 * slow memory, 2.5x late on memory-bound work.
 */
static void test_busy_unknown_two_clocks(void)
{
	struct gpugov_opp_table t = { .nr = 3 };
	struct gpugov_policy_params p;
	struct gpugov_policy_state ps;
	struct gpugov_pred_state st;
	static struct gpugov_sample s;
	static struct gpugov_decision d;

	t.opp[0] = (struct gpugov_opp){ .core_khz = 400000, .mem_khz = 400000 };
	t.opp[1] = (struct gpugov_opp){ .core_khz = 1000000, .mem_khz = 400000 };
	t.opp[2] = (struct gpugov_opp){ .core_khz = 1000000, .mem_khz = 1000000 };
	s.core_khz = 400000;
	s.mem_khz = 400000;
	s.caps = GPUGOV_CAP_MEM_KHZ;
	s.interval_ns = s.busy_ns = 1000000;
	gpugov_pred_init(&st);
	gpugov_pred_observe(&st, &s);
	gpugov_predict(&st, GPUGOV_PRED_BUSY, &s, &t, d.time_ps);
	tap_ok(d.time_ps[0] == 1000000000ULL && d.time_ps[1] == 1000000000ULL &&
	       d.time_ps[2] == 400000000ULL,
	       "busy, slope unknown: a faster core alone is not faster (%llu %llu %llu ps)",
	       (unsigned long long)d.time_ps[0], (unsigned long long)d.time_ps[1],
	       (unsigned long long)d.time_ps[2]);
	gpugov_policy_defaults(&p);
	gpugov_policy_state_init(&ps);
	gpugov_decide(&p, &ps, &t, &s, &d);
	tap_ok(d.chosen == 2, "busy all interval at the lowest OPP: both clocks up (%u)",
	       d.chosen);
}

/* 200, 500 and 1000 MHz, core clocks alone */
static void three_clocks(struct gpugov_opp_table *t)
{
	*t = (struct gpugov_opp_table){ .nr = 3 };
	t->opp[0].core_khz = 200000;
	t->opp[1].core_khz = 500000;
	t->opp[2].core_khz = 1000000;
}

/* The default policy's choice on @d's predictions for @s, from a fresh state. */
static u32 decide_fresh(const struct gpugov_opp_table *t, const struct gpugov_sample *s,
			struct gpugov_decision *d)
{
	struct gpugov_policy_params p;
	static struct gpugov_policy_state ps;

	gpugov_policy_defaults(&p);
	gpugov_policy_state_init(&ps);
	gpugov_decide(&p, &ps, t, s, d);
	return d->chosen;
}

/*
 * Light work seen at the top clock only, then a saturated interval at the
 * lowest: the history has one clock, so the slope is unknown, and the
 * time must still grow as the clock falls.  (The history's clock differed
 * from the saturated sample's, which once passed for two clocks; the flat
 * fit then said nothing scales, and the saturated work stayed at the
 * lowest OPP.)
 */
static void test_busy_saturated_after_one_clock(void)
{
	struct gpugov_opp_table t;
	struct gpugov_pred_state st;
	static struct gpugov_sample s;
	static struct gpugov_decision d;
	int i;

	three_clocks(&t);
	s.interval_ns = 1000000;
	s.core_khz = 1000000;
	gpugov_pred_init(&st);
	for (i = 0; i < 4; i++) {
		s.busy_ns = 100000 + 1000 * i;
		gpugov_pred_observe(&st, &s);
	}
	s.core_khz = 200000;
	s.busy_ns = s.interval_ns;
	gpugov_pred_observe(&st, &s);
	gpugov_predict(&st, GPUGOV_PRED_BUSY, &s, &t, d.time_ps);
	tap_ok(d.time_ps[0] == 1000000000ULL && d.time_ps[2] == 200000000ULL,
	       "busy, history at one other clock, saturated: time follows the period (%llu %llu ps)",
	       (unsigned long long)d.time_ps[0], (unsigned long long)d.time_ps[2]);
	tap_ok(decide_fresh(&t, &s, &d) == 2,
	       "and the saturated work goes to the top OPP (%u)", d.chosen);
}

/*
 * Paced frames polled more often than they arrive: two windows at two
 * clocks whose busy shares follow the frame's phase (67 % at the lowest
 * clock, 79 % at the top) fit "nothing scales".  Then every window is
 * saturated at the middle OPP.  One saturated window keeps the fit; the
 * second in a row ends the phase, the time follows the period again, and
 * the work goes up.  (Saturated windows are kept out of the fit, so the
 * flat fit had held the clock low for good while the queue grew.)
 */
static void test_busy_saturated_run_ends_fit(void)
{
	struct gpugov_opp_table t;
	struct gpugov_pred_state st;
	static struct gpugov_sample s;
	static struct gpugov_decision d;

	three_clocks(&t);
	s.interval_ns = 1000000;
	gpugov_pred_init(&st);
	s.core_khz = 200000;
	s.busy_ns = 670000;
	gpugov_pred_observe(&st, &s);
	s.core_khz = 1000000;
	s.busy_ns = 790000;
	gpugov_pred_observe(&st, &s);
	s.core_khz = 500000;
	s.busy_ns = s.interval_ns;
	gpugov_pred_observe(&st, &s);
	gpugov_predict(&st, GPUGOV_PRED_BUSY, &s, &t, d.time_ps);
	tap_ok(d.time_ps[2] == d.time_ps[1],
	       "busy, flat fit, one saturated window: the fit holds (%llu %llu ps)",
	       (unsigned long long)d.time_ps[1], (unsigned long long)d.time_ps[2]);
	gpugov_pred_observe(&st, &s);
	gpugov_predict(&st, GPUGOV_PRED_BUSY, &s, &t, d.time_ps);
	tap_ok(d.time_ps[1] == 1000000000ULL && d.time_ps[2] == 500000000ULL,
	       "busy, flat fit, two saturated windows in a row: time follows the period (%llu %llu ps)",
	       (unsigned long long)d.time_ps[1], (unsigned long long)d.time_ps[2]);
	tap_ok(decide_fresh(&t, &s, &d) == 2,
	       "and the saturated work goes to the top OPP (%u)", d.chosen);
}

/* One decision of @ps's device on @s with model @id, as the governor polls. */
static u32 poll_with(enum gpugov_pred_id id, const struct gpugov_policy_params *p,
		     struct gpugov_policy_state *ps, struct gpugov_pred_state *st,
		     const struct gpugov_opp_table *t, const struct gpugov_sample *s,
		     struct gpugov_decision *d)
{
	gpugov_pred_observe(st, s);
	gpugov_decision_predict(st, id, s, t, d);
	gpugov_decide(p, ps, t, s, d);
	return d->chosen;
}

/* ... with CRISP */
static u32 poll(const struct gpugov_policy_params *p,
		struct gpugov_policy_state *ps, struct gpugov_pred_state *st,
		const struct gpugov_opp_table *t, const struct gpugov_sample *s,
		struct gpugov_decision *d)
{
	return poll_with(GPUGOV_PRED_CRISP, p, ps, st, t, s, d);
}

/* @s with busy time @busy_us of its 2 ms interval, at @khz */
static struct gpugov_sample busy_at(struct gpugov_sample s, u64 busy_us, u32 khz)
{
	s.busy_ns = busy_us * 1000;
	s.core_khz = khz;
	s.lcp_cyc = s.lcp_cyc * busy_us / 1000 * khz / 1000000;
	s.load_stall_cyc = s.lcp_cyc;
	return s;
}

/* Whether any miss factor of @dl is above 1.0. */
static bool any_miss_dl(const struct gpugov_deadline_state *dl,
			const struct gpugov_opp_table *t)
{
	u32 i;

	for (i = 0; i < t->nr; i++)
		if (dl->miss_q16[i] != GPUGOV_Q16_ONE)
			return true;
	return false;
}

/* ... of @ps */
static bool any_miss(const struct gpugov_policy_state *ps,
		     const struct gpugov_opp_table *t)
{
	return any_miss_dl(&ps->deadline, t);
}

static void test_deadline(void)
{
	struct gpugov_opp_table t = table5();
	struct gpugov_sample comp = sample_at_top(0), mem = sample_at_top(95);
	struct gpugov_sample sat = sample_at_top(0), flat = sample_at_top(99), s;
	struct gpugov_sample half = sample_at_top(50);
	struct gpugov_policy_params p;
	struct gpugov_policy_state ps;
	struct gpugov_pred_state st;
	static struct gpugov_decision d;
	double want;
	u32 i, k;

	gpugov_policy_defaults(&p);
	tap_ok(p.objective == GPUGOV_OBJ_DEADLINE && p.util_pct == 90 &&
	       p.util_max_pct == 100 && p.slack_pct == 1,
	       "deadline is the default objective (util 90%%, util_max 100%%, slack 1%%)");
	/* 1 ms of compute every 2 ms: 600 MHz needs 1.67 ms <= 1.8 ms. */
	tap_ok(choose(&p, &t, &comp, &d) == 2 && d.reason == GPUGOV_REASON_BEST,
	       "paced compute-bound work: the lowest OPP that fits 90%% of the interval (OPP %u)",
	       d.chosen);
	tap_ok(choose(&p, &t, &mem, &d) == 0,
	       "paced memory-bound work fits at the lowest OPP (OPP %u)", d.chosen);
	sat.interval_ns = sat.busy_ns;
	tap_ok(choose(&p, &t, &sat, &d) == 4 && d.reason == GPUGOV_REASON_SATURATED,
	       "busy all interval, compute-bound: only 1%% slack, the top OPP");
	flat.interval_ns = flat.busy_ns;
	choose(&p, &t, &flat, &d);
	tap_ok(d.chosen < 4 && d.time_ps[d.chosen] * 100 <= d.time_ps[4] * 101,
	       "busy all interval, 99%% memory-bound: a lower OPP within 1%% (OPP %u)",
	       d.chosen);
	p.util_pct = 50;
	tap_ok(choose(&p, &t, &comp, &d) == 4, "util 50%%: 1 ms of 2 ms fits only at the top");

	/*
	 * 1 ms of work at the top, half of it load-stalled: OPP 1 (0.5 +
	 * 0.5 * 2.5 = 1.75 ms of 2) fits; there the next interval's work
	 * fills 1.1x the share expected: a miss of the model's (work can be
	 * up to 2.5 / 1.75 = 1.43x slower there than it predicted).
	 */
	gpugov_policy_defaults(&p);
	gpugov_pred_init(&st);
	gpugov_policy_state_init(&ps);
	k = poll(&p, &ps, &st, &t, &half, &d);
	tap_ok(k == 1, "1 ms of work, half of it memory-bound: OPP 1 (%u)", k);
	s = busy_at(half, d.time_ps[k] * 11 / 10 / 1000000, t.opp[k].core_khz);
	poll(&p, &ps, &st, &t, &s, &d);
	/* 1.1 beyond the spread that interval taught, less 1/16 of decay */
	want = 1.0 + (1.1 / (1.0 + ps.deadline.spread_q16 / 65536.0) - 1.0) *
		     15 / 16;
	tap_ok(fabs(ps.deadline.miss_q16[k] / 65536.0 - want) < 0.002 &&
	       want > 1.08,
	       "a miss at OPP %u raises its factor to 1.1 / (1 + spread), less 1/16 of decay (%.4f, %.4f)",
	       k, ps.deadline.miss_q16[k] / 65536.0, want);
	tap_ok(ps.deadline.miss_q16[0] == ps.deadline.miss_q16[k] &&
	       ps.deadline.miss_q16[2] == GPUGOV_Q16_ONE &&
	       ps.deadline.miss_q16[4] == GPUGOV_Q16_ONE,
	       "the slower OPPs get the same factor, the faster ones none");
	tap_ok(poll(&p, &ps, &st, &t, &half, &d) == 2,
	       "1 ms of work again: 1.75 ms * 1.1 no longer fits 1.8 ms, OPP 2 (%u)",
	       d.chosen);
	for (i = 0; i < 64; i++)
		poll(&p, &ps, &st, &t, &half, &d);
	tap_ok(ps.deadline.miss_q16[k] < GPUGOV_Q16_ONE * 1002 / 1000,
	       "the factor decays back towards 1.0 (%.4f after 64 intervals)",
	       ps.deadline.miss_q16[k] / 65536.0);
	/*
	 * OPP 1 was left the decision after the move to it: a bounce, so
	 * the hunting guard (predictors/gpugov_bounce.c) keeps OPP 2 for 4 s
	 * of intervals while the work is the same, factor or none.
	 */
	tap_ok(d.chosen == 2, "the bounce from OPP 1 holds OPP 2 meanwhile (%u)",
	       d.chosen);
	for (i = 0; i < 2000 - 64; i++)
		poll(&p, &ps, &st, &t, &half, &d);
	tap_ok(d.chosen == 1, "and after the 4 s hold, OPP 1 is used again (%u)",
	       d.chosen);

	/*
	 * Compute-bound work predicted so (1.67 ms at OPP 2) that then takes
	 * 1.1x longer there grew: no model can be slower than the clock
	 * ratio, 1000 / 600 MHz, and this one predicted all of it.
	 */
	gpugov_policy_state_init(&ps);
	k = poll(&p, &ps, &st, &t, &comp, &d);
	s = busy_at(comp, d.time_ps[k] * 11 / 10 / 1000000, t.opp[k].core_khz);
	poll(&p, &ps, &st, &t, &s, &d);
	tap_ok(k == 2 && !any_miss(&ps, &t),
	       "work that grew beyond the clock ratio's slowdown: no factor raised (OPP %u)",
	       k);

	/* More work at the top OPP is no miss of the model's. */
	gpugov_policy_state_init(&ps);
	tap_ok(poll(&p, &ps, &st, &t, &sat, &d) == 4, "1 ms busy all 1 ms: top");
	s = sat;
	s.busy_ns = s.interval_ns = 3 * sat.busy_ns;
	poll(&p, &ps, &st, &t, &s, &d);
	for (i = 0, k = 0; i < t.nr; i++)
		k += ps.deadline.miss_q16[i] != GPUGOV_Q16_ONE;
	tap_ok(d.chosen == 4 && !k, "3x the work at the top OPP: no factor raised");
}

/*
 * Back to back, one memory-bound interval among compute-bound ones does
 * not move the clock: a move down needs the work of this saturated
 * interval and of the one before to fit (gpugov_deadline_recent()).  A
 * paced interval ends the run.
 */
static void test_deadline_back_to_back(void)
{
	struct gpugov_opp_table t = table5();
	struct gpugov_sample comp = sample_at_top(0), flat = sample_at_top(99);
	struct gpugov_sample paced = sample_at_top(0), half = sample_at_top(50);
	struct gpugov_policy_params p;
	struct gpugov_policy_state ps;
	struct gpugov_pred_state st;
	static struct gpugov_decision d;
	u32 k;

	comp.interval_ns = comp.busy_ns;
	flat.interval_ns = flat.busy_ns;
	half.interval_ns = half.busy_ns;
	gpugov_policy_defaults(&p);
	gpugov_pred_init(&st);
	gpugov_policy_state_init(&ps);
	tap_ok(poll(&p, &ps, &st, &t, &flat, &d) < 4,
	       "back to back, memory-bound from the start: a lower OPP (%u)",
	       d.chosen);
	gpugov_policy_state_init(&ps);
	poll(&p, &ps, &st, &t, &comp, &d);
	k = poll(&p, &ps, &st, &t, &flat, &d);
	tap_ok(k == 4 && d.time_ps[3] * 100 <= d.time_ps[4] * 101,
	       "a memory-bound interval after a compute-bound one: the top OPP, though its own work fits OPP 3 (%u)",
	       k);
	k = poll(&p, &ps, &st, &t, &flat, &d);
	tap_ok(k < 4, "a second memory-bound interval: a lower OPP (%u)", k);
	/* the interval before counts, not the largest of a longer run */
	gpugov_policy_state_init(&ps);
	poll(&p, &ps, &st, &t, &comp, &d);
	poll(&p, &ps, &st, &t, &half, &d);
	k = poll(&p, &ps, &st, &t, &flat, &d);
	tap_ok(k == 4,
	       "compute-bound, half memory-bound, memory-bound: the half's work fits only the top OPP, so stay (%u)",
	       k);
	gpugov_policy_state_init(&ps);
	poll(&p, &ps, &st, &t, &paced, &d);
	k = poll(&p, &ps, &st, &t, &flat, &d);
	tap_ok(k < 4, "after a paced interval, one memory-bound interval moves (%u)",
	       k);
}

/*
 * Two memory clocks per core clock, the voltage following the core clock:
 * for compute-bound work every memory clock of a core clock costs the same
 * predicted energy.  `deadline` then keeps the higher memory clock, which
 * the next interval's work may need (a memory-bound one after a
 * compute-bound one ran 2.5x late at (1000, 400) MHz on maxwell-16sm,
 * chosen by the lower-OPP tie rule for no saving); of equal energy and
 * time, the OPP with less of a learned miss factor.
 */
static void test_deadline_equal_energy(void)
{
	struct gpugov_opp_table t = { .nr = 4 };
	struct gpugov_sample comp = sample_at_top(0), sat;
	struct gpugov_policy_params p;
	struct gpugov_policy_state ps;
	struct gpugov_pred_state st;
	static struct gpugov_decision d;
	u32 i;

	for (i = 0; i < t.nr; i++) {
		t.opp[i].core_khz = i < 2 ? 800000 : 1000000;
		t.opp[i].mem_khz = i % 2 ? 1000000 : 400000;
		t.opp[i].uv = i < 2 ? 900000 : 1000000;
	}
	comp.mem_khz = 1000000;
	comp.caps |= GPUGOV_CAP_MEM_KHZ;
	sat = comp;
	sat.interval_ns = sat.busy_ns;
	gpugov_policy_defaults(&p);
	choose(&p, &t, &comp, &d);
	tap_ok(d.chosen == 1 && d.energy_pj[0] == d.energy_pj[1],
	       "paced compute-bound work, (800, 400) and (800, 1000) MHz of equal energy: the higher memory clock (OPP %u)",
	       d.chosen);
	choose(&p, &t, &sat, &d);
	tap_ok(d.chosen == 3 && d.reason == GPUGOV_REASON_SATURATED,
	       "back-to-back compute-bound work: (1000, 1000) MHz, not (1000, 400) of equal energy (OPP %u)",
	       d.chosen);
	gpugov_pred_init(&st);
	gpugov_policy_state_init(&ps);
	ps.deadline.miss_q16[1] = GPUGOV_Q16_ONE * 11 / 10;
	poll(&p, &ps, &st, &t, &comp, &d);
	tap_ok(d.chosen == 0,
	       "of equal energy, the OPP expected faster once miss factors are applied (OPP %u)",
	       d.chosen);
	p.objective = GPUGOV_OBJ_ENERGY;
	p.max_slowdown_pct = 30;
	tap_ok(choose(&p, &t, &comp, &d) == 0,
	       "`energy` keeps the lower OPP on a tie (OPP %u)", d.chosen);
}

static void test_idle_power(void)
{
	struct gpugov_opp_table t = table5();
	struct gpugov_power_params pw = { .idle_static_uw = 1000000, .idle_uw = 500000 };
	struct gpugov_sample s = sample_at_top(0);

	/* idle all 2 ms: (1 W * V + 0.5 W) * 2 ms; 0.6 V -> 2.2 mJ, 1 V -> 3 mJ */
	tap_ok(gpugov_energy_pj(&pw, &t, 0, &s, 0) == 2200000000ULL &&
	       gpugov_energy_pj(&pw, &t, 4, &s, 0) == 3000000000ULL,
	       "idle leakage follows the OPP voltage (%llu, %llu pJ)",
	       (unsigned long long)gpugov_energy_pj(&pw, &t, 0, &s, 0),
	       (unsigned long long)gpugov_energy_pj(&pw, &t, 4, &s, 0));
}

/*
 * The `target` objective's u64 target, where a sample has no instruction
 * counter: never divided by as a value cut to 32 bits (2^32 became a
 * divisor of 0, a percent of 2^32 + 50 became 50).
 */
static void test_target_bounds(void)
{
	struct gpugov_opp_table t = table5();
	struct gpugov_sample mem = sample_at_top(95);
	struct gpugov_policy_params p;
	static struct gpugov_decision d;
	u32 at100, got;

	gpugov_policy_defaults(&p);
	p.grape.mode = GPUGOV_GRAPE_ABS;
	p.grape.target = 1ULL << 32;
	p.objective = GPUGOV_OBJ_TARGET;
	tap_ok(choose(&p, &t, &mem, &d) == 4 && d.reason == GPUGOV_REASON_PERFORMANCE,
	       "absolute target 2^32 without instructions: the top OPP");
	p.grape.mode = GPUGOV_GRAPE_PCT;
	p.grape.target = 100;
	at100 = choose(&p, &t, &mem, &d);
	p.grape.target = 50;
	got = choose(&p, &t, &mem, &d);
	tap_ok(got < at100, "percent target 50%% allows a lower OPP than 100%% "
	       "(OPP %u, %u)", got, at100);
	p.grape.target = (1ULL << 32) + 50;
	got = choose(&p, &t, &mem, &d);
	tap_ok(got == at100, "percent target 2^32 + 50 reads as 100%% (OPP %u), "
	       "not as 50%% (OPP %u)", at100, got);
}

/*
 * The factor of OPP 2 after a decision from OPP @cur expected 1 ms of a
 * 2 ms interval there and @top_us at the top OPP (@bounded: as upper
 * bounds), allowed 1.8 ms, and the work then took @busy_us there.
 */
static u32 miss_after(u32 cur, bool bounded, u64 top_us, u64 busy_us)
{
	struct gpugov_opp_table t = table5();
	struct gpugov_deadline_state dl;
	static struct gpugov_decision d;
	static struct gpugov_sample s;

	gpugov_deadline_init(&dl);
	d.cur = cur;
	d.chosen = 2;
	d.hi = 4;
	d.bounded = bounded;
	d.time_ps[2] = 1000000000ULL;
	d.time_ps[4] = top_us * 1000000;
	d.limit_ps = 1800000000ULL;
	s.interval_ns = 2000000;
	s.busy_ns = 1000000;
	gpugov_deadline_expect(&dl, &d, &s);
	s.busy_ns = busy_us * 1000;
	s.core_khz = t.opp[2].core_khz;
	gpugov_deadline_learn(&dl, &t, 2, &s);
	return dl.miss_q16[2];
}

/*
 * A miss that the model cannot be blamed for (the time at the OPP the work
 * was measured at, or a bound) is the work changing: it raises the factor
 * only beyond the limit the decision allowed, and only by the growth the
 * headroom did not allow for.  An estimate's miss counts in full.  Either
 * is the model's error only up to the slowdown the clocks allow: 600 MHz
 * is at most 1000 / 600 slower than 1 GHz, so a model that predicted
 * 1 ms there and 0.8 ms at the top (1.25x) erred by 1.33x at most; one
 * that predicted 0.6 ms at the top (the whole clock ratio), not at all.
 */
static void test_deadline_exact(void)
{
	u32 one = GPUGOV_Q16_ONE;

	tap_ok(miss_after(4, false, 800, 1100) > one,
	       "an estimate made at another OPP, 1.1 ms for 1 ms: a miss");
	tap_ok(miss_after(4, true, 800, 1100) == one,
	       "a bound, 1.1 ms for 1 ms within the 1.8 ms limit: the work changed, no miss");
	tap_ok(miss_after(2, false, 800, 1100) == one,
	       "the time at the OPP measured, 1.1 ms for 1 ms within the limit: no miss");
	/* 1 + (x - 1) * 15 / 16: one interval's decay */
	tap_ok(miss_after(4, false, 800, 1050) > one * 1046 / 1000 &&
	       miss_after(4, false, 800, 1050) < one * 1047 / 1000 &&
	       miss_after(4, true, 800, 1900) > one * 1311 / 1000 &&
	       miss_after(4, true, 800, 1900) < one * 1313 / 1000 &&
	       miss_after(2, false, 800, 1900) == miss_after(4, true, 800, 1900) &&
	       miss_after(4, false, 800, 1900) == miss_after(4, true, 800, 1900),
	       "an estimate's miss counts in full (1.05: %.4f); 1.9 ms beyond the 1.8 ms limit, either kind, no more than 1.333 (%.4f)",
	       miss_after(4, false, 800, 1050) / 65536.0,
	       miss_after(4, true, 800, 1900) / 65536.0);
	/* predicted as fast as at the top (a probe): up to 1.667 */
	tap_ok(miss_after(4, true, 1000, 1850) > one * 1622 / 1000 &&
	       miss_after(4, true, 1000, 1850) < one * 1625 / 1000,
	       "a bound's miss raises the factor by the growth beyond the 90%% headroom, 1.85 * 0.9 (%.4f)",
	       miss_after(4, true, 1000, 1850) / 65536.0);
	tap_ok(miss_after(4, false, 600, 1900) == one &&
	       miss_after(4, true, 600, 1900) == one &&
	       miss_after(2, false, 600, 1900) == one,
	       "predicted with the whole clock ratio (0.6 ms at the top), any miss is the work's growth: none");
}

/*
 * Work that varies from interval to interval: the spread is learned at a
 * fixed OPP, with no model involved, and an estimate's miss counts only
 * beyond it, by how much it exceeds it.
 */
static void test_deadline_spread(void)
{
	struct gpugov_opp_table t = table5();
	struct gpugov_deadline_state dl;
	static struct gpugov_decision d;
	static struct gpugov_sample s;
	u32 one = GPUGOV_Q16_ONE, i, spread;
	double want;

	gpugov_deadline_init(&dl);
	s.interval_ns = 2000000;
	s.core_khz = t.opp[2].core_khz;
	/* 1.0 and 1.2 ms of 2 ms in turn: changes of 20% and 16.7% */
	for (i = 0; i < 64; i++) {
		s.busy_ns = i & 1 ? 1200000 : 1000000;
		gpugov_deadline_learn(&dl, &t, 2, &s);
	}
	spread = dl.spread_q16;
	tap_ok(spread > one * 17 / 100 && spread < one * 19 / 100,
	       "1.0 and 1.2 ms in turn at one OPP: a spread of about 18%% (%.3f)",
	       spread / 65536.0);
	s.busy_ns = s.interval_ns;
	gpugov_deadline_learn(&dl, &t, 2, &s);
	s.busy_ns = 100000;
	gpugov_deadline_learn(&dl, &t, 2, &s);
	s.core_khz = t.opp[3].core_khz;
	gpugov_deadline_learn(&dl, &t, 3, &s);
	tap_ok(dl.spread_q16 == spread,
	       "a saturated sample, the one after it and a change of OPP teach no spread");

	/* an estimate at OPP 2, made at OPP 4: 1 ms of 2 ms, 0.8 ms at 4 */
	d.cur = 4;
	d.chosen = 2;
	d.hi = 4;
	d.time_ps[2] = 1000000000ULL;
	d.time_ps[4] = 800000000ULL;
	d.limit_ps = 1800000000ULL;
	s.core_khz = t.opp[2].core_khz;
	s.busy_ns = 1000000;
	gpugov_deadline_expect(&dl, &d, &s);
	s.busy_ns = 1150000;
	gpugov_deadline_learn(&dl, &t, 2, &s);
	tap_ok(!any_miss_dl(&dl, &t),
	       "an estimate 15%% short, within the spread: no miss");
	gpugov_deadline_expect(&dl, &d, &s);
	s.busy_ns = 1500000;
	gpugov_deadline_learn(&dl, &t, 2, &s);
	/* 1.5 / (1 + spread), less one interval's decay of 1/16 */
	want = 1.0 + (1.5 / (1.0 + dl.spread_q16 / 65536.0) - 1.0) * 15 / 16;
	tap_ok(fabs(dl.miss_q16[2] / 65536.0 - want) < 0.002 && want > 1.2,
	       "50%% short: a miss of what the spread (%.3f) does not cover (%.4f, %.4f)",
	       dl.spread_q16 / 65536.0, dl.miss_q16[2] / 65536.0, want);
}

/* @n samples at OPP 2 of table5(), @a and @b us busy of 2 ms in turn. */
static void spread_samples(struct gpugov_deadline_state *dl, u32 n, u64 a,
			   u64 b)
{
	struct gpugov_opp_table t = table5();
	struct gpugov_sample s;

	memset(&s, 0, sizeof(s));
	s.interval_ns = 2000000;
	s.core_khz = t.opp[2].core_khz;
	while (n--) {
		s.busy_ns = (n & 1 ? a : b) * 1000;
		gpugov_deadline_learn(dl, &t, 2, &s);
	}
}

/* A limit of gpugov_deadline_limits() under util @util, util_max @max. */
static u64 limit_at(const struct gpugov_deadline_state *dl, u32 util, u32 max,
		    const struct gpugov_sample *s, bool down)
{
	struct gpugov_policy_params p;
	u64 up_ps, down_ps;

	gpugov_policy_defaults(&p);
	p.util_pct = util;
	p.util_max_pct = max;
	gpugov_deadline_limits(dl, &p, s, 1000000000ULL, &up_ps, &down_ps);
	return down ? down_ps : up_ps;
}

/*
 * The headroom: util's while the work's variation is unknown, 2.5 spreads
 * once steady work has shown it needs less, never more than util's nor
 * less than util_max leaves; a move down needs one spread more, even
 * beyond util's; saturated, only the slack bound.
 */
static void test_deadline_headroom(void)
{
	struct gpugov_deadline_state dl;
	static struct gpugov_sample s;
	u64 up, down;
	double h, want;

	s.interval_ns = 2000000;
	s.busy_ns = 1000000;
	gpugov_deadline_init(&dl);
	up = limit_at(&dl, 90, 100, &s, false);
	down = limit_at(&dl, 90, 100, &s, true);
	tap_ok(up == 1800000000ULL && down <= up && down > up - up / 100000,
	       "nothing learned: util's 90%% of 2 ms, down as up but for rounding (%llu, %llu ps)",
	       (unsigned long long)up, (unsigned long long)down);

	spread_samples(&dl, 33, 1000, 1000);
	up = limit_at(&dl, 90, 100, &s, false);
	down = limit_at(&dl, 90, 100, &s, true);
	tap_ok(dl.spread_q16 == 0 && up > 1990000000ULL && up < 2000000000ULL &&
	       down == up,
	       "32 steady intervals: util's headroom (7/8)^32 gone, nearly all of 2 ms (%llu ps)",
	       (unsigned long long)up);
	tap_ok(limit_at(&dl, 90, 95, &s, false) == 1900000000ULL &&
	       limit_at(&dl, 90, 90, &s, false) == 1800000000ULL &&
	       limit_at(&dl, 90, 50, &s, false) == 1800000000ULL,
	       "util_max 95: 95%% of it at most; util_max at or below util: util's");
	tap_ok(limit_at(&dl, 100, 100, &s, false) == 2000000000ULL &&
	       limit_at(&dl, 0, 100, &s, false) == 1010000000ULL,
	       "util 100: the whole interval; util 0: the slack bound alone");

	gpugov_deadline_init(&dl);
	spread_samples(&dl, 64, 1000, 1020);
	up = limit_at(&dl, 90, 100, &s, false);
	down = limit_at(&dl, 90, 100, &s, true);
	h = 2.5 * dl.spread_q16 / 65536.0;
	want = 2e9 / (1.0 + h);
	tap_ok(fabs(up - want) < 2e6 && down < up && up < 1950000000ULL &&
	       down > 1800000000ULL,
	       "work varying by 2%%: a headroom of 2.5 spreads (%.4f; %llu ps, want %.0f), down one spread more (%llu ps)",
	       h, (unsigned long long)up, want, (unsigned long long)down);

	gpugov_deadline_init(&dl);
	spread_samples(&dl, 64, 1000, 1200);
	h = 2.5 * dl.spread_q16 / 65536.0 + dl.prior_q16 * 10.0 / 90 / 65536.0;
	want = 2e9 / (1.0 + h + dl.spread_q16 / 65536.0);
	down = limit_at(&dl, 90, 100, &s, true);
	tap_ok(limit_at(&dl, 90, 100, &s, false) == 1800000000ULL,
	       "work varying by 18%%: no more headroom than util's to stay");
	tap_ok(fabs(down - want) < 2e6 && down < 1500000000ULL,
	       "... but a move down needs its 3.5 spreads, beyond util's (%llu ps, want %.0f)",
	       (unsigned long long)down, want);

	s.busy_ns = s.interval_ns;
	tap_ok(limit_at(&dl, 90, 100, &s, false) == 1010000000ULL,
	       "saturated: the top OPP's time plus slack alone");
}

/*
 * The busy-only model before it knows the slope predicts upper bounds (time
 * proportional to the period): an interval that takes longer than one is
 * a heavier frame, not the model's miss at that OPP, and raises no factor.
 * (Frames whose work varied raised the factors of the OPPs below at every
 * heavier frame and kept busy above simple_ondemand's clock.)  Once the
 * slope is fitted, its predictions are estimates, and a miss counts.
 */
static void test_deadline_bounded(void)
{
	struct gpugov_opp_table t = table5(), tm = { .nr = 2 };
	struct gpugov_policy_params p;
	struct gpugov_policy_state ps;
	struct gpugov_pred_state st;
	static struct gpugov_sample s;
	static struct gpugov_decision d;
	u32 k;

	gpugov_policy_defaults(&p);
	gpugov_policy_state_init(&ps);
	gpugov_pred_init(&st);
	s.interval_ns = 2000000;
	s.busy_ns = 500000;
	s.core_khz = 1000000;
	k = poll_with(GPUGOV_PRED_BUSY, &p, &ps, &st, &t, &s, &d);
	tap_ok(d.bounded && k < t.nr - 1 && d.time_ps[k] <= 1800000000ULL,
	       "busy, one clock seen: bounds; 0.5 ms of 2 ms at 1 GHz goes lower (OPP %u)",
	       k);
	s.core_khz = t.opp[k].core_khz;
	s.busy_ns = d.time_ps[k] / 1000 * 11 / 10;
	k = poll_with(GPUGOV_PRED_BUSY, &p, &ps, &st, &t, &s, &d);
	tap_ok(!any_miss(&ps, &t),
	       "a frame 1.1x longer than its bound, within the limit, raises no factor");
	tap_ok(!d.bounded, "two clocks seen: the busy model estimates");

	/* Only the busy model bounds, and only where it sees every clock. */
	s = sample_at_top(50);
	gpugov_pred_init(&st);
	gpugov_pred_observe(&st, &s);
	tap_ok(!gpugov_pred_bounded(&st, GPUGOV_PRED_CRISP, &s, &t),
	       "CRISP's predictions are estimates");
	s.core_khz = 0;
	tap_ok(!gpugov_pred_bounded(&st, GPUGOV_PRED_BUSY, &s, &t),
	       "a sample without a clock predicts its own time everywhere: no bound");
	tm.opp[0] = (struct gpugov_opp){ .core_khz = 1000000, .mem_khz = 500000 };
	tm.opp[1] = (struct gpugov_opp){ .core_khz = 1000000, .mem_khz = 1000000 };
	s.core_khz = 1000000;
	tap_ok(!gpugov_pred_bounded(&st, GPUGOV_PRED_BUSY, &s, &tm),
	       "OPPs moving a memory clock the sample does not report: no bound");
	s.caps |= GPUGOV_CAP_MEM_KHZ;
	s.mem_khz = 1000000;
	tap_ok(gpugov_pred_bounded(&st, GPUGOV_PRED_BUSY, &s, &tm),
	       "with the sample's memory clock known: a bound");
}

/* @n polls of busy/deadline on @busy_us of a 2 ms interval at @khz. */
static u32 busy_polls(struct gpugov_policy_state *ps, struct gpugov_pred_state *st,
		      const struct gpugov_opp_table *t, u32 n, u64 busy_us,
		      u32 khz, struct gpugov_decision *d)
{
	struct gpugov_policy_params p;
	struct gpugov_sample s;
	u32 k = 0;

	gpugov_policy_defaults(&p);
	memset(&s, 0, sizeof(s));
	s.interval_ns = 2000000;
	s.busy_ns = busy_us * 1000;
	s.core_khz = khz;
	while (n--)
		k = poll_with(GPUGOV_PRED_BUSY, &p, ps, st, t, &s, d);
	return k;
}

/*
 * The busy model's probe: a steady phase at one clock whose bound one step
 * down fits the interval (1.55 ms of 2 ms at 1 GHz: 1.94 ms at 800 MHz)
 * but not the 90% headroom is tried there once.
 */
static void test_busy_probe(void)
{
	struct gpugov_opp_table t = table5();
	struct gpugov_policy_state ps;
	struct gpugov_pred_state st;
	static struct gpugov_decision d;
	u32 k;

	gpugov_policy_state_init(&ps);
	gpugov_pred_init(&st);
	k = busy_polls(&ps, &st, &t, GPUGOV_BUSY_HIST - 1, 1550, 1000000, &d);
	tap_ok(k == 4, "1.55 ms of 2 ms at 1 GHz, 7 intervals: the top OPP (%u)", k);
	k = busy_polls(&ps, &st, &t, 1, 1550, 1000000, &d);
	tap_ok(k == 3 && d.time_ps[3] == 1550000000ULL && d.bounded,
	       "the 8th: a probe of 800 MHz, predicted as if nothing scaled (OPP %u, %llu ps)",
	       k, (unsigned long long)d.time_ps[3]);
	/* 70% memory-bound: 1.55 ms * (0.7 + 0.3 * 1.25) = 1.666 ms */
	k = busy_polls(&ps, &st, &t, 1, 1666, 800000, &d);
	tap_ok(k == 3 && !any_miss(&ps, &t),
	       "memory-bound work that fits 90%% there stays, no miss factor (OPP %u)", k);

	gpugov_policy_state_init(&ps);
	gpugov_pred_init(&st);
	busy_polls(&ps, &st, &t, GPUGOV_BUSY_HIST, 1550, 1000000, &d);
	k = busy_polls(&ps, &st, &t, 1, 1937, 800000, &d);
	tap_ok(k == 4, "compute-bound work (1.94 ms at 800 MHz) goes back up (OPP %u)", k);
	k = busy_polls(&ps, &st, &t, 3 * GPUGOV_BUSY_HIST, 1550, 1000000, &d);
	tap_ok(k == 4, "and the phase is not probed again (OPP %u after 24 intervals)", k);

	gpugov_policy_state_init(&ps);
	gpugov_pred_init(&st);
	for (k = 0; k < GPUGOV_BUSY_HIST; k++)
		busy_polls(&ps, &st, &t, 1, k % 2 ? 1450 : 1650, 1000000, &d);
	k = busy_polls(&ps, &st, &t, 1, 1550, 1000000, &d);
	tap_ok(k == 4, "work that varies by 6%%: no probe (OPP %u)", k);

	gpugov_policy_state_init(&ps);
	gpugov_pred_init(&st);
	k = busy_polls(&ps, &st, &t, 2 * GPUGOV_BUSY_HIST, 1650, 1000000, &d);
	tap_ok(k == 4, "1.65 ms: 2.06 ms at 800 MHz would not fit the interval, no probe (OPP %u)",
	       k);

	/* The bound is the core clock's: not where the OPPs move memory too. */
	for (k = 0; k < t.nr; k++)
		t.opp[k].mem_khz = k % 2 ? 1000000 : 500000;
	gpugov_policy_state_init(&ps);
	gpugov_pred_init(&st);
	busy_polls(&ps, &st, &t, 2 * GPUGOV_BUSY_HIST, 1550, 1000000, &d);
	tap_ok(d.time_ps[3] == 1937500000ULL && !d.bounded,
	       "OPPs that also move a memory clock: no probe, 800 MHz estimated by the core clock (%llu ps)",
	       (unsigned long long)d.time_ps[3]);
}

/*
 * Hunting (issue 26): steady memory-bound work, 1 ms at 1 GHz of which
 * 0.9 ms waits on memory, every 4 ms, on OPPs whose power rises with the
 * clock (1, 1.15, 1.4, 1.7, 2 W); a model that predicts the OPPs below the
 * one it measured 1/1.16 too fast, as CRISP did for a GEMV.  At 400 MHz
 * (1.15 ms, 1.32 uJ) 200 MHz looks cheaper (1.21 ms, 1.21 uJ) and is not
 * (1.4 ms, 1.4 uJ): the clock went down and back up at every interval.
 * The miss factor learned there holds it, and the move is retried only
 * once the factor has decayed.
 */
static u32 hunt_switches(u32 n)
{
	static const u32 mw[] = { 1000, 1150, 1400, 1700, 2000 };
	struct gpugov_opp_table t = table5();
	struct gpugov_policy_params p;
	struct gpugov_policy_state ps;
	static struct gpugov_decision d;
	static struct gpugov_sample s;
	u32 cur = 4, sw = 0, i, f;

	for (f = 0; f < t.nr; f++)
		t.opp[f].power_uw = mw[f] * 1000;
	gpugov_policy_defaults(&p);
	gpugov_policy_state_init(&ps);
	s.interval_ns = 4000000;
	for (i = 0; i < n; i++) {
		s.core_khz = t.opp[cur].core_khz;
		/* 0.9 ms + 0.1 ms * 1 GHz / f */
		s.busy_ns = 900000 + 100000000000ULL / s.core_khz;
		for (f = 0; f < t.nr; f++) {
			d.time_ps[f] = 900000000ULL +
				       100000000000000ULL / t.opp[f].core_khz;
			if (f < cur)
				d.time_ps[f] = d.time_ps[f] * 100 / 116;
		}
		d.bounded = false;
		gpugov_decide(&p, &ps, &t, &s, &d);
		sw += d.chosen != cur;
		cur = d.chosen;
	}
	return sw;
}

static void test_deadline_hunting(void)
{
	u32 sw = hunt_switches(128);

	tap_ok(sw <= 12,
	       "steady memory-bound work, a model 1.16x optimistic below: %u switches in 128 intervals (at most 12)",
	       sw);
}

int main(void)
{
	test_objectives();
	test_hysteresis_idle();
	test_power_model();
	test_fallback_and_names();
	test_busy_model();
	test_busy_unknown_two_clocks();
	test_busy_saturated_after_one_clock();
	test_busy_saturated_run_ends_fit();
	test_memory_clock();
	test_deadline();
	test_deadline_equal_energy();
	test_deadline_back_to_back();
	test_deadline_bounded();
	test_deadline_exact();
	test_deadline_spread();
	test_deadline_headroom();
	test_deadline_hunting();
	test_busy_probe();
	test_idle_power();
	test_target_bounds();
	return tap_done("policy");
}
