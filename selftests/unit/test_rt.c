// SPDX-License-Identifier: GPL-2.0
/*
 * test_rt.c - the real-time engine (drivers_glue/sim_rt.c) on scenarios
 * small enough to compute by hand:
 *  - a frame split by a clock change mid-segment: each part at its own
 *    OPP, pro rata in time, energy and counters;
 *  - a late frame that delays the next one into a jank of its own;
 *  - a poll window covering the end of one frame, a whole one and the
 *    start of a third: busy time, counters and energy of exactly that;
 *  - idle energy at the OPP in force while idle;
 *  - a long run (10 s periods, 100 000 frames) without overflow;
 *  - bad scenarios refused: zero and absurd periods, no frames, a
 *    zero scale, a scale that overflows, an unknown OPP;
 *  - the load scale (what the replay and gpugov_sim both use): the mean
 *    frame at the top OPP lasts the load's share of the period, and
 *    loads, periods and frames that make no scale are refused.
 */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "sim_rt.h"

#define NF	GPUGOV_SB_NR_FIELDS
#define MS	1000000ULL

static u64 recs[4 * 2 * NF];

/* Segment @s at OPP @k takes @ns, costs @pj and runs @insts. */
static void set_seg(u64 *rec, u32 nr_opps, u32 s, u32 k, u64 ns, u64 pj,
		    u64 insts)
{
	u64 *r = rec + ((size_t)s * nr_opps + k) * NF;

	r[GPUGOV_SB_INTERVAL_NS] = ns;
	r[GPUGOV_SB_BUSY_NS] = ns;
	r[GPUGOV_SB_ENERGY_PJ] = pj;
	r[GPUGOV_SB_INSTS] = insts;
}

/* One segment per frame, two OPPs, 1 ms frames, no polls. */
static struct sim_rt_scenario base(u32 nr_segs)
{
	struct sim_rt_scenario sc = {
		.rec = recs, .nr_segs = nr_segs, .nr_opps = 2,
		.segs_per_frame = 1, .period_ns = MS, .scale_num = 1,
		.scale_den = 1,
	};

	memset(recs, 0, sizeof(recs));
	return sc;
}

/* Step to the next event of @kind (or the end). */
static struct sim_rt_event step_to(struct sim_rt *rt, enum sim_rt_ev_kind kind)
{
	struct sim_rt_event ev;

	do
		sim_rt_step(rt, &ev);
	while (ev.kind != kind && ev.kind != SIM_RT_EV_END);
	return ev;
}

static void test_split(void)
{
	struct sim_rt_scenario sc = base(1);
	struct sim_rt_window w;
	struct sim_rt_event ev;
	struct sim_rt rt;

	/* the same work: 0.8 ms at OPP 0, 0.4 ms at OPP 1 */
	set_seg(recs, 2, 0, 0, 800000, 400000, 4000);
	set_seg(recs, 2, 0, 1, 400000, 800000, 4000);
	sc.idle_uw[1] = 2000;
	tap_ok(sim_rt_init(&rt, &sc) == SIM_RT_OK, "split: scenario accepted");
	sim_rt_set_timer(&rt, 200000);
	ev = step_to(&rt, SIM_RT_EV_TIMER);
	tap_ok(ev.kind == SIM_RT_EV_TIMER && ev.now_ns == 200000,
	       "split: the timer fires at 0.2 ms");
	sim_rt_take_window(&rt, &w);
	tap_ok(w.f[GPUGOV_SB_BUSY_NS] == 200000 && w.f[GPUGOV_SB_INSTS] == 1000 &&
	       w.f[GPUGOV_SB_ENERGY_PJ] == 100000 && w.opp == 0,
	       "split: a quarter of the segment ran at OPP 0 (busy %llu, insts %llu, %llu pJ)",
	       (unsigned long long)w.f[GPUGOV_SB_BUSY_NS],
	       (unsigned long long)w.f[GPUGOV_SB_INSTS],
	       (unsigned long long)w.f[GPUGOV_SB_ENERGY_PJ]);
	sim_rt_set_opp(&rt, 1);
	ev = step_to(&rt, SIM_RT_EV_DONE);
	tap_ok(ev.now_ns == 500000 && ev.latency_ns == 500000,
	       "split: the other three quarters take 0.3 ms at OPP 1: done at %llu ns",
	       (unsigned long long)ev.now_ns);
	sim_rt_take_window(&rt, &w);
	tap_ok(w.f[GPUGOV_SB_INSTS] == 3000 && w.f[GPUGOV_SB_ENERGY_PJ] == 600000 &&
	       w.f[GPUGOV_SB_BUSY_NS] == 300000 && w.f[GPUGOV_SB_INTERVAL_NS] == 300000,
	       "split: the rest at OPP 1: 3000 insts, 600000 pJ");
	ev = step_to(&rt, SIM_RT_EV_END);
	/* 100000 + 600000 busy, then 0.5 ms idle at 2000 uW: 1000000 pJ */
	tap_ok(ev.now_ns == MS && rt.res.energy_pj == 1700000 &&
	       rt.res.busy_ns == 500000,
	       "split: the run ends at the deadline, 1700000 pJ (got %llu)",
	       (unsigned long long)rt.res.energy_pj);
	tap_ok(rt.res.frames == 1 && !rt.res.janked && rt.res.switches == 1 &&
	       rt.res.decisions == 1 && rt.res.worst_latency_ns == 500000,
	       "split: 1 frame on time, 1 switch, 1 decision, latency 0.5 ms");
}

static void test_late(u64 second_ns, u32 janked, u64 end_ns)
{
	struct sim_rt_scenario sc = base(2);
	struct sim_rt_event ev;
	struct sim_rt rt;
	u64 done[2];

	set_seg(recs, 2, 0, 0, 1500000, 0, 0);
	set_seg(recs, 2, 1, 0, second_ns, 0, 0);
	sc.frame_done_ns = done;
	tap_ok(sim_rt_init(&rt, &sc) == SIM_RT_OK, "late: scenario accepted");
	ev = step_to(&rt, SIM_RT_EV_ARRIVE);
	ev = step_to(&rt, SIM_RT_EV_ARRIVE);
	tap_ok(ev.frame == 1 && ev.now_ns == MS && !ev.idle_ns &&
	       ev.deadline_ns == 2 * MS,
	       "late: frame 1 arrives at 1 ms, due at 2 ms, the GPU busy");
	ev = step_to(&rt, SIM_RT_EV_START);
	tap_ok(ev.frame == 1 && ev.now_ns == 1500000,
	       "late: frame 1 starts when frame 0 is done, at 1.5 ms");
	ev = step_to(&rt, SIM_RT_EV_END);
	tap_ok(done[0] == 1500000 && done[1] == 1500000 + second_ns,
	       "late: frame 0 done at 1.5 ms, frame 1 %llu ns after", (unsigned long long)second_ns);
	tap_ok(rt.res.janked == janked && rt.res.worst_latency_ns == 1500000 &&
	       ev.now_ns == end_ns,
	       "late: a %llu ns frame behind a late one: %u janked, worst 1.5 ms, end %llu",
	       (unsigned long long)second_ns, janked, (unsigned long long)end_ns);
}

/* Frames of 0.6 ms; windows from 0.3 ms to 2.3 ms. */
static void test_window(void)
{
	struct sim_rt_scenario sc = base(3);
	struct sim_rt_window w;
	struct sim_rt_event ev;
	struct sim_rt rt;
	u32 s;

	for (s = 0; s < 3; s++)
		set_seg(recs, 2, s, 0, 600000, 600000, 6000);
	sc.idle_uw[0] = 1000;
	tap_ok(sim_rt_init(&rt, &sc) == SIM_RT_OK, "window: scenario accepted");
	sim_rt_set_timer(&rt, 300000);
	ev = step_to(&rt, SIM_RT_EV_TIMER);
	sim_rt_take_window(&rt, &w);
	tap_ok(!sim_rt_set_poll(&rt, 1000) && sim_rt_set_poll(&rt, 2 * MS),
	       "window: a 1 us polling interval refused, 2 ms taken");
	ev = step_to(&rt, SIM_RT_EV_POLL);
	tap_ok(ev.now_ns == 2300000, "window: polling starts 2 ms after it is set, at %llu ns",
	       (unsigned long long)ev.now_ns);
	sim_rt_take_window(&rt, &w);
	tap_ok(w.f[GPUGOV_SB_INTERVAL_NS] == 2 * MS && w.f[GPUGOV_SB_BUSY_NS] == 1200000,
	       "window: busy 0.3 + 0.6 + 0.3 ms of 2 ms (got %llu)",
	       (unsigned long long)w.f[GPUGOV_SB_BUSY_NS]);
	tap_ok(w.f[GPUGOV_SB_INSTS] == 12000,
	       "window: half, all and half of three frames' instructions: 12000 (got %llu)",
	       (unsigned long long)w.f[GPUGOV_SB_INSTS]);
	/* 1.2 ms busy at 1 W, 0.8 ms idle at 1 mW */
	tap_ok(w.f[GPUGOV_SB_ENERGY_PJ] == 2000000 && w.f[GPUGOV_SB_ENERGY_UJ] == 2,
	       "window: 1200000 pJ busy + 800000 pJ idle (got %llu)",
	       (unsigned long long)w.f[GPUGOV_SB_ENERGY_PJ]);
	ev = step_to(&rt, SIM_RT_EV_END);
	tap_ok(rt.res.polls == 1 && ev.now_ns == 3 * MS && rt.res.frames == 3,
	       "window: one poll, the run ends at 3 ms after 3 frames");
}

/* 0.2 ms of work at OPP 1, then 0.8 ms idle at the OPP set when done. */
static u64 idle_energy(u32 idle_opp)
{
	struct sim_rt_scenario sc = base(1);
	struct sim_rt rt;

	set_seg(recs, 2, 0, 1, 200000, 0, 0);
	set_seg(recs, 2, 0, 0, 400000, 0, 0);
	sc.start_opp = 1;
	sc.idle_uw[0] = 100;
	sc.idle_uw[1] = 2000;
	if (sim_rt_init(&rt, &sc) != SIM_RT_OK)
		return 0;
	step_to(&rt, SIM_RT_EV_DONE);
	sim_rt_set_opp(&rt, idle_opp);
	step_to(&rt, SIM_RT_EV_END);
	return rt.res.energy_pj;
}

static void test_idle(void)
{
	tap_ok(idle_energy(0) == 80000,
	       "idle: 0.8 ms at OPP 0's 100 uW: 80000 pJ (got %llu)",
	       (unsigned long long)idle_energy(0));
	tap_ok(idle_energy(1) == 1600000,
	       "idle: 0.8 ms at OPP 1's 2000 uW: 1600000 pJ (got %llu)",
	       (unsigned long long)idle_energy(1));
}

/* Two segments a frame; the oracle's view of a frame's cost. */
static void test_frame_cost(void)
{
	struct sim_rt_scenario sc = base(3);
	struct sim_rt rt;
	u64 ns, pj;

	set_seg(recs, 2, 0, 1, 100000, 8, 0);
	set_seg(recs, 2, 1, 1, 300000, 6, 0);
	set_seg(recs, 2, 2, 1, 50000, 2, 0);
	sc.segs_per_frame = 2;
	sc.scale_num = 3;
	sc.scale_den = 2;
	tap_ok(sim_rt_init(&rt, &sc) == SIM_RT_OK && sim_rt_nr_frames(&rt) == 2,
	       "frame cost: 3 segments, 2 a frame: 2 frames");
	sim_rt_frame_cost(&rt, 0, 1, &ns, &pj);
	tap_ok(ns == 600000 && pj == 21, "frame cost: frame 0 at OPP 1 scaled by 3/2: 600000 ns, 21 pJ");
	sim_rt_frame_cost(&rt, 1, 1, &ns, &pj);
	tap_ok(ns == 75000 && pj == 3, "frame cost: the last frame has what is left");
}

/* A segment that takes no time at the OPP still does its work. */
static void test_zero_time(void)
{
	struct sim_rt_scenario sc = base(2);
	struct sim_rt_event ev;
	struct sim_rt rt;

	set_seg(recs, 2, 0, 0, 0, 500, 7);
	set_seg(recs, 2, 1, 0, 100000, 1000, 3);
	tap_ok(sim_rt_init(&rt, &sc) == SIM_RT_OK, "zero time: scenario accepted");
	ev = step_to(&rt, SIM_RT_EV_DONE);
	tap_ok(ev.frame == 0 && ev.now_ns == 0 && !ev.latency_ns,
	       "zero time: frame 0 done as it arrives");
	ev = step_to(&rt, SIM_RT_EV_END);
	tap_ok(rt.res.energy_pj == 1500 && rt.res.frames == 2,
	       "zero time: its energy counted: 1500 pJ in all (got %llu)",
	       (unsigned long long)rt.res.energy_pj);
}

/* 10 s periods, 100 000 frames of 9 s at 2 W: 2^50 ns, no overflow. */
static void test_long(void)
{
	struct sim_rt_scenario sc = base(1);
	static u64 big[100000 * NF];
	struct sim_rt_event ev;
	struct sim_rt rt;
	u32 s;

	for (s = 0; s < 100000; s++)
		set_seg(big, 1, s, 0, 9000000000ULL, 18000000000000ULL, 1ULL << 40);
	sc.rec = big;
	sc.nr_segs = 100000;
	sc.nr_opps = 1;
	sc.period_ns = SIM_RT_PERIOD_MAX_NS;
	sc.poll_ns = SIM_RT_POLL_MAX_NS;
	sc.idle_uw[0] = 1000000;
	tap_ok(sim_rt_init(&rt, &sc) == SIM_RT_OK, "long: 10 s periods, 100000 frames accepted");
	ev = step_to(&rt, SIM_RT_EV_END);
	/* 9 s at 2 W and 1 s idle at 1 W a frame */
	tap_ok(ev.now_ns == 1000000000000000ULL && rt.res.frames == 100000 && !rt.res.janked &&
	       rt.res.energy_pj == 100000ULL * (18000000000000ULL + 1000000000000ULL),
	       "long: 10^6 s, 1.9 MJ to the pJ, no frame late (energy %llu)",
	       (unsigned long long)rt.res.energy_pj);
}

static void test_bad(void)
{
	struct sim_rt_scenario sc = base(2);
	struct sim_rt rt;

	set_seg(recs, 2, 0, 0, 1000, 1000, 1000);
	set_seg(recs, 2, 1, 0, 1000, 1000, 1000);
	sc.period_ns = 0;
	tap_ok(sim_rt_init(&rt, &sc) == SIM_RT_E_PERIOD, "bad: period 0 refused: %s",
	       sim_rt_status_str(SIM_RT_E_PERIOD));
	sc.period_ns = SIM_RT_PERIOD_MAX_NS + 1;
	tap_ok(sim_rt_init(&rt, &sc) == SIM_RT_E_PERIOD, "bad: a period over 10 s refused");
	sc.period_ns = SIM_RT_PERIOD_MIN_NS - 1;
	tap_ok(sim_rt_init(&rt, &sc) == SIM_RT_E_PERIOD, "bad: a period under 0.1 ms refused");
	sc.period_ns = MS;
	sc.nr_segs = 0;
	tap_ok(sim_rt_init(&rt, &sc) == SIM_RT_E_NO_FRAMES, "bad: no segments, no frames: refused");
	sc.nr_segs = 2;
	sc.segs_per_frame = 0;
	tap_ok(sim_rt_init(&rt, &sc) == SIM_RT_E_NO_FRAMES, "bad: 0 segments a frame refused");
	sc.segs_per_frame = 1;
	sc.poll_ns = 1;
	tap_ok(sim_rt_init(&rt, &sc) == SIM_RT_E_POLL, "bad: a 1 ns polling interval refused");
	sc.poll_ns = 0;
	sc.start_opp = 2;
	tap_ok(sim_rt_init(&rt, &sc) == SIM_RT_E_OPPS, "bad: a start OPP not in the table refused");
	sc.start_opp = 0;
	sc.scale_den = 0;
	tap_ok(sim_rt_init(&rt, &sc) == SIM_RT_E_SCALE, "bad: a scale of x/0 refused");
	sc.scale_den = 1;
	sc.scale_num = 1ULL << 60;
	tap_ok(sim_rt_init(&rt, &sc) == SIM_RT_E_OVERFLOW,
	       "bad: a scale that takes 1000 ns past 2^62 refused: %s",
	       sim_rt_status_str(SIM_RT_E_OVERFLOW));
	sc.scale_num = 1ULL << 52;	/* each value fits; their sums do not */
	tap_ok(sim_rt_init(&rt, &sc) == SIM_RT_E_OVERFLOW,
	       "bad: values that fit but whose sum over the run does not: refused");
	sc.scale_num = 1;
	sc.idle_uw[1] = U32_MAX;
	sc.period_ns = SIM_RT_PERIOD_MAX_NS;
	tap_ok(sim_rt_init(&rt, &sc) == SIM_RT_OK,
	       "bad: 4.3 kW idle over 20 s still fits: accepted");
	sc.idle_uw[1] = U64_MAX / 1000;
	tap_ok(sim_rt_init(&rt, &sc) == SIM_RT_E_OVERFLOW,
	       "bad: an idle power whose energy over 20 s overflows refused");
	sc.idle_uw[1] = 0;
	sim_rt_init(&rt, &sc);
	tap_ok(!sim_rt_set_opp(&rt, 2) && !rt.res.decisions && sim_rt_set_opp(&rt, 1),
	       "bad: an OPP not in the table refused, nothing counted");
}

static void test_load_scale(void)
{
	struct sim_rt_scenario sc = base(3);
	enum sim_rt_status st;
	u64 v;

	/* top OPP: 100, 300 and 200 ns; two frames of two segments and one */
	set_seg(recs, 2, 0, 1, 100, 1, 1);
	set_seg(recs, 2, 1, 1, 300, 1, 1);
	set_seg(recs, 2, 2, 1, 200, 1, 1);
	set_seg(recs, 2, 0, 0, 5000, 1, 1);
	sc.segs_per_frame = 2;
	st = sim_rt_load_scale(&sc, 50);
	tap_ok(st == SIM_RT_OK &&
	       sc.scale_num == 50 * MS && sc.scale_den == 300 * 100,
	       "load scale: mean top frame 300 ns, 50 %% of 1 ms: %llu/%llu",
	       (unsigned long long)sc.scale_num, (unsigned long long)sc.scale_den);
	v = sc.scale_num / sc.scale_den;
	tap_ok(v * 300 <= MS / 2 && (v + 1) * 300 > MS / 2,
	       "load scale: the mean frame then lasts half the period");
	tap_ok(sim_rt_load_scale(&sc, 0) == SIM_RT_E_LOAD &&
	       sim_rt_load_scale(&sc, 101) == SIM_RT_E_LOAD,
	       "load scale: loads 0 and 101 refused: %s",
	       sim_rt_status_str(SIM_RT_E_LOAD));
	sc.period_ns = 10;
	tap_ok(sim_rt_load_scale(&sc, 50) == SIM_RT_E_PERIOD,
	       "load scale: a 10 ns period refused");
	sc.period_ns = MS;
	sc.segs_per_frame = 0;
	tap_ok(sim_rt_load_scale(&sc, 50) == SIM_RT_E_NO_FRAMES,
	       "load scale: 0 segments a frame refused");
	sc = base(2);
	set_seg(recs, 2, 0, 0, 5000, 1, 1);
	tap_ok(sim_rt_load_scale(&sc, 50) == SIM_RT_E_NO_WORK,
	       "load scale: no time at the top OPP refused: %s",
	       sim_rt_status_str(SIM_RT_E_NO_WORK));
	set_seg(recs, 2, 0, 1, ~0ULL, 1, 1);
	set_seg(recs, 2, 1, 1, 2, 1, 1);
	tap_ok(sim_rt_load_scale(&sc, 50) == SIM_RT_E_OVERFLOW,
	       "load scale: a sum past 2^64 refused");
}

int main(void)
{
	test_split();
	test_late(300000, 1, 2 * MS);
	test_late(600000, 2, 2100000);
	test_window();
	test_idle();
	test_frame_cost();
	test_zero_time();
	test_long();
	test_bad();
	test_load_scale();
	return tap_done("test_rt");
}
