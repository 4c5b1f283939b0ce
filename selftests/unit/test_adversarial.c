// SPDX-License-Identifier: GPL-2.0
/*
 * test_adversarial.c - odd samples never crash a model or a policy, never
 * divide by zero (the fixed-point helpers would trap in the kernel), and
 * always yield a valid OPP.
 */
#include <stdio.h>
#include "tap.h"
#include "rng.h"
#include "gpugov_predict.h"
#include "gpugov_policy.h"

static const u64 odd_values[] = {
	0, 1, 2, 999, 1ULL << 32, 1ULL << 40, (1ULL << 63) - 1, U64_MAX - 1, U64_MAX,
};

static struct gpugov_opp_table wide_table(void)
{
	struct gpugov_opp_table t = { .nr = GPUGOV_MAX_OPPS };
	u32 i;

	for (i = 0; i < t.nr; i++) {
		t.opp[i].core_khz = 1 + i * (4000000 / GPUGOV_MAX_OPPS);
		t.opp[i].uv = i ? 500000 + i * 20000 : 0;
	}
	return t;
}

static int run_all(const struct gpugov_sample *s, const struct gpugov_opp_table *t)
{
	static struct gpugov_decision d;
	static struct gpugov_policy_state ps;
	struct gpugov_policy_params p;
	struct gpugov_pred_state st;
	int pred, obj;

	gpugov_pred_init(&st);
	gpugov_pred_observe(&st, s);
	gpugov_pred_observe(&st, s);
	for (pred = 0; pred < GPUGOV_NR_PRED; pred++) {
		for (obj = 0; obj < GPUGOV_NR_OBJ; obj++) {
			gpugov_policy_defaults(&p);
			p.objective = obj;
			p.hysteresis_pct = 10;
			p.power.idle_uw = U32_MAX;
			p.power.dyn_uw = U32_MAX;
			if (gpugov_predict(&st, pred, s, t, d.time_ps) >= GPUGOV_NR_PRED)
				return 0;
			gpugov_policy_state_init(&ps);
			gpugov_decide(&p, &ps, t, s, &d);
			if (d.chosen >= t->nr || d.cur >= t->nr || d.reason >= GPUGOV_NR_REASON)
				return 0;
		}
	}
	return 1;
}

static void test_named_cases(void)
{
	struct gpugov_opp_table t = wide_table();
	static struct gpugov_sample s;

	memset(&s, 0, sizeof(s));
	tap_ok(run_all(&s, &t), "all-zero sample");
	s.core_khz = 1000000;
	s.busy_ns = 1000;
	tap_ok(run_all(&s, &t), "zero interval with busy time");
	s.interval_ns = 500;
	s.caps = GPUGOV_CAP_ALL;
	tap_ok(run_all(&s, &t), "busy > total");
	s.interval_ns = 1000;
	s.load_stall_cyc = s.store_stall_cyc = s.lcp_cyc = s.load_out_cyc = 1ULL << 40;
	s.lead_cyc = s.crit_cyc = U64_MAX;
	tap_ok(run_all(&s, &t), "stalls > cycles");
	memset(&s, 0xff, offsetof(struct gpugov_sample, waves));
	s.nr_waves = 0;
	tap_ok(run_all(&s, &t), "every field at its maximum");
	s.core_khz = 0;
	tap_ok(run_all(&s, &t), "no core clock");
}

static void test_random_odd(void)
{
	struct gpugov_opp_table t = wide_table();
	static struct gpugov_sample s;
	u64 *f;
	long c, bad = 0;
	size_t k, nfields = offsetof(struct gpugov_sample, waves) / sizeof(u64);

	rng_seed(0xadd);
	for (c = 0; c < 20000; c++) {
		f = (u64 *)&s;
		for (k = 0; k < nfields; k++)
			f[k] = odd_values[rng_range(0, ARRAY_SIZE(odd_values) - 1)];
		s.nr_waves = 0;
		t.nr = (u32)rng_range(1, GPUGOV_MAX_OPPS);
		bad += !run_all(&s, &t);
	}
	tap_ok(!bad, "20000 samples of extreme values, every model and objective: valid OPP (%ld bad)",
	       bad);
}

static void test_table_check(void)
{
	struct gpugov_opp_table t = wide_table();

	tap_ok(!gpugov_opp_table_check(&t), "ascending table is valid");
	t.opp[3].core_khz = t.opp[2].core_khz;
	tap_ok(gpugov_opp_table_check(&t), "duplicate clock rejected");
	t = wide_table();
	t.opp[0].core_khz = 0;
	tap_ok(gpugov_opp_table_check(&t), "zero clock rejected");
	t = wide_table();
	t.opp[5].power_uw = 1000;
	tap_ok(gpugov_opp_table_check(&t), "mixed energy-model table rejected");
	t.nr = 0;
	tap_ok(gpugov_opp_table_check(&t), "empty table rejected");
	t.nr = GPUGOV_MAX_OPPS + 1;
	tap_ok(gpugov_opp_table_check(&t), "oversized table rejected");
}

int main(void)
{
	test_named_cases();
	test_random_odd();
	test_table_check();
	return tap_done("adversarial");
}
