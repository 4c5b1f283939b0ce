// SPDX-License-Identifier: GPL-2.0
/*
 * gpu.c - the GPU around the SMs.
 *
 * Each SM has a core clock (struct sim_clk); all share one unless a
 * caller sets an SM's own (sim_set_sm_core(), per-SM V/f domains).  The
 * loop advances in time and only visits the times at which some SM has
 * something to do (sm_step() tells at which of its cycles) or a kernel
 * launches; SMs whose cycle starts then are stepped in index order, so
 * their requests reach the shared memory domain in time order and the
 * FIFO servers of memsys.c see them in the order a real one would.  With
 * one clock this visits exactly the cycles a lockstep loop over core
 * cycles would, in the same order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "energy.h"
#include "gpu.h"
#include "sm.h"

struct sim_state *sim_state_alloc(void)
{
	return malloc(sizeof(struct sim_state));
}

u32 sim_nr_opp(const struct sim *x)
{
	return x->g->nr_core * x->g->nr_mem;
}

void sim_init(struct sim *x, const struct sim_gpu_desc *g,
	      const struct sim_workload *w, struct sim_state *st, u64 seed)
{
	u32 s, i;

	x->g = g;
	x->w = w;
	x->st = st;
	memset(st, 0, offsetof(struct sim_state, sm));
	memsys_init(&st->mem, g);
	for (s = 0; s < g->sms; s++) {
		struct sim_sm *sm = &st->sm[s];

		memset(sm, 0, sizeof(*sm));
		for (i = 0; i < SIM_MAX_ISSUE; i++)
			sm->greedy[i] = -1;
		sm->next = SIM_INF;
		sm->mshr_min = SIM_INF;
		sm->sq_min = SIM_INF;
		cache_clear(sm->l1, &g->l1);
		crisp_init(&sm->cc, 0);
	}
	st->seed = seed;
	st->launch_at = 0;
	for (s = 0; s < g->sms; s++)
		st->sm[s].clk.period_fs = 1;
	sim_set_opp(x, sim_nr_opp(x) - 1);
}

/* A snapshot: the state up to the last SM in use. */
void sim_copy(const struct sim *x, struct sim_state *dst,
	      const struct sim_state *src)
{
	memcpy(dst, src, offsetof(struct sim_state, sm) +
			 x->g->sms * sizeof(struct sim_sm));
}

/*
 * Switch SM @s to core clock @core (index into the .gpu's core-opp list)
 * at its current cycle.  From there on its cycle lasts the new period;
 * requests in the memory domain keep their absolute times.
 */
void sim_set_sm_core(struct sim *x, u32 s, u32 core)
{
	struct sim_sm *sm = &x->st->sm[s];
	struct sim_clk *c = &sm->clk;

	c->t_base_fs = sim_time_fs(c, sm->now);
	c->cyc_base = sm->now;
	c->core = core;
	c->period_fs = 1000000000000ULL / x->g->core_khz[core];
	sm_retime(x, sm);
}

/*
 * Switch to OPP @opp (index into the table of sim_gpu_opp_table(), core
 * major): every SM to its core clock, the memory to its clock.
 */
void sim_set_opp(struct sim *x, u32 opp)
{
	const struct sim_gpu_desc *g = x->g;
	struct sim_state *st = x->st;
	u32 s;

	st->mem_clk = opp % g->nr_mem;
	memsys_set_clock(&st->mem, g->mem_khz[st->mem_clk]);
	for (s = 0; s < g->sms; s++)
		sim_set_sm_core(x, s, opp / g->nr_mem);
}

static const struct sim_kernel *launch_kernel(const struct sim *x)
{
	return &x->w->kern[x->w->launch[x->st->launch]];
}

/*
 * Start the current launch at @t_fs: blocks go round-robin while SMs have
 * room, each placed at its SM's first cycle from @t_fs on.
 */
static void launch(struct sim *x, u64 t_fs)
{
	const struct sim_kernel *k = launch_kernel(x);
	struct sim_state *st = x->st;
	int placed;
	u32 s;

	st->launch_at = SIM_INF;
	st->next_block = 0;
	st->blocks_done = 0;
	st->draining = 0;
	do {
		placed = 0;
		for (s = 0; s < x->g->sms && st->next_block < k->blocks; s++) {
			if (!sm_can_place(x, &st->sm[s], k))
				continue;
			sm_place_block(x, s, k, st->next_block++,
				       sim_cycle_at(&st->sm[s].clk, t_fs));
			placed = 1;
		}
	} while (placed && st->next_block < k->blocks);
}

/* A block finished on SM @s at @now: the next one takes its place. */
static void block_done(struct sim *x, u32 s, u64 now)
{
	const struct sim_kernel *k = launch_kernel(x);
	struct sim_state *st = x->st;

	if (++st->blocks_done == k->blocks) {
		st->draining = 1;
		return;
	}
	while (st->next_block < k->blocks && sm_can_place(x, &st->sm[s], k))
		sm_place_block(x, s, k, st->next_block++, now + 1);
}

/*
 * Every SM's first cycle not simulated is its first from @t_fs on; the
 * simulated time is the latest of their starts.
 */
static void set_now(struct sim *x, u64 t_fs)
{
	struct sim_state *st = x->st;
	u32 s;

	st->now_fs = 0;
	for (s = 0; s < x->g->sms; s++) {
		struct sim_sm *sm = &st->sm[s];

		sm->now = sim_cycle_at(&sm->clk, t_fs);
		if (sim_time_fs(&sm->clk, sm->now) > st->now_fs)
			st->now_fs = sim_time_fs(&sm->clk, sm->now);
	}
}

/* When SM @sm must be stepped next (SIM_INF: nothing pending). */
static u64 next_fs(const struct sim_sm *sm)
{
	return sm->next == SIM_INF ? SIM_INF : sim_time_fs(&sm->clk, sm->next);
}

/* The first start of a cycle of any SM after @t_fs. */
static u64 next_tick(const struct sim *x, u64 t_fs)
{
	u64 t = SIM_INF;
	u32 s;

	for (s = 0; s < x->g->sms; s++) {
		const struct sim_clk *c = &x->st->sm[s].clk;
		u64 ts = sim_time_fs(c, sim_cycle_at(c, t_fs + 1));

		if (ts < t)
			t = ts;
	}
	return t;
}

/*
 * The launch ends once its last block is done and its stores are acked;
 * the next one starts at the first cycle of any SM after @t_fs.
 */
static void check_complete(struct sim *x, u64 t_fs)
{
	struct sim_state *st = x->st;
	u32 s;

	for (s = 0; s < x->g->sms; s++)
		if (st->sm[s].nsq)
			return;
	st->draining = 0;
	if (++st->launch < x->w->nlaunch) {
		st->launch_at = next_tick(x, t_fs);
	} else {
		st->launch--;	/* keep naming the last kernel */
		st->finished = 1;
		set_now(x, t_fs + 1);
	}
}

/**
 * sim_run() - simulate until a stop condition
 * @stop_insts: stop after the cycle in which st->insts reaches this
 * @stop_fs: stop before the first cycle starting at or after this time
 * @stop_launch: stop after the cycle in which the launch before this one
 *	completes (its last warp retired, its stores acknowledged), so that
 *	a frame's interval holds its work and no idle cycle after it;
 *	SIM_NO_LAUNCH: no such stop
 * @err: SIM_ERR_MAX bytes for a message on failure
 *
 * On return st->now is the first cycle not simulated.  Returns 0, or -1
 * if nothing can ever happen again before the workload is done (a
 * deadlock, e.g. a barrier some warps never reach).
 */
int sim_run(struct sim *x, u64 stop_insts, u64 stop_fs, u32 stop_launch,
	    char *err)
{
	struct sim_state *st = x->st;
	const u32 nsm = x->g->sms;
	u32 s;

	while (!st->finished) {
		u64 t = st->launch_at;

		for (s = 0; s < nsm; s++)
			if (next_fs(&st->sm[s]) < t)
				t = next_fs(&st->sm[s]);
		if (t == SIM_INF) {
			snprintf(err, SIM_ERR_MAX, "deadlock at %llu ns in "
				 "kernel '%s' (a barrier not every warp "
				 "reaches?)",
				 (unsigned long long)(st->now_fs / 1000000),
				 launch_kernel(x)->name);
			return -1;
		}
		if (t >= stop_fs) {
			set_now(x, stop_fs);
			return 0;
		}
		st->now_fs = t;
		if (st->launch_at == t)
			launch(x, t);
		for (s = 0; s < nsm; s++) {
			u64 c = st->sm[s].next;
			u32 done;

			if (next_fs(&st->sm[s]) != t)
				continue;
			for (done = sm_step(x, s, c); done; done--)
				block_done(x, s, c);
		}
		if (st->draining)
			check_complete(x, t);
		if (!st->finished && (st->insts >= stop_insts ||
				      st->launch >= stop_launch)) {
			set_now(x, t + 1);
			return 0;
		}
	}
	return 0;
}

void sim_interval_begin(struct sim *x, struct sim_interval *iv)
{
	struct sim_state *st = x->st;
	u32 s;

	iv->start_fs = st->now_fs;
	for (s = 0; s < x->g->sms; s++) {
		iv->start_cyc[s] = st->sm[s].now;
		sm_interval_begin(&st->sm[s], st->sm[s].now);
	}
}

static u64 avg(u64 sum, u32 n)
{
	return (sum + n / 2) / n;
}

static void events_add(struct sim_events *sum, const struct sim_events *e)
{
	sum->insts += e->insts;
	sum->mem_insts += e->mem_insts;
	sum->alu += e->alu;
	sum->sfu += e->sfu;
	sum->shm += e->shm;
	sum->gld_txn += e->gld_txn;
	sum->gst_txn += e->gst_txn;
	sum->l2_txn += e->l2_txn;
	sum->l2_hits += e->l2_hits;
	sum->dram_txn += e->dram_txn;
	sum->warps += e->warps;
	sum->occ += e->occ;
}

/*
 * Energy of the SMs among @first .. @first + @n - 1 that run at core clock
 * @core (sim_energy_pj() of their events at its voltage), with their
 * share of the leakage and uncore; 0 if none does.
 */
static double core_energy_pj(const struct sim *x,
			     const struct sim_interval *iv, u32 first, u32 n,
			     u32 core, u64 interval_fs)
{
	const struct sim_state *st = x->st;
	struct sim_events ev = { 0 };
	u64 cycles = 0;
	u32 s, m = 0;

	for (s = first; s < first + n; s++) {
		const struct sim_sm *sm = &st->sm[s];

		if (sm->clk.core != core)
			continue;
		m++;
		cycles += sm->now - iv->start_cyc[s];
		events_add(&ev, &sm->ev);
	}
	if (!m)
		return 0;
	return sim_energy_pj(x->g, core, &ev, cycles, interval_fs,
			     (double)m / x->g->sms);
}

/*
 * The record of the interval since @iv for SMs @first .. @first + @n - 1:
 * their cycle counters averaged (CRISP section 4: the counters of all
 * SMs in the power domain are averaged), their events summed, their share
 * (@n of the device's SMs) of the static and uncore energy, and the waves
 * of SM @first (sm_waves()).
 */
/*
 * The device's per-wave records (PCSTALL section 4.2: the domain's
 * sensitivity is the sum over every CU's wavefronts): the warps resident
 * on SMs @first .. @first + @n - 1 at the boundary, SM by SM, each SM's
 * oldest first; where there are more than GPUGOV_MAX_WAVES, a systematic
 * sample of them - record j is warp floor(j * N / GPUGOV_MAX_WAVES) of
 * that order, so that every SM and every age is represented in
 * proportion.  Each record's age_rank is its rank on its own SM.
 */
static u32 device_waves(const struct sim *x, u32 first, u32 n,
			struct gpugov_wave *out)
{
	const struct sim_state *st = x->st;
	u32 total = 0, m, j, s = first, base = 0;

	for (j = first; j < first + n; j++)
		total += st->sm[j].nres;
	m = total < GPUGOV_MAX_WAVES ? total : GPUGOV_MAX_WAVES;
	for (j = 0; j < m; j++) {
		u32 k = (u32)((u64)j * total / m);

		while (k >= base + st->sm[s].nres)
			base += st->sm[s++].nres;
		sm_wave(&st->sm[s], launch_kernel(x), k - base,
			st->sm[s].now, &out[j]);
	}
	return m;
}

static void interval_rec(struct sim *x, const struct sim_interval *iv,
			 u64 interval_fs, u32 first, u32 n,
			 struct gpugov_trace_rec *rec)
{
	const struct sim_gpu_desc *g = x->g;
	struct sim_state *st = x->st;
	struct gpugov_sample *smp = &rec->s;
	struct sim_events ev = { 0 };
	u64 cls[CRISP_NR_CLASS] = { 0 }, lcp = 0, lcore = 0, lwait = 0;
	u64 crit = 0, lead = 0, lo = 0;
	u64 cycles = 0, busy_fs;
	double pj = 0;
	u32 s, i;

	for (s = first; s < first + n; s++) {
		struct sim_sm *sm = &st->sm[s];

		sm_account_to(sm, sm->now);
		cycles += sm->now - iv->start_cyc[s];
		for (i = 0; i < CRISP_NR_CLASS; i++)
			cls[i] += sm->cc.cyc[i];
		lcp += (u64)sm->cc.lcp;
		lcore += (u64)sm->cc.lcp_parts.core;
		lwait += (u64)sm->cc.lcp_parts.wait;
		crit += (u64)sm->cc.crit;
		lead += sm->cc.lead;
		lo += sm->cc.load_out;
		events_add(&ev, &sm->ev);
	}
	busy_fs = st->now_fs - iv->start_fs;
	if (interval_fs < busy_fs)
		interval_fs = busy_fs;

	memset(smp, 0, sizeof(*smp));
	smp->interval_ns = (interval_fs + 500000) / 1000000;
	smp->busy_ns = (busy_fs + 500000) / 1000000;
	smp->core_khz = g->core_khz[st->sm[first].clk.core];
	smp->mem_khz = g->mem_khz[st->mem_clk];
	smp->caps = GPUGOV_CAP_ALL;
	smp->insts = ev.insts;
	smp->load_stall_cyc = avg(cls[CRISP_LOAD_STALL], n);
	smp->store_stall_cyc = avg(cls[CRISP_STORE_STALL], n);
	smp->lcp_cyc = avg(lcp, n);
	smp->lcp_core_cyc = avg(lcore, n);
	smp->lcp_wait_cyc = avg(lwait, n);
	/*
	 * Each access holds its L2 bank l2_core_service core cycles; each
	 * DRAM transfer its channel's bus dram_service memory cycles.
	 */
	smp->l2_busy_cyc = ev.l2_txn * g->l2_core_service / g->l2_banks;
	smp->dram_busy_cyc = ev.dram_txn * g->dram_service * smp->core_khz /
			     ((u64)g->dram_channels * smp->mem_khz);
	smp->load_out_cyc = avg(lo, n);
	smp->lead_cyc = avg(lead, n);
	smp->crit_cyc = avg(crit, n);
	smp->dram_txn = ev.dram_txn;
	smp->l2_hits = ev.l2_hits;
	smp->l2_txn = ev.l2_txn;
	smp->gld_txn = ev.gld_txn;
	smp->gst_txn = ev.gst_txn;
	smp->mem_insts = ev.mem_insts;
	smp->shm_txn = ev.shm;
	smp->warps = ev.warps;
	smp->occupancy_q16 = cycles ? (ev.occ << 16) /
				      ((u64)g->warp_slots * cycles) : 0;
	for (i = 0; i < g->nr_core; i++)
		pj += core_energy_pj(x, iv, first, n, i, interval_fs);
	rec->energy_pj = (u64)(pj + 0.5);
	smp->energy_uj = (rec->energy_pj + 500000) / 1000000;
	smp->nr_waves = n == 1 ? sm_waves(&st->sm[first], launch_kernel(x),
					  st->sm[first].now, smp->waves,
					  GPUGOV_MAX_WAVES) :
				 device_waves(x, first, n, smp->waves);
}

/**
 * sim_interval_end() - the interval since sim_interval_begin() as a record
 * @interval_fs: wall time of the interval if longer than the busy time
 *	(a fixed-time epoch in which the workload ended), else 0
 * @rec: filled with the counters (rec->seg and rec->opp are the caller's)
 *
 * Cycle counters are averaged over the SMs, event counts are totals.
 * Waves are those of every SM: the warps resident at the end of the
 * interval, sampled where there are more than GPUGOV_MAX_WAVES
 * (device_waves()).
 */
void sim_interval_end(struct sim *x, const struct sim_interval *iv,
		      u64 interval_fs, struct gpugov_trace_rec *rec)
{
	interval_rec(x, iv, interval_fs, 0, x->g->sms, rec);
}

/**
 * sim_interval_end_sm() - the same interval as SM @sm alone sees it: its
 * own cycle counters, events and waves (every warp resident on it), its
 * memory transactions, and 1 / sms of the static and uncore energy, so
 * that the SMs' energies add up to the device's.  Call after
 * sim_interval_end(), before anything else runs.
 */
void sim_interval_end_sm(struct sim *x, const struct sim_interval *iv,
			 u64 interval_fs, u32 sm, struct gpugov_trace_rec *rec)
{
	interval_rec(x, iv, interval_fs, sm, 1, rec);
}
