// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_rt.c - libFuzzer target: the real-time engine and the SMU firmware
 * model (drivers_glue/sim_rt.c, sim_smu.c; DESIGN.md section 7a) on an
 * adversarial scenario, driven by an adversarial caller.
 *
 * The input is binary (struct fuzz_bytes: zeros past its end).  First the
 * scenario: segments, OPPs, segments per frame, refresh period, polling
 * interval, the scale (by sim_rt_load_scale() or raw), the starting OPP,
 * idle powers and every record, each value either small or at the edges
 * of u64 (fuzz_edgy_u64()).  A scenario sim_rt_init() refuses must be
 * refused with a status that has a message.  Then the rest of the input
 * is the caller: at each event it takes one action (set an OPP, in the
 * table or not; arm, move or cancel the timer; change the polling
 * interval, in range or not; take the window; ask a frame's cost; on an
 * SMU device, set the soft maximum), as a governor might at any moment.
 *
 * Invariants, checked at every event: time never goes back and stays
 * below SIM_RT_TIME_MAX_NS; energy never falls; busy time never exceeds
 * the time elapsed, in a window and in all; decisions count the accepted
 * set_opp() calls and a refused one changes nothing; frames arrive,
 * start and finish once each, in order, DONE with the latency and
 * deadline of its frame; the SMU's level stays in its soft range and in
 * the table and is the OPP in force after its evaluation.  At the end:
 * every frame done, their finish times in order, janked ones counted as
 * the finish times say, END again on every later step.  No livelock: the
 * events are at most what the scenario and the caller can cause (three a
 * frame, the polls and firmware evaluations its time allows, one per
 * timer armed, the end).
 *
 * The work is capped in the harness, not in the engine: polling
 * intervals (the scenario's and the caller's) are raised so that a run
 * has at most POLL_BUDGET polls, and the firmware runs only where its
 * 1 ms evaluations number at most FW_BUDGET.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "rt_bound.h"
#include "sim_smu.h"

#define MAX_SEGS	24
#define POLL_BUDGET	2000ULL
#define FW_BUDGET	2000ULL

static u64 rec[MAX_SEGS * GPUGOV_MAX_OPPS * GPUGOV_SB_NR_FIELDS];
static u64 done_ns[MAX_SEGS];

/* A value in [lo, hi] from @v (hi >= lo). */
static u64 in_range(u64 v, u64 lo, u64 hi)
{
	return lo + v % (hi - lo + 1);
}

/* A record value: small mostly, at the edges of u64 when @edgy. */
static u64 rec_value(struct fuzz_bytes *b, bool edgy, u32 field)
{
	if (edgy)
		return fuzz_edgy_u64(b);
	if (field == GPUGOV_SB_OCCUPANCY_Q16)
		return fuzz_u8(b) << 9;
	return field == GPUGOV_SB_BUSY_NS || field == GPUGOV_SB_ENERGY_PJ ?
	       fuzz_u32(b) : fuzz_u8(b);
}

/**
 * struct run - the harness's view of one run
 * @rt: the engine
 * @smu: the firmware, when @fw
 * @fw: the device has firmware that picks its clock (amdgpu)
 * @poll_floor: the shortest polling interval the harness lets in force
 * @t_max: the latest the run may end
 * @events: events so far
 * @bound: the events the run may have: grows with every timer armed and
 *	every polling change
 * @arrived: ARRIVE events so far
 * @started: START events so far
 * @done: DONE events so far
 * @decisions: accepted set_opp() calls (the governor's and the SMU's)
 */
struct run {
	struct sim_rt rt;
	struct sim_smu smu;
	bool fw;
	u64 poll_floor;
	u64 t_max;
	u64 events;
	u64 bound;
	u32 arrived;
	u32 started;
	u32 done;
	u64 decisions;
};

static void check_window(const struct sim_rt_window *w, u32 nr_opps)
{
	FUZZ_CHECK(w->f[GPUGOV_SB_BUSY_NS] <= w->f[GPUGOV_SB_INTERVAL_NS]);
	FUZZ_CHECK(w->opp < nr_opps);
}

/*
 * The polling interval the harness lets the engine have for @v: one in
 * range but shorter than the budget allows becomes the shortest it
 * allows, or no polling where even the longest is too short; anything
 * else (0, out of range) as it is.
 */
static u64 budget_poll(const struct run *r, u64 v)
{
	if (v < SIM_RT_POLL_MIN_NS || v > SIM_RT_POLL_MAX_NS || v >= r->poll_floor)
		return v;
	return r->poll_floor <= SIM_RT_POLL_MAX_NS ? r->poll_floor : 0;
}

/* One action of the caller after an event, from @b. */
static void act(struct run *r, struct fuzz_bytes *b)
{
	struct sim_rt *rt = &r->rt;
	struct sim_rt_window w;
	u32 nr = rt->sc.nr_opps, opp, u, before;
	u64 v, ns, pj, sw;
	bool ok;

	switch (fuzz_u8(b) % 8) {
	case 1:		/* a decision, maybe past the table */
		opp = fuzz_u8(b);
		before = rt->opp;
		sw = rt->res.switches;
		ok = r->fw ? (sim_smu_rt_target(&r->smu, rt, opp), true) :
			     sim_rt_set_opp(rt, opp);
		FUZZ_CHECK(ok == (r->fw || opp < nr));
		if (!ok) {
			FUZZ_CHECK(rt->opp == before && rt->res.switches == sw);
			break;
		}
		r->decisions++;
		/* a switch may add a stint: 2 ns of rounding */
		r->t_max = min_t(u64, r->t_max + 2, SIM_RT_TIME_MAX_NS);
		if (r->fw)
			FUZZ_CHECK(rt->opp == r->smu.level &&
				   r->smu.level <= min_t(u32, opp, nr - 1));
		else
			FUZZ_CHECK(rt->opp == opp);
		break;
	case 2:		/* the timer: soon, later, in the past, or cancelled */
		u = fuzz_u8(b);
		v = u == 255 ? SIM_RT_NEVER : u == 254 ? 0 :
		    rt->now + in_range(fuzz_u32(b), 0, rt->sc.period_ns * 2);
		sim_rt_set_timer(rt, v);
		r->bound++;
		break;
	case 3:		/* a new polling interval, in range or not */
		v = budget_poll(r, fuzz_edgy_u64(b));
		ok = sim_rt_set_poll(rt, v);
		FUZZ_CHECK(ok == (!v || (v >= SIM_RT_POLL_MIN_NS &&
					 v <= SIM_RT_POLL_MAX_NS)));
		FUZZ_CHECK(rt->poll_ns == v || !ok);
		r->bound++;
		break;
	case 4:
		sim_rt_take_window(rt, &w);
		check_window(&w, nr);
		break;
	case 5:		/* the oracle's question, about any frame and OPP */
		sim_rt_frame_cost(rt, fuzz_u8(b) % (rt->nr_frames + 2), fuzz_u8(b) % (nr + 2),
				  &ns, &pj);
		break;
	default:
		break;
	}
}

/* What an event must be, given what came before. */
static void check_event(struct run *r, const struct sim_rt_event *ev, u64 prev_ns,
			u64 prev_pj)
{
	const struct sim_rt *rt = &r->rt;
	u64 period = rt->sc.period_ns;

	FUZZ_CHECK(ev->now_ns >= prev_ns && ev->now_ns <= r->t_max);
	FUZZ_CHECK(rt->res.energy_pj >= prev_pj);
	FUZZ_CHECK(rt->res.busy_ns <= rt->res.end_ns);
	FUZZ_CHECK(rt->res.decisions == r->decisions);
	FUZZ_CHECK(rt->res.janked <= rt->res.frames && rt->opp < rt->sc.nr_opps);
	switch (ev->kind) {
	case SIM_RT_EV_ARRIVE:
		FUZZ_CHECK(ev->frame == r->arrived++ && ev->now_ns == ev->frame * period);
		FUZZ_CHECK(ev->deadline_ns == ev->now_ns + period);
		break;
	case SIM_RT_EV_START:
		FUZZ_CHECK(ev->frame == r->started++ && ev->frame < r->arrived);
		break;
	case SIM_RT_EV_DONE:
		FUZZ_CHECK(ev->frame == r->done++ && ev->frame < r->started);
		FUZZ_CHECK(ev->latency_ns == ev->now_ns - ev->frame * period);
		FUZZ_CHECK(ev->deadline_ns == (ev->frame + 1ULL) * period);
		FUZZ_CHECK(rt->res.frames == r->done);
		break;
	case SIM_RT_EV_FW:
		FUZZ_CHECK(r->fw);
		break;
	default:
		break;
	}
}

/* The run to its end, then what the end must be. */
static void drive(struct run *r, struct fuzz_bytes *b)
{
	struct sim_rt *rt = &r->rt;
	struct sim_rt_event ev;
	struct sim_rt_window w;
	u64 prev_ns = 0, prev_pj = 0;
	u32 f, janked = 0;

	if (r->fw)
		sim_smu_rt_start(&r->smu, rt);
	for (;;) {
		sim_rt_step(rt, &ev);
		r->events++;
		FUZZ_CHECK(r->events <= r->bound);
		check_event(r, &ev, prev_ns, prev_pj);
		prev_ns = ev.now_ns;
		prev_pj = rt->res.energy_pj;
		if (ev.kind == SIM_RT_EV_END)
			break;
		if (ev.kind == SIM_RT_EV_FW) {
			sim_smu_rt_eval(&r->smu, rt);
			FUZZ_CHECK(r->smu.level >= r->smu.soft_min &&
				   r->smu.level <= r->smu.soft_max &&
				   r->smu.soft_max < r->smu.nr && rt->opp == r->smu.level);
			FUZZ_CHECK(sim_smu_load_pct(&r->smu) <= 100);
			continue;
		}
		if (ev.kind == SIM_RT_EV_POLL) {
			sim_rt_take_window(rt, &w);
			check_window(&w, rt->sc.nr_opps);
		}
		act(r, b);
	}
	FUZZ_CHECK(r->arrived == rt->nr_frames && r->started == rt->nr_frames &&
		   r->done == rt->nr_frames && rt->res.frames == rt->nr_frames);
	FUZZ_CHECK(ev.now_ns >= (u64)rt->nr_frames * rt->sc.period_ns);
	if (rt->sc.frame_done_ns) {
		for (f = 0; f < rt->nr_frames; f++) {
			FUZZ_CHECK(done_ns[f] >= f * rt->sc.period_ns &&
				   (!f || done_ns[f] >= done_ns[f - 1]));
			janked += done_ns[f] > (f + 1ULL) * rt->sc.period_ns;
		}
		FUZZ_CHECK(janked == rt->res.janked);
	}
	/* over for good */
	sim_rt_step(rt, &ev);
	FUZZ_CHECK(ev.kind == SIM_RT_EV_END && ev.now_ns == prev_ns);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_bytes b = { data, size };
	struct sim_rt_scenario sc = { .rec = rec };
	static struct run r;
	enum sim_rt_status st;
	u32 k, khz[GPUGOV_MAX_OPPS], load;
	u8 mode, raw;
	size_t i, n;
	u64 t, polls;

	memset(&r, 0, sizeof(r));
	sc.nr_segs = 1 + fuzz_u8(&b) % MAX_SEGS;
	raw = fuzz_u8(&b);
	/* mostly small tables; the largest, and one past it, at the edge */
	sc.nr_opps = raw == 255 ? GPUGOV_MAX_OPPS : raw == 254 ? GPUGOV_MAX_OPPS + 1 :
		     1 + raw % 12;
	raw = fuzz_u8(&b);
	sc.segs_per_frame = raw == 255 ? 0 : 1 + raw % 4;
	mode = fuzz_u8(&b);
	/* bit 0: periods and polls anywhere, else within the engine's range */
	sc.period_ns = fuzz_edgy_u64(&b);
	sc.poll_ns = fuzz_edgy_u64(&b);
	if (!(mode & 1)) {
		/* bit 6: a display's periods (up to 50 ms), where the firmware fits */
		sc.period_ns = in_range(sc.period_ns, SIM_RT_PERIOD_MIN_NS,
					mode & 64 ? 50000000ULL : SIM_RT_PERIOD_MAX_NS);
		sc.poll_ns = in_range(sc.poll_ns, SIM_RT_POLL_MIN_NS, SIM_RT_POLL_MAX_NS);
	}
	load = fuzz_u8(&b);
	sc.scale_num = fuzz_edgy_u64(&b);
	sc.scale_den = fuzz_edgy_u64(&b);
	raw = fuzz_u8(&b);
	sc.start_opp = raw == 255 ? sc.nr_opps : raw % sc.nr_opps;
	for (k = 0; k < GPUGOV_MAX_OPPS; k++) {
		sc.idle_uw[k] = mode & 2 ? fuzz_edgy_u64(&b) : fuzz_u32(&b) % 2000000;
		khz[k] = (k + 1) * 100000 + fuzz_u8(&b);	/* ascending */
	}
	n = (size_t)sc.nr_segs * min_t(u32, sc.nr_opps, GPUGOV_MAX_OPPS);
	for (i = 0; i < n * GPUGOV_SB_NR_FIELDS; i++)
		rec[i] = rec_value(&b, mode & 4, i % GPUGOV_SB_NR_FIELDS);
	sc.frame_done_ns = mode & 8 ? done_ns : NULL;
	/* bit 4: the scale of a load, else the raw ratio */
	if (mode & 16) {
		st = sim_rt_load_scale(&sc, load);
		FUZZ_CHECK(st < SIM_RT_NR_STATUS && sim_rt_status_str(st));
		if (st != SIM_RT_OK)
			return 0;
	}
	st = sim_rt_init(&r.rt, &sc);
	FUZZ_CHECK(st < SIM_RT_NR_STATUS && sim_rt_status_str(st)[0]);
	if (st != SIM_RT_OK)
		return 0;
	FUZZ_CHECK(r.rt.nr_frames == (sc.nr_segs - 1) / sc.segs_per_frame + 1);

	/* the budgets: polls no shorter than the run's length allows */
	t = rt_end_bound(&sc, r.rt.nr_frames, 0);
	r.poll_floor = max_t(u64, SIM_RT_POLL_MIN_NS, t / POLL_BUDGET + 1);
	FUZZ_CHECK(sim_rt_set_poll(&r.rt, budget_poll(&r, r.rt.poll_ns)));
	r.fw = mode & 32 && t / SIM_SMU_EVAL_NS <= FW_BUDGET;
	if (r.fw) {
		sim_smu_init(&r.smu, khz, sc.nr_opps, sc.start_opp);
		FUZZ_CHECK(r.smu.level == sc.start_opp);
	}
	/*
	 * The events: 3 a frame; a poll at most every poll_floor, plus one
	 * for each change; an evaluation every ms; the end; the caller's
	 * timers and changes are added as it makes them (act()); every
	 * stint's 1 ns of rounding in the end time.
	 */
	polls = t / r.poll_floor + 2;
	r.bound = 3ULL * r.rt.nr_frames + polls + 2;
	if (r.fw)
		r.bound += t / SIM_SMU_EVAL_NS + 2;
	/*
	 * each stint may end up to 2 ns late (the ceiling of its length, the
	 * floor of the progress); the firmware's switches come at its events
	 */
	r.t_max = rt_end_bound(&sc, r.rt.nr_frames, 2 * (sc.nr_segs + r.bound));
	drive(&r, &b);
	return 0;
}
