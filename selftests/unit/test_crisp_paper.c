// SPDX-License-Identifier: GPL-2.0
/*
 * test_crisp_paper.c - the worked examples of the CRISP paper and the
 * fixed-point helpers they rest on.
 *
 * Time units of the examples are taken as cycles of a 1 GHz clock, so one
 * unit is 1 ns = 1000 ps and f/2 is 500 MHz.
 */
#include "tap.h"
#include "gpugov_fixed.h"
#include "gpugov_predict.h"

#define UNIT_PS 1000ULL
#define F_KHZ 1000000U

static struct gpugov_opp_table example_table(void)
{
	struct gpugov_opp_table t = { .nr = 3 };

	t.opp[0].core_khz = F_KHZ / 2;
	t.opp[1].core_khz = F_KHZ;
	t.opp[2].core_khz = F_KHZ * 2;
	return t;
}

static struct gpugov_sample example_sample(u64 units, u32 caps)
{
	struct gpugov_sample s;

	memset(&s, 0, sizeof(s));
	s.interval_ns = units;
	s.busy_ns = units;
	s.core_khz = F_KHZ;
	s.caps = caps;
	return s;
}

/*
 * Figure 6 / section 3.4: LCP 20 (loads A and C), 17 of it overlapped
 * computation (so 3 load-stall units), pure computation 10, one store
 * stall: 31 units at f; CRISP predicts max(20, 34) + max(11, 20) = 54 at
 * f/2, the actual time.  Going up (section 5.2): 20 + 1 + 10/2 = 26.
 */
static struct gpugov_sample figure6_sample(void)
{
	struct gpugov_sample s = example_sample(31, GPUGOV_CAP_ALL);

	s.lcp_cyc = 20;
	s.load_stall_cyc = 3;
	s.store_stall_cyc = 1;
	return s;
}

static void test_figure6_crisp(void)
{
	struct gpugov_opp_table t = example_table();
	struct gpugov_sample s = figure6_sample();
	struct gpugov_pred_state st;
	u64 tp[3];

	gpugov_pred_init(&st);
	s.load_out_cyc = 20;
	tap_ok(gpugov_predict(&st, GPUGOV_PRED_CRISP, &s, &t, tp) ==
	       GPUGOV_PRED_CRISP, "fig 6: CRISP is used when counters exist");
	tap_ok(tp[1] == 31 * UNIT_PS, "fig 6: CRISP reproduces 31 at f (%llu ps)",
	       (unsigned long long)tp[1]);
	tap_ok(tp[0] == 54 * UNIT_PS, "fig 6: CRISP predicts 54 at f/2 (%llu ps)",
	       (unsigned long long)tp[0]);
	tap_ok(tp[2] == 26 * UNIT_PS, "fig 6: CRISP going up: 20+1+10/2 = 26 (%llu ps)",
	       (unsigned long long)tp[2]);
	gpugov_predict(&st, GPUGOV_PRED_CRISP_L, &s, &t, tp);
	tap_ok(tp[0] == 54 * UNIT_PS, "fig 6: CRISP-L with load_out = LCP agrees");
}

/*
 * The same run where 8 of the 20 units of the load path were spent in the
 * core clock domain (an interconnect and L2 on the core clock): at f/2
 * the path takes 12 + 2 * 8 = 28 < 34, so still 34 + 20 = 54; a path
 * all in the core domain takes 40: 40 + 20 = 60.  Going up, the path
 * shrinks to 12 + 8/2 = 16: 16 + 1 + 5 = 22.  The counter's cap cleared,
 * it counts nothing (the paper's model).
 */
static void test_figure6_core_domain(void)
{
	struct gpugov_opp_table t = example_table();
	struct gpugov_sample s = figure6_sample();
	struct gpugov_pred_state st;
	u64 tp[3];

	gpugov_pred_init(&st);
	s.lcp_core_cyc = 8;
	gpugov_predict(&st, GPUGOV_PRED_CRISP, &s, &t, tp);
	tap_ok(tp[1] == 31 * UNIT_PS && tp[0] == 54 * UNIT_PS &&
	       tp[2] == 22 * UNIT_PS,
	       "core-domain 8 of 20: 54 at f/2, 22 at 2f (%llu, %llu ps)",
	       (unsigned long long)tp[0], (unsigned long long)tp[2]);
	s.lcp_core_cyc = 20;
	gpugov_predict(&st, GPUGOV_PRED_CRISP, &s, &t, tp);
	tap_ok(tp[0] == 60 * UNIT_PS,
	       "core-domain 20 of 20: the path scales, 60 at f/2 (%llu ps)",
	       (unsigned long long)tp[0]);
	s.lcp_core_cyc = 500;
	gpugov_predict(&st, GPUGOV_PRED_CRISP, &s, &t, tp);
	tap_ok(tp[0] == 60 * UNIT_PS, "a core part above the path is cut to it");
	s.caps &= ~GPUGOV_CAP_LCP_PARTS;
	gpugov_predict(&st, GPUGOV_PRED_CRISP, &s, &t, tp);
	tap_ok(tp[0] == 54 * UNIT_PS && tp[2] == 26 * UNIT_PS,
	       "without GPUGOV_CAP_LCP_PARTS: the paper's 54 and 26");
}

/*
 * A pure load path of 100 units (all load stalls): 40 of it in the core
 * domain, 30 waiting in the memory domain's queues, 30 the rest.  At f/2
 * the core part takes 80, and its extra 40 first drains the 30 of
 * queueing: 30 + 80 + 0 = 110 (without the wait counted, 30 + 30 + 80 =
 * 140); at 2f 30 + 20 + 30 = 80.  With the DRAM busy only half the
 * time, only half the queueing drains: 30 + 80 + 15 = 125.  Bandwidth
 * bounds: the L2 busy 70 in the core domain makes f/2 at least 140; the
 * DRAM busy 90 makes 2f at least 90 (one memory clock: the same at every
 * OPP).
 */
static void test_path_parts_and_bounds(void)
{
	struct gpugov_opp_table t = example_table();
	struct gpugov_sample s = example_sample(100, GPUGOV_CAP_ALL);
	struct gpugov_pred_state st;
	u64 tp[3];

	gpugov_pred_init(&st);
	s.caps &= ~GPUGOV_CAP_MEM_BUSY;	/* utilisation unknown: all drains */
	s.lcp_cyc = 100;
	s.load_stall_cyc = 100;
	s.lcp_core_cyc = 40;
	s.lcp_wait_cyc = 30;
	gpugov_predict(&st, GPUGOV_PRED_CRISP, &s, &t, tp);
	tap_ok(tp[0] == 110 * UNIT_PS && tp[1] == 100 * UNIT_PS &&
	       tp[2] == 80 * UNIT_PS,
	       "a slower core drains the queueing first: 110 at f/2, 80 at 2f (%llu, %llu ps)",
	       (unsigned long long)tp[0], (unsigned long long)tp[2]);
	s.lcp_wait_cyc = 0;
	gpugov_predict(&st, GPUGOV_PRED_CRISP, &s, &t, tp);
	tap_ok(tp[0] == 140 * UNIT_PS, "no queueing: 140 at f/2 (%llu ps)",
	       (unsigned long long)tp[0]);
	s.lcp_wait_cyc = 30;
	s.caps |= GPUGOV_CAP_MEM_BUSY;
	s.dram_busy_cyc = 50;
	gpugov_predict(&st, GPUGOV_PRED_CRISP, &s, &t, tp);
	tap_ok(tp[0] == 125 * UNIT_PS,
	       "DRAM busy half the time: half the queueing drains, 30 + 80 + 15 = 125 at f/2 (%llu ps)",
	       (unsigned long long)tp[0]);
	s.l2_busy_cyc = 70;
	s.dram_busy_cyc = 90;
	gpugov_predict(&st, GPUGOV_PRED_CRISP, &s, &t, tp);
	tap_ok(tp[0] == 140 * UNIT_PS && tp[1] == 100 * UNIT_PS &&
	       tp[2] == 90 * UNIT_PS,
	       "bandwidth bounds: L2 140 at f/2, DRAM 90 at 2f (%llu, %llu ps)",
	       (unsigned long long)tp[0], (unsigned long long)tp[2]);
	s.caps &= ~GPUGOV_CAP_MEM_BUSY;
	gpugov_predict(&st, GPUGOV_PRED_CRISP, &s, &t, tp);
	tap_ok(tp[0] == 110 * UNIT_PS && tp[2] == 80 * UNIT_PS,
	       "without GPUGOV_CAP_MEM_BUSY no bound, and all the queueing drains");
}

/*
 * A slower memory clock hides the core part behind the queue it grows.
 * The pure load path of 100 units again, at the top of a table with the
 * memory clock halved (r = 2): the rest and the queueing take twice as
 * long.  Unsaturated (no queueing: C = 40, rest 60) the core part stays:
 * 120 + 40 = 160.  Saturated (C = 20, W = 50 >= C, rest 30) the loop runs
 * at the memory's pace and the whole path doubles, 60 + 20 + 100 + 20 =
 * 200.  In between (C = 40, W = 30) the load-caused queueing hides 30 of
 * the core part's 40: 60 + 40 + 60 + 30 = 190, with the DRAM busy half
 * the time only 15 of it: 175; and with the core clock halved as well
 * its extra 40 drains 40 of the 60 of queueing first: 60 + 80 + 60 - 40 +
 * 30 = 190.  Before the hiding term: 160, 180, 160, 160 and 160.
 */
static void test_mem_clock_hides_core_part(void)
{
	struct gpugov_opp_table t = { .nr = 3 };
	struct gpugov_sample s = example_sample(100, GPUGOV_CAP_ALL);
	struct gpugov_pred_state st;
	u64 tp[3];

	t.opp[0].core_khz = F_KHZ / 2;
	t.opp[0].mem_khz = F_KHZ / 2;
	t.opp[1].core_khz = F_KHZ;
	t.opp[1].mem_khz = F_KHZ / 2;
	t.opp[2].core_khz = F_KHZ;
	t.opp[2].mem_khz = F_KHZ;
	s.mem_khz = F_KHZ;
	s.caps &= ~GPUGOV_CAP_MEM_BUSY;	/* utilisation unknown: rho = 1 */
	s.lcp_cyc = 100;
	s.load_stall_cyc = 100;
	gpugov_pred_init(&st);

	s.lcp_core_cyc = 40;
	s.lcp_wait_cyc = 0;
	gpugov_predict(&st, GPUGOV_PRED_CRISP, &s, &t, tp);
	tap_ok(tp[1] == 160 * UNIT_PS && tp[2] == 100 * UNIT_PS,
	       "memory at half clock, no queueing: the core part stays, 160 (%llu ps)",
	       (unsigned long long)tp[1]);
	s.lcp_core_cyc = 20;
	s.lcp_wait_cyc = 50;
	gpugov_predict(&st, GPUGOV_PRED_CRISP, &s, &t, tp);
	tap_ok(tp[1] == 200 * UNIT_PS,
	       "memory at half clock, saturated: the whole path doubles, 200 (%llu ps)",
	       (unsigned long long)tp[1]);
	s.lcp_core_cyc = 40;
	s.lcp_wait_cyc = 30;
	gpugov_predict(&st, GPUGOV_PRED_CRISP, &s, &t, tp);
	tap_ok(tp[1] == 190 * UNIT_PS && tp[0] == 190 * UNIT_PS,
	       "memory at half clock: 30 of the core part hidden, 190; both clocks halved: 190 (%llu, %llu ps)",
	       (unsigned long long)tp[1], (unsigned long long)tp[0]);
	s.caps |= GPUGOV_CAP_MEM_BUSY;
	s.dram_busy_cyc = 50;
	gpugov_predict(&st, GPUGOV_PRED_CRISP, &s, &t, tp);
	tap_ok(tp[1] == 175 * UNIT_PS,
	       "DRAM busy half the time: 15 of it hidden, 175 (%llu ps)",
	       (unsigned long long)tp[1]);
	s.load_out_cyc = 100;
	gpugov_predict(&st, GPUGOV_PRED_CRISP_L, &s, &t, tp);
	tap_ok(tp[1] == 200 * UNIT_PS,
	       "CRISP-L, without the path's parts: all memory time, 200 (%llu ps)",
	       (unsigned long long)tp[1]);
}

/*
 * Figure 1 / section 2.1: a 33-unit CPU run, actual 46 at f/2.  T_Memory
 * is 15 for LEAD, 16 for MISS, 20 for CRIT and 18 for STALL; eq. (2)
 * predicts 51, 50, 46 and 48.
 */
static void test_figure1_linear(void)
{
	static const struct {
		const char *name;
		enum gpugov_pred_id id;
		u64 tmem, at_half;
	} ex[] = {
		{ "LEAD", GPUGOV_PRED_LEAD, 15, 51 },
		{ "CRIT", GPUGOV_PRED_CRIT, 20, 46 },
		{ "STALL", GPUGOV_PRED_STALL, 18, 48 },
	};
	struct gpugov_opp_table t = example_table();
	struct gpugov_sample s = example_sample(33, GPUGOV_CAP_ALL);
	struct gpugov_pred_state st;
	u64 tp[3];
	size_t i;

	gpugov_pred_init(&st);
	s.lead_cyc = 15;
	s.crit_cyc = 20;
	s.load_stall_cyc = 18;
	for (i = 0; i < ARRAY_SIZE(ex); i++) {
		gpugov_predict(&st, ex[i].id, &s, &t, tp);
		tap_ok(tp[1] == 33 * UNIT_PS && tp[0] == ex[i].at_half * UNIT_PS,
		       "fig 1: %s T_mem %llu predicts %llu at f/2 (got %llu ps)",
		       ex[i].name, (unsigned long long)ex[i].tmem,
		       (unsigned long long)ex[i].at_half,
		       (unsigned long long)tp[0]);
	}
	tap_ok(gpugov_linear_time_ps(&s, 16, &t.opp[0]) == 50 * UNIT_PS,
	       "fig 1: MISS T_mem 16 predicts 50 at f/2 through eq. (2)");
}

static void test_fixed_helpers(void)
{
	tap_ok(gpugov_mul_div(U64_MAX, 1, 1) == U64_MAX, "mul_div identity at U64_MAX");
	tap_ok(gpugov_mul_div(U64_MAX, 2, 1) == U64_MAX, "mul_div saturates");
	tap_ok(gpugov_mul_div(1ULL << 40, 1000000000U, 3000000U) ==
	       (u64)((((unsigned __int128)1 << 40) * 1000000000U) / 3000000U),
	       "mul_div exact with a 96-bit intermediate");
	tap_ok(gpugov_mul_div(5, 7, 0) == U64_MAX && gpugov_mul_div(0, 7, 0) == 0,
	       "mul_div by zero saturates instead of trapping");
	tap_ok(gpugov_ratio_q16(3, 2) == 3 * GPUGOV_Q16_ONE / 2, "ratio 1.5");
	tap_ok(gpugov_ratio_q16(0, 0) == GPUGOV_Q16_ONE &&
	       gpugov_ratio_q16(1, 0) == GPUGOV_RATIO_MAX, "ratio by zero");
	tap_ok(gpugov_ratio_q16(U64_MAX, U64_MAX / 2) == 2 * GPUGOV_Q16_ONE,
	       "ratio of huge values keeps precision");
	tap_ok(gpugov_ratio_q16(U64_MAX, 1) == GPUGOV_RATIO_MAX, "ratio clamps");
	tap_ok(gpugov_sat_add(U64_MAX - 1, 5) == U64_MAX, "sat_add");
	tap_ok(gpugov_cyc_to_ps(1000, 1000000) == 1000000, "1000 cycles at 1 GHz = 1 us");
}

int main(void)
{
	test_figure6_crisp();
	test_figure6_core_domain();
	test_path_parts_and_bounds();
	test_mem_clock_hides_core_part();
	test_figure1_linear();
	test_fixed_helpers();
	return tap_done("crisp_paper");
}
