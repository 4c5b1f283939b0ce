// SPDX-License-Identifier: GPL-2.0
/*
 * test_smu.c - the SMU firmware model (drivers_glue/sim_smu.c), by hand:
 *  - the averaged activity: weight 1/8 per evaluation, read as the GPU
 *    load sensor reads it (rounded, at most 100 %);
 *  - up at once when the activity at the clock in force is above the
 *    set point at the next level; down only after 100 evaluations in a
 *    row that ask for less, to the lowest level that meets the set point;
 *  - the soft range: the clock moves into it at once and stays in it;
 *    bad ranges are cut to the table;
 *  - on the real-time engine: an FW event every 1 ms, before a poll at
 *    the same time; the firmware's moves are switches, not decisions.
 */
#include <string.h>

#include "tap.h"
#include "sim_smu.h"

#define MS	1000000ULL

static const u32 khz[7] = { 100000, 200000, 300000, 400000, 500000, 600000, 700000 };

/* @n evaluations 1 ms apart, each busy @pct % of it; the last level. */
static u32 evals(struct sim_smu *s, u64 *now, u64 *busy, u32 n, u32 pct)
{
	u32 lvl = s->level;

	while (n--) {
		*now += MS;
		*busy += MS * pct / 100;
		lvl = sim_smu_eval(s, *now, *busy);
	}
	return lvl;
}

static void test_average(void)
{
	struct sim_smu s;
	u64 now = 0, busy = 0;

	sim_smu_init(&s, khz, 7, 6);
	evals(&s, &now, &busy, 1, 100);
	tap_ok(s.avg == 3200 && sim_smu_load_pct(&s) == 13,
	       "average: one evaluation fully busy from 0 is 1/8 of 100 %% (%u/256), load 13 %%",
	       s.avg);
	evals(&s, &now, &busy, 1, 100);
	tap_ok(s.avg == 3200 + (25600 - 3200) / 8,
	       "average: the next adds 1/8 of the rest (%u/256)", s.avg);
	s.avg = 0x7f;
	tap_ok(sim_smu_load_pct(&s) == 0, "load sensor: 0x7f/256 rounds to 0 %%");
	s.avg = 0x80;
	tap_ok(sim_smu_load_pct(&s) == 1, "load sensor: 0x80/256 rounds to 1 %%");
	s.avg = SIM_SMU_FULL + 300;
	tap_ok(sim_smu_load_pct(&s) == 100, "load sensor: at most 100 %%");
	s.avg = 1000;
	tap_ok(sim_smu_eval(&s, now, busy + 5) == s.level && s.avg == 1000 &&
	       s.last_busy_ns == busy,
	       "no time passed: nothing changes");
	tap_ok(sim_smu_eval(&s, now - 3 * MS, busy - MS) == s.level && s.avg == 1000 &&
	       s.last_ns == now - 3 * MS && s.last_busy_ns == busy - MS,
	       "time going back (a new run's clock): the new reference, nothing else");
}

static void test_up_down(void)
{
	struct sim_smu s;
	u64 now = 0, busy = 0;

	sim_smu_init(&s, khz, 7, 0);
	s.avg = 60 << 8;	/* 60 % at 100 MHz: 30 % at 200 MHz */
	tap_ok(evals(&s, &now, &busy, 1, 60) == 1 && s.avg == 60 << 8,
	       "up at once: 60 %% at 100 MHz goes to 200 MHz, the set point 30 %% there");
	sim_smu_init(&s, khz, 7, 6);
	s.avg = 10 << 8;	/* 10 % at 700 MHz: 23 % at 300 MHz, 35 % at 200 */
	tap_ok(evals(&s, &now, &busy, 99, 10) == 6,
	       "down: 99 evaluations that ask for less keep 700 MHz");
	tap_ok(evals(&s, &now, &busy, 1, 10) == 2,
	       "down: the 100th goes to 300 MHz, the lowest at the set point");
	evals(&s, &now, &busy, 50, 1);
	tap_ok(s.level == 2 && evals(&s, &now, &busy, 1, 100) == 2,
	       "down hysteresis restarts after a move: 50 idle evaluations keep 300 MHz");
}

static void test_range(void)
{
	struct sim_smu s;
	u64 now = 0, busy = 0;

	sim_smu_init(&s, khz, 7, 6);
	tap_ok(sim_smu_set_range(&s, 0, 3) == 3 && evals(&s, &now, &busy, 20, 100) == 3,
	       "soft max 400 MHz: the clock moves there at once and stays under it fully busy");
	tap_ok(sim_smu_set_range(&s, 5, 2) == 5 && s.soft_max == 5 &&
	       evals(&s, &now, &busy, 200, 0) == 5,
	       "soft max below soft min: the min; idle for 200 ms stays at the min");
	tap_ok(sim_smu_set_range(&s, 9, 40) == 6 && s.soft_min == 6 && s.soft_max == 6,
	       "levels beyond the table are cut to it");
	sim_smu_init(&s, khz, 0, 3);
	tap_ok(s.nr == 1 && s.level == 0, "an empty table is one level");
}

static u64 recs[2 * 7 * GPUGOV_SB_NR_FIELDS];

static void test_engine(void)
{
	struct sim_rt_scenario sc = { .rec = recs, .nr_segs = 2, .nr_opps = 7,
				      .segs_per_frame = 1, .period_ns = 10 * MS,
				      .poll_ns = 2 * MS, .scale_num = 1, .scale_den = 1,
				      .start_opp = 6 };
	struct sim_rt_event ev;
	struct sim_smu s;
	struct sim_rt rt;
	u32 seg, k, fw = 0;

	for (seg = 0; seg < 2; seg++)
		for (k = 0; k < 7; k++) {
			u64 *r = recs + ((size_t)seg * 7 + k) * GPUGOV_SB_NR_FIELDS;

			r[GPUGOV_SB_INTERVAL_NS] = 7 * MS / (k + 1);
			r[GPUGOV_SB_BUSY_NS] = 7 * MS / (k + 1);
		}
	tap_ok(sim_rt_init(&rt, &sc) == SIM_RT_OK, "engine: scenario accepted");
	sim_smu_init(&s, khz, 7, 6);
	sim_smu_set_range(&s, 0, 6);
	sim_smu_rt_start(&s, &rt);
	do {
		sim_rt_step(&rt, &ev);
		if (ev.kind == SIM_RT_EV_FW) {
			fw++;
			sim_smu_rt_eval(&s, &rt);
		}
		if (ev.kind == SIM_RT_EV_POLL && ev.now_ns == 2 * MS)
			tap_ok(fw == 2, "engine: FW events at 1 and 2 ms come before the poll at 2 ms");
		if (ev.kind == SIM_RT_EV_POLL && ev.now_ns == 4 * MS) {
			sim_smu_rt_target(&s, &rt, 2);
			tap_ok(rt.opp == 2 && rt.res.decisions == 1,
			       "engine: a soft max of 300 MHz is a decision and takes effect at once");
		}
	} while (ev.kind != SIM_RT_EV_END);
	tap_ok(rt.res.decisions == 1 && rt.res.switches >= 1 && fw == rt.res.end_ns / MS,
	       "engine: %u FW evaluations over %llu ns, one decision, %llu switches",
	       fw, (unsigned long long)rt.res.end_ns, (unsigned long long)rt.res.switches);
}

int main(void)
{
	tap_plan();
	test_average();
	test_up_down();
	test_range();
	test_engine();
	return tap_done("smu");
}
