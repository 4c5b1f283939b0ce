// SPDX-License-Identifier: GPL-2.0
/*
 * sim_rt.c - the real-time engine (sim_rt.h; the model: docs/realtime.md).
 *
 * Arithmetic.  Each product of two 64-bit values goes through
 * mul_u64_u64_div_u64() with a quotient known to fit 64 bits, since the
 * kernel's x86-64 version traps on one that does not: either a part of a
 * whole (v * part / whole with part <= whole), or a value whose bound
 * sim_rt_init() has checked.  sim_rt_init() bounds every sum a run can
 * reach (time, energy, each counter) by 2^62, which leaves room for the
 * rounding of pro-rata parts (at most 1 per part).
 */
#include "sim_rt.h"

#define SIM_RT_SUM_MAX	BIT_ULL(62)
#define SIM_RT_NOT_SAMPLE	0xffffU

/* Where each record field is in struct gpugov_sample (energy_pj is not). */
#define SIM_RT_AT(field)	offsetof(struct gpugov_sample, field)
static const u16 sim_rt_sample_off[GPUGOV_SB_NR_FIELDS] = {
	[GPUGOV_SB_INTERVAL_NS] = SIM_RT_AT(interval_ns),
	[GPUGOV_SB_BUSY_NS] = SIM_RT_AT(busy_ns),
	[GPUGOV_SB_ENERGY_PJ] = SIM_RT_NOT_SAMPLE,
	[GPUGOV_SB_INSTS] = SIM_RT_AT(insts),
	[GPUGOV_SB_LOAD_STALL_CYC] = SIM_RT_AT(load_stall_cyc),
	[GPUGOV_SB_STORE_STALL_CYC] = SIM_RT_AT(store_stall_cyc),
	[GPUGOV_SB_LCP_CYC] = SIM_RT_AT(lcp_cyc),
	[GPUGOV_SB_LOAD_OUT_CYC] = SIM_RT_AT(load_out_cyc),
	[GPUGOV_SB_LEAD_CYC] = SIM_RT_AT(lead_cyc),
	[GPUGOV_SB_CRIT_CYC] = SIM_RT_AT(crit_cyc),
	[GPUGOV_SB_DRAM_TXN] = SIM_RT_AT(dram_txn),
	[GPUGOV_SB_L2_HITS] = SIM_RT_AT(l2_hits),
	[GPUGOV_SB_L2_TXN] = SIM_RT_AT(l2_txn),
	[GPUGOV_SB_GLD_TXN] = SIM_RT_AT(gld_txn),
	[GPUGOV_SB_GST_TXN] = SIM_RT_AT(gst_txn),
	[GPUGOV_SB_MEM_INSTS] = SIM_RT_AT(mem_insts),
	[GPUGOV_SB_SHM_TXN] = SIM_RT_AT(shm_txn),
	[GPUGOV_SB_WARPS] = SIM_RT_AT(warps),
	[GPUGOV_SB_OCCUPANCY_Q16] = SIM_RT_AT(occupancy_q16),
	[GPUGOV_SB_ENERGY_UJ] = SIM_RT_AT(energy_uj),
	[GPUGOV_SB_LCP_CORE_CYC] = SIM_RT_AT(lcp_core_cyc),
	[GPUGOV_SB_LCP_WAIT_CYC] = SIM_RT_AT(lcp_wait_cyc),
	[GPUGOV_SB_L2_BUSY_CYC] = SIM_RT_AT(l2_busy_cyc),
	[GPUGOV_SB_DRAM_BUSY_CYC] = SIM_RT_AT(dram_busy_cyc),
};

static u64 sim_rt_sample_get(const struct gpugov_sample *s, u32 i)
{
	return *(const u64 *)((const char *)s + sim_rt_sample_off[i]);
}

/**
 * sim_rt_rec_from_sample() - a record of the sweep layout from a measured
 *	segment
 * @s: the segment's sample at one OPP (its per-wave records are not kept)
 * @energy_pj: its energy
 * @r: out: GPUGOV_SB_NR_FIELDS values; busy time beyond the interval is
 *	cut to the interval
 */
void sim_rt_rec_from_sample(const struct gpugov_sample *s, u64 energy_pj,
			    u64 *r)
{
	u32 i;

	for (i = 0; i < GPUGOV_SB_NR_FIELDS; i++)
		r[i] = i == GPUGOV_SB_ENERGY_PJ ? energy_pj :
		       sim_rt_sample_get(s, i);
	r[GPUGOV_SB_BUSY_NS] = min_t(u64, r[GPUGOV_SB_BUSY_NS],
				     r[GPUGOV_SB_INTERVAL_NS]);
}

/**
 * sim_rt_window_sample() - a window as the sample a counter source hands
 *	gpugov: its interval, busy time and every counter
 * @w: window
 * @s: out: those fields set, the others (clocks, caps, waves) left alone
 */
void sim_rt_window_sample(const struct sim_rt_window *w,
			  struct gpugov_sample *s)
{
	u32 i;

	for (i = 0; i < GPUGOV_SB_NR_FIELDS; i++)
		if (sim_rt_sample_off[i] != SIM_RT_NOT_SAMPLE)
			*(u64 *)((char *)s + sim_rt_sample_off[i]) = w->f[i];
}

/**
 * sim_rt_source_sample() - a window as a counter source with every counter
 *	of the trace hands it to gpugov
 * @w: window
 * @core_khz: clock in force at the window's end
 * @mem_khz: memory clock, 0 for none
 * @caps: GPUGOV_CAP_* of the trace's counters (per-wave records dropped:
 *	windows carry none)
 * @s: out: the whole sample (no waves)
 */
void sim_rt_source_sample(const struct sim_rt_window *w, u32 core_khz,
			  u32 mem_khz, u32 caps, struct gpugov_sample *s)
{
	memset(s, 0, offsetof(struct gpugov_sample, waves));
	sim_rt_window_sample(w, s);
	s->core_khz = core_khz;
	s->mem_khz = mem_khz;
	s->caps = caps & GPUGOV_CAP_ALL & ~GPUGOV_CAP_WAVES;
	if (mem_khz)
		s->caps |= GPUGOV_CAP_MEM_KHZ;
}

static const char *const sim_rt_status_names[SIM_RT_NR_STATUS] = {
	[SIM_RT_OK] = "ok",
	[SIM_RT_E_NO_FRAMES] = "no frames: no segments, or 0 segments per frame",
	[SIM_RT_E_OPPS] = "no OPPs, more than the OPP table holds, or a start OPP outside them",
	[SIM_RT_E_PERIOD] = "refresh period out of range (0.1 ms to 10 s)",
	[SIM_RT_E_POLL] = "polling interval out of range (0.1 ms to 60 s, or none)",
	[SIM_RT_E_SCALE] = "work scale of 0",
	[SIM_RT_E_OVERFLOW] =
		"scaled work overflows: its time, energy or a counter over the run passes 2^62",
	[SIM_RT_E_LOAD] = "load out of range (1 to 100 %)",
	[SIM_RT_E_NO_WORK] = "its frames take no time at the top OPP: nothing to pace",
};

/**
 * sim_rt_status_str() - what a sim_rt_init() status means, for a message
 * @st: status
 */
const char *sim_rt_status_str(enum sim_rt_status st)
{
	return st < SIM_RT_NR_STATUS ? sim_rt_status_names[st] : "unknown status";
}

/* Fields that are not the work's amounts, so not summed pro rata. */
static bool sim_rt_amount(u32 i)
{
	return i != GPUGOV_SB_INTERVAL_NS && i != GPUGOV_SB_BUSY_NS &&
	       i != GPUGOV_SB_OCCUPANCY_Q16 && i != GPUGOV_SB_ENERGY_UJ;
}

static const u64 *sim_rt_rec(const struct sim_rt_scenario *sc, u32 seg,
			     u32 opp)
{
	return sc->rec + ((size_t)seg * sc->nr_opps + opp) * GPUGOV_SB_NR_FIELDS;
}

/*
 * *out = a * b / c (c > 0) if that is at most @limit; false if it is
 * not, without forming a quotient that does not fit.
 */
static bool sim_rt_mul_div_max(u64 a, u64 b, u64 c, u64 limit, u64 *out)
{
	if (b > c && a > mul_u64_u64_div_u64(limit, c, b))
		return false;
	*out = mul_u64_u64_div_u64(a, b, c);
	return *out <= limit;
}

/* A record value as the scenario runs it (checked by sim_rt_init()). */
static u64 sim_rt_scaled(const struct sim_rt_scenario *sc, u32 field, u64 v)
{
	if (field == GPUGOV_SB_OCCUPANCY_Q16)	/* a ratio: no amount */
		return v;
	return mul_u64_u64_div_u64(v, sc->scale_num, sc->scale_den);
}

/*
 * Bound every sum a run can reach: for each field, the sum over segments
 * of the largest scaled value at any OPP; then time (all work at its
 * slowest plus every period) and energy (all work at its dearest plus
 * idling at the dearest idle power all the time).
 */
static enum sim_rt_status sim_rt_check_sums(const struct sim_rt_scenario *sc,
					    u32 nr_frames)
{
	u64 sum[GPUGOV_SB_NR_FIELDS] = { 0 };
	u64 top, v, t_max, e_idle, idle_max = 0;
	u32 s, k, i;

	for (s = 0; s < sc->nr_segs; s++) {
		for (i = 0; i < GPUGOV_SB_NR_FIELDS; i++) {
			if (i == GPUGOV_SB_OCCUPANCY_Q16)
				continue;
			top = 0;
			for (k = 0; k < sc->nr_opps; k++) {
				if (!sim_rt_mul_div_max(sim_rt_rec(sc, s, k)[i],
							sc->scale_num, sc->scale_den,
							SIM_RT_SUM_MAX, &v))
					return SIM_RT_E_OVERFLOW;
				top = max_t(u64, top, v);
			}
			if (top > SIM_RT_SUM_MAX - sum[i])
				return SIM_RT_E_OVERFLOW;
			sum[i] += top;
		}
	}
	if (sum[GPUGOV_SB_BUSY_NS] > SIM_RT_TIME_MAX_NS ||
	    sc->period_ns > div64_u64(SIM_RT_TIME_MAX_NS - sum[GPUGOV_SB_BUSY_NS],
				      nr_frames))
		return SIM_RT_E_OVERFLOW;
	t_max = sum[GPUGOV_SB_BUSY_NS] + sc->period_ns * nr_frames;
	for (k = 0; k < sc->nr_opps; k++)
		idle_max = max_t(u64, idle_max, sc->idle_uw[k]);
	/* uW * ns = 10^-3 pJ */
	if (!sim_rt_mul_div_max(idle_max, t_max, 1000,
				SIM_RT_SUM_MAX - sum[GPUGOV_SB_ENERGY_PJ], &e_idle))
		return SIM_RT_E_OVERFLOW;
	return SIM_RT_OK;
}

/**
 * sim_rt_load_scale() - scale a scenario's work so that its mean frame
 *	lasts @load_pct % of the refresh period at the top OPP
 * @sc: scenario whose @rec, @nr_segs, @nr_opps, @segs_per_frame and
 *	@period_ns are set; @scale_num and @scale_den are set on success
 * @load_pct: 1..100
 *
 * s = (load / 100 * period) / mean_top, mean_top = the busy time of every
 * segment at the top OPP over the frames: every ratio of the sweep is
 * kept.  The replay and gpugov_sim scale alike, so their runs are one.
 *
 * Return: SIM_RT_OK, or why the scenario cannot be scaled (sim_rt_init()
 * checks the rest).
 */
enum sim_rt_status sim_rt_load_scale(struct sim_rt_scenario *sc,
				     u32 load_pct)
{
	u64 sum = 0, v, mean;
	u32 s, nr_frames;

	if (!sc->rec || !sc->nr_segs || !sc->segs_per_frame)
		return SIM_RT_E_NO_FRAMES;
	if (!sc->nr_opps || sc->nr_opps > GPUGOV_MAX_OPPS)
		return SIM_RT_E_OPPS;
	if (!load_pct || load_pct > 100)
		return SIM_RT_E_LOAD;
	if (sc->period_ns < SIM_RT_PERIOD_MIN_NS ||
	    sc->period_ns > SIM_RT_PERIOD_MAX_NS)
		return SIM_RT_E_PERIOD;
	for (s = 0; s < sc->nr_segs; s++) {
		v = sim_rt_rec(sc, s, sc->nr_opps - 1)[GPUGOV_SB_BUSY_NS];
		if (v > U64_MAX - sum)
			return SIM_RT_E_OVERFLOW;
		sum += v;
	}
	nr_frames = (sc->nr_segs - 1) / sc->segs_per_frame + 1;
	mean = div_u64(sum, nr_frames);
	if (!mean)
		return SIM_RT_E_NO_WORK;
	if (mean > div_u64(U64_MAX, 100))
		return SIM_RT_E_OVERFLOW;
	sc->scale_num = load_pct * sc->period_ns;
	sc->scale_den = mean * 100;
	return SIM_RT_OK;
}

/**
 * sim_rt_init() - check a scenario and set a run up at time 0
 * @rt: run
 * @sc: scenario (copied; its @rec and @frame_done_ns must outlive @rt)
 *
 * Reads every record once to bound the run's sums.
 *
 * Return: SIM_RT_OK, or why @sc cannot run (sim_rt_status_str()); @rt is
 * then unusable.
 */
enum sim_rt_status sim_rt_init(struct sim_rt *rt,
			       const struct sim_rt_scenario *sc)
{
	enum sim_rt_status st;

	memset(rt, 0, sizeof(*rt));
	if (!sc->rec || !sc->nr_segs || !sc->segs_per_frame)
		return SIM_RT_E_NO_FRAMES;
	if (!sc->nr_opps || sc->nr_opps > GPUGOV_MAX_OPPS ||
	    sc->start_opp >= sc->nr_opps)
		return SIM_RT_E_OPPS;
	if (sc->period_ns < SIM_RT_PERIOD_MIN_NS ||
	    sc->period_ns > SIM_RT_PERIOD_MAX_NS)
		return SIM_RT_E_PERIOD;
	if (sc->poll_ns && (sc->poll_ns < SIM_RT_POLL_MIN_NS ||
			    sc->poll_ns > SIM_RT_POLL_MAX_NS))
		return SIM_RT_E_POLL;
	if (!sc->scale_num || !sc->scale_den)
		return SIM_RT_E_SCALE;
	rt->nr_frames = (sc->nr_segs - 1) / sc->segs_per_frame + 1;
	st = sim_rt_check_sums(sc, rt->nr_frames);
	if (st != SIM_RT_OK)
		return st;
	rt->sc = *sc;
	rt->opp = sc->start_opp;
	rt->poll_ns = sc->poll_ns;
	rt->next_poll = sc->poll_ns ? sc->poll_ns : SIM_RT_NEVER;
	rt->timer = SIM_RT_NEVER;
	rt->end = SIM_RT_NEVER;
	rt->next_fw = SIM_RT_NEVER;
	return SIM_RT_OK;
}

u32 sim_rt_nr_frames(const struct sim_rt *rt)
{
	return rt->nr_frames;
}

/**
 * sim_rt_next_poll() - when the next poll is due
 * @rt: run
 *
 * Return: simulated time, SIM_RT_NEVER without polling.
 */
u64 sim_rt_next_poll(const struct sim_rt *rt)
{
	return rt->next_poll;
}

static u64 sim_rt_arrival(const struct sim_rt *rt, u32 frame)
{
	return (u64)frame * rt->sc.period_ns;
}

static u32 sim_rt_frame_of(const struct sim_rt *rt, u32 seg)
{
	return seg / rt->sc.segs_per_frame;
}

/* The GPU runs work now: its frame has started and is not done. */
static bool sim_rt_busy(const struct sim_rt *rt)
{
	return rt->started && rt->seg < rt->sc.nr_segs;
}

/* Every frame that has arrived is done. */
static bool sim_rt_drained(const struct sim_rt *rt)
{
	return rt->seg >= rt->sc.nr_segs ||
	       sim_rt_frame_of(rt, rt->seg) >= rt->arrived;
}

/* The running segment at the OPP in force, scaled. */
static const u64 *sim_rt_cur(struct sim_rt *rt)
{
	const u64 *r;
	u32 i;

	if (!rt->cur_ok) {
		r = sim_rt_rec(&rt->sc, rt->seg, rt->opp);
		for (i = 0; i < GPUGOV_SB_NR_FIELDS; i++)
			rt->cur[i] = sim_rt_scaled(&rt->sc, i, r[i]);
		rt->cur_ok = true;
	}
	return rt->cur;
}

/*
 * Progress through a segment.  A stint is the part of a segment run at one
 * OPP: it starts at progress @base (SIM_RT_ONE the whole segment) and, with
 * the segment taking T ns at that OPP, ends after
 * L = ceil((SIM_RT_ONE - base) * T / SIM_RT_ONE) ns; after el ns of it the
 * progress is base + floor(el * SIM_RT_ONE / T).  Events that stop the
 * clock within a stint without changing the OPP change nothing of it.
 */
static u64 sim_rt_stint_ns(struct sim_rt *rt)
{
	u64 t = sim_rt_cur(rt)[GPUGOV_SB_BUSY_NS];
	u64 rem = SIM_RT_ONE - rt->base;
	u64 len = mul_u64_u64_div_u64(rem, t, SIM_RT_ONE);

	if (t && mul_u64_u64_div_u64(len, SIM_RT_ONE, t) < rem)
		len++;
	return len;
}

/* Progress after @el ns of the stint (at its length: all of it). */
static u64 sim_rt_progress(struct sim_rt *rt, u64 el)
{
	if (!el)
		return rt->base;
	if (el >= sim_rt_stint_ns(rt))
		return SIM_RT_ONE;
	/* el < L <= T, so T > 0 and the sum stays below SIM_RT_ONE */
	return rt->base + mul_u64_u64_div_u64(el, SIM_RT_ONE,
					      sim_rt_cur(rt)[GPUGOV_SB_BUSY_NS]);
}

/*
 * The running segment went from progress @a to @b in @dt ns at the OPP in
 * force: the window and the totals get that part of each amount.  Parts
 * are differences of floor(v * progress), so the parts of a segment run
 * at one OPP add up to its value exactly.
 */
static void sim_rt_account(struct sim_rt *rt, u64 a, u64 b, u64 dt)
{
	const u64 *c = sim_rt_cur(rt);
	u64 *w = rt->win.f;
	u64 occ = c[GPUGOV_SB_OCCUPANCY_Q16], mean, busy;
	u32 i;

	for (i = 0; i < GPUGOV_SB_NR_FIELDS; i++)
		if (sim_rt_amount(i))
			w[i] += mul_u64_u64_div_u64(c[i], b, SIM_RT_ONE) -
				mul_u64_u64_div_u64(c[i], a, SIM_RT_ONE);
	rt->res.energy_pj += mul_u64_u64_div_u64(c[GPUGOV_SB_ENERGY_PJ], b, SIM_RT_ONE) -
			     mul_u64_u64_div_u64(c[GPUGOV_SB_ENERGY_PJ], a, SIM_RT_ONE);
	/* occupancy: the mean over busy time, m += (x - m) * dt / busy */
	w[GPUGOV_SB_BUSY_NS] += dt;
	rt->res.busy_ns += dt;
	busy = w[GPUGOV_SB_BUSY_NS];
	mean = w[GPUGOV_SB_OCCUPANCY_Q16];
	if (!dt)
		return;
	if (occ >= mean)
		mean += mul_u64_u64_div_u64(occ - mean, dt, busy);
	else
		mean -= mul_u64_u64_div_u64(mean - occ, dt, busy);
	w[GPUGOV_SB_OCCUPANCY_Q16] = mean;
}

/* @dt ns idle at the OPP in force. */
static void sim_rt_idle(struct sim_rt *rt, u64 dt)
{
	u64 pj = mul_u64_u64_div_u64(rt->sc.idle_uw[rt->opp], dt, 1000);

	rt->win.f[GPUGOV_SB_ENERGY_PJ] += pj;
	rt->res.energy_pj += pj;
}

/* The running segment is done at rt->now; so is its frame if it is last. */
static void sim_rt_finish_seg(struct sim_rt *rt)
{
	u32 f = sim_rt_frame_of(rt, rt->seg);
	u64 deadline = sim_rt_arrival(rt, f + 1), lat;

	rt->seg++;
	rt->base = 0;
	rt->el = 0;
	rt->cur_ok = false;
	if (rt->seg < rt->sc.nr_segs && sim_rt_frame_of(rt, rt->seg) == f)
		return;
	rt->started = false;
	rt->idle_since = rt->now;
	lat = rt->now - sim_rt_arrival(rt, f);
	rt->res.frames++;
	rt->res.janked += rt->now > deadline;
	rt->res.worst_latency_ns = max_t(u64, rt->res.worst_latency_ns, lat);
	if (rt->sc.frame_done_ns)
		rt->sc.frame_done_ns[f] = rt->now;
	rt->pending_done = true;
	rt->done_frame = f;
	rt->done_latency = lat;
	if (rt->seg >= rt->sc.nr_segs)
		rt->end = max_t(u64, rt->now, sim_rt_arrival(rt, rt->nr_frames));
}

/* Run the GPU to @t, no later than the running segment's end. */
static void sim_rt_advance(struct sim_rt *rt, u64 t)
{
	u64 dt = t - rt->now, a;
	bool done;

	if (!sim_rt_busy(rt)) {
		sim_rt_idle(rt, dt);
		rt->now = t;
		return;
	}
	a = sim_rt_progress(rt, rt->el);
	rt->el += dt;
	/* a segment of no time at this OPP is done at once, all of it */
	done = rt->el >= sim_rt_stint_ns(rt);
	sim_rt_account(rt, a, done ? SIM_RT_ONE : sim_rt_progress(rt, rt->el), dt);
	rt->now = t;
	if (done)
		sim_rt_finish_seg(rt);
}

/* The next time anything happens, after rt->now. */
static u64 sim_rt_next_time(struct sim_rt *rt)
{
	u64 t = min_t(u64, min_t(u64, rt->timer, rt->next_poll), rt->next_fw);

	if (rt->arrived < rt->nr_frames)
		t = min_t(u64, t, sim_rt_arrival(rt, rt->arrived));
	if (rt->seg >= rt->sc.nr_segs)
		t = min_t(u64, t, rt->end);
	if (sim_rt_busy(rt))
		t = min_t(u64, t, rt->now + sim_rt_stint_ns(rt) - rt->el);
	return t;
}

/* The event due now, if any; events at one time come in enum order. */
static bool sim_rt_due(struct sim_rt *rt, struct sim_rt_event *ev)
{
	u32 f;

	if (rt->pending_done) {
		rt->pending_done = false;
		ev->kind = SIM_RT_EV_DONE;
		ev->frame = rt->done_frame;
		ev->deadline_ns = sim_rt_arrival(rt, rt->done_frame + 1);
		ev->latency_ns = rt->done_latency;
		return true;
	}
	if (rt->arrived < rt->nr_frames &&
	    sim_rt_arrival(rt, rt->arrived) <= rt->now) {
		ev->kind = SIM_RT_EV_ARRIVE;
		ev->frame = rt->arrived;
		ev->deadline_ns = sim_rt_arrival(rt, rt->arrived + 1);
		ev->fence_ns = rt->sc.vrr ? rt->now : ev->deadline_ns;
		ev->idle_ns = sim_rt_drained(rt) ? rt->now - rt->idle_since : 0;
		rt->arrived++;
		return true;
	}
	if (!rt->started && !sim_rt_drained(rt)) {
		f = sim_rt_frame_of(rt, rt->seg);
		rt->started = true;
		ev->kind = SIM_RT_EV_START;
		ev->frame = f;
		ev->deadline_ns = sim_rt_arrival(rt, f + 1);
		return true;
	}
	if (rt->timer <= rt->now) {
		rt->timer = SIM_RT_NEVER;
		ev->kind = SIM_RT_EV_TIMER;
		return true;
	}
	/* the firmware's evaluation first: a poll then reads what it set */
	if (rt->next_fw <= rt->now) {
		rt->next_fw = rt->now + rt->fw_ns;
		ev->kind = SIM_RT_EV_FW;
		return true;
	}
	if (rt->next_poll <= rt->now) {
		rt->next_poll = rt->now + rt->poll_ns;
		rt->res.polls++;
		ev->kind = SIM_RT_EV_POLL;
		return true;
	}
	if (rt->seg >= rt->sc.nr_segs && rt->now >= rt->end) {
		ev->kind = SIM_RT_EV_END;
		return true;
	}
	return false;
}

/**
 * sim_rt_step() - run to the next event and say what it is
 * @rt: run
 * @ev: out: the event; SIM_RT_EV_END for good once the run is over
 *
 * Frames arrive, start and finish on their own; a poll event only says
 * that a polling interval has elapsed: the caller then reads the window
 * (sim_rt_take_window()), as a devfreq governor calls get_dev_status().
 */
void sim_rt_step(struct sim_rt *rt, struct sim_rt_event *ev)
{
	for (;;) {
		memset(ev, 0, sizeof(*ev));
		if (sim_rt_due(rt, ev))
			break;
		sim_rt_advance(rt, sim_rt_next_time(rt));
	}
	ev->now_ns = rt->now;
	rt->res.end_ns = rt->now;
}

/* Run at @opp from now on: a switch if it is not the OPP in force. */
static void sim_rt_switch(struct sim_rt *rt, u32 opp)
{
	if (opp == rt->opp)
		return;
	rt->res.switches++;
	if (rt->seg < rt->sc.nr_segs) {
		/* the running segment's next stint starts where this one is */
		rt->base = sim_rt_progress(rt, rt->el);
		rt->el = 0;
	}
	rt->opp = opp;
	rt->cur_ok = false;
}

/**
 * sim_rt_set_opp() - a governor's decision: run at @opp from now on
 * @rt: run
 * @opp: OPP index
 *
 * Counts a decision, and a switch if @opp is not the OPP in force; the
 * rest of the running segment runs at @opp.
 *
 * Return: false (and nothing changes) if @opp is not in the table.
 */
bool sim_rt_set_opp(struct sim_rt *rt, u32 opp)
{
	if (opp >= rt->sc.nr_opps)
		return false;
	rt->res.decisions++;
	sim_rt_switch(rt, opp);
	return true;
}

/**
 * sim_rt_fw_set_opp() - the device's firmware moves its clock to @opp
 *	within the range the governor left it: a switch, not a decision
 * @rt: run
 * @opp: OPP index
 *
 * Return: false (and nothing changes) if @opp is not in the table.
 */
bool sim_rt_fw_set_opp(struct sim_rt *rt, u32 opp)
{
	if (opp >= rt->sc.nr_opps)
		return false;
	sim_rt_switch(rt, opp);
	return true;
}

/**
 * sim_rt_set_fw() - an FW event every @fw_ns from now, for a device whose
 *	firmware picks the clock itself (sim_smu.h)
 * @rt: run
 * @fw_ns: interval (0: none); at least 1 us, else none
 */
void sim_rt_set_fw(struct sim_rt *rt, u64 fw_ns)
{
	rt->fw_ns = fw_ns >= 1000 ? fw_ns : 0;
	rt->next_fw = rt->fw_ns ? rt->now + rt->fw_ns : SIM_RT_NEVER;
}

/**
 * sim_rt_set_timer() - a TIMER event at @at_ns (now if that has passed)
 * @rt: run
 * @at_ns: simulated time; SIM_RT_NEVER cancels the timer
 *
 * One timer: arming it again moves it.
 */
void sim_rt_set_timer(struct sim_rt *rt, u64 at_ns)
{
	rt->timer = at_ns < rt->now ? rt->now : at_ns;
}

/**
 * sim_rt_set_poll() - change the polling interval, as
 *	devfreq_update_interval() does
 * @rt: run
 * @poll_ns: new interval, 0 to stop polling
 *
 * A shorter interval (or polling that starts) takes effect at once: the
 * next poll comes @poll_ns from now.  A longer one after the next poll.
 *
 * Return: false (and nothing changes) if @poll_ns is out of range.
 */
bool sim_rt_set_poll(struct sim_rt *rt, u64 poll_ns)
{
	if (poll_ns && (poll_ns < SIM_RT_POLL_MIN_NS ||
			poll_ns > SIM_RT_POLL_MAX_NS))
		return false;
	if (!poll_ns)
		rt->next_poll = SIM_RT_NEVER;
	else if (!rt->poll_ns || poll_ns < rt->poll_ns)
		rt->next_poll = rt->now + poll_ns;
	rt->poll_ns = poll_ns;
	return true;
}

/**
 * sim_rt_take_window() - what the GPU did since the previous call (or
 *	time 0), and start a new window now
 * @rt: run
 * @w: out
 */
void sim_rt_take_window(struct sim_rt *rt, struct sim_rt_window *w)
{
	*w = rt->win;
	w->f[GPUGOV_SB_INTERVAL_NS] = rt->now - rt->win_start;
	w->f[GPUGOV_SB_ENERGY_UJ] = div64_u64(w->f[GPUGOV_SB_ENERGY_PJ], 1000000);
	w->opp = rt->opp;
	memset(&rt->win, 0, sizeof(rt->win));
	rt->win_start = rt->now;
}

/**
 * sim_rt_frame_cost() - time and energy of frame @frame's work, all of it
 *	run at @opp (scaled); what a clairvoyant oracle knows
 * @rt: run
 * @frame: frame, < sim_rt_nr_frames() (else 0 and 0)
 * @opp: OPP, < the scenario's nr_opps (else 0 and 0)
 * @ns: out
 * @pj: out
 */
void sim_rt_frame_cost(const struct sim_rt *rt, u32 frame, u32 opp,
		       u64 *ns, u64 *pj)
{
	const struct sim_rt_scenario *sc = &rt->sc;
	u32 s, end;

	*ns = 0;
	*pj = 0;
	if (frame >= rt->nr_frames || opp >= sc->nr_opps)
		return;
	s = frame * sc->segs_per_frame;
	end = min_t(u32, sc->nr_segs - s, sc->segs_per_frame) + s;
	for (; s < end; s++) {
		const u64 *r = sim_rt_rec(sc, s, opp);

		*ns += sim_rt_scaled(sc, GPUGOV_SB_BUSY_NS, r[GPUGOV_SB_BUSY_NS]);
		*pj += sim_rt_scaled(sc, GPUGOV_SB_ENERGY_PJ, r[GPUGOV_SB_ENERGY_PJ]);
	}
}
