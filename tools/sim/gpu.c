// SPDX-License-Identifier: GPL-2.0
/*
 * gpu.c - the GPU around the SMs.
 *
 * All SMs share one core clock, so they advance in lockstep on core
 * cycles; the loop only visits cycles where some SM has something to do
 * (sm_step() tells when), and SMs are always stepped in index order, so
 * their requests reach the shared memory domain in time order and the
 * FIFO servers of memsys.c see them in the order a real one would.
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
		crisp_reset(&sm->cc, 0);
	}
	st->seed = seed;
	st->launch_at = 0;
	st->period_fs = 1;
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
 * Switch to OPP @opp (index into the table of sim_gpu_opp_table(), core
 * major) at the current cycle.  From here on a core cycle lasts the new
 * period; requests in the memory domain keep their absolute times.
 */
void sim_set_opp(struct sim *x, u32 opp)
{
	const struct sim_gpu_desc *g = x->g;
	struct sim_state *st = x->st;
	u32 s;

	st->t_base_fs = sim_time_fs(st, st->now);
	st->cyc_base = st->now;
	st->core = opp / g->nr_mem;
	st->mem_clk = opp % g->nr_mem;
	st->period_fs = 1000000000000ULL / g->core_khz[st->core];
	memsys_set_clock(&st->mem, g->mem_khz[st->mem_clk]);
	for (s = 0; s < g->sms; s++)
		sm_retime(x, &st->sm[s]);
}

static const struct sim_kernel *launch_kernel(const struct sim *x)
{
	return &x->w->kern[x->w->launch[x->st->launch]];
}

/* Start the current launch: blocks go round-robin while SMs have room. */
static void launch(struct sim *x, u64 now)
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
			sm_place_block(x, s, k, st->next_block++, now);
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

/* The launch ends once its last block is done and its stores are acked. */
static void check_complete(struct sim *x, u64 now)
{
	struct sim_state *st = x->st;
	u32 s;

	for (s = 0; s < x->g->sms; s++)
		if (st->sm[s].nsq)
			return;
	st->draining = 0;
	if (++st->launch < x->w->nlaunch) {
		st->launch_at = now + 1;
	} else {
		st->launch--;	/* keep naming the last kernel */
		st->finished = 1;
		st->now = now + 1;
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
	u64 stop_cyc = stop_fs == SIM_INF ? SIM_INF : sim_cycle_at(st, stop_fs);
	u32 s;

	while (!st->finished) {
		u64 t = st->launch_at;

		for (s = 0; s < nsm; s++)
			if (st->sm[s].next < t)
				t = st->sm[s].next;
		if (t >= stop_cyc) {
			st->now = stop_cyc;
			return 0;
		}
		if (t == SIM_INF) {
			snprintf(err, SIM_ERR_MAX, "deadlock at cycle %llu in "
				 "kernel '%s' (a barrier not every warp "
				 "reaches?)", (unsigned long long)st->now,
				 launch_kernel(x)->name);
			return -1;
		}
		st->now = t;
		if (st->launch_at == t)
			launch(x, t);
		for (s = 0; s < nsm; s++) {
			u32 done;

			if (st->sm[s].next != t)
				continue;
			for (done = sm_step(x, s, t); done; done--)
				block_done(x, s, t);
		}
		if (st->draining)
			check_complete(x, t);
		if (!st->finished && (st->insts >= stop_insts ||
				      st->launch >= stop_launch)) {
			st->now = t + 1;
			return 0;
		}
	}
	return 0;
}

void sim_interval_begin(struct sim *x, struct sim_interval *iv)
{
	struct sim_state *st = x->st;
	u32 s;

	iv->start_cyc = st->now;
	iv->start_fs = sim_time_fs(st, st->now);
	for (s = 0; s < x->g->sms; s++)
		sm_interval_begin(&st->sm[s], st->now);
}

static u64 avg(u64 sum, u32 n)
{
	return (sum + n / 2) / n;
}

/*
 * The record of the interval since @iv for SMs @first .. @first + @n - 1:
 * their cycle counters averaged (CRISP section 4: the counters of all
 * SMs in the power domain are averaged), their events summed, their share
 * (@n of the device's SMs) of the static and uncore energy, and the waves
 * of SM @first (sm_waves()).
 */
static void interval_rec(struct sim *x, const struct sim_interval *iv,
			 u64 interval_fs, u32 first, u32 n,
			 struct gpugov_trace_rec *rec)
{
	const struct sim_gpu_desc *g = x->g;
	struct sim_state *st = x->st;
	struct gpugov_sample *smp = &rec->s;
	struct sim_events ev = { 0 };
	u64 cls[CRISP_NR_CLASS] = { 0 }, lcp = 0, crit = 0, lead = 0, lo = 0;
	u64 cycles = st->now - iv->start_cyc, busy_fs;
	u32 s, i;

	for (s = first; s < first + n; s++) {
		struct sim_sm *sm = &st->sm[s];

		sm_account_to(sm, st->now);
		for (i = 0; i < CRISP_NR_CLASS; i++)
			cls[i] += sm->cc.cyc[i];
		lcp += (u64)sm->cc.lcp;
		crit += (u64)sm->cc.crit;
		lead += sm->cc.lead;
		lo += sm->cc.load_out;
		ev.insts += sm->ev.insts;
		ev.mem_insts += sm->ev.mem_insts;
		ev.alu += sm->ev.alu;
		ev.sfu += sm->ev.sfu;
		ev.shm += sm->ev.shm;
		ev.gld_txn += sm->ev.gld_txn;
		ev.gst_txn += sm->ev.gst_txn;
		ev.l2_txn += sm->ev.l2_txn;
		ev.l2_hits += sm->ev.l2_hits;
		ev.dram_txn += sm->ev.dram_txn;
		ev.warps += sm->ev.warps;
		ev.occ += sm->ev.occ;
	}
	busy_fs = sim_time_fs(st, st->now) - iv->start_fs;
	if (interval_fs < busy_fs)
		interval_fs = busy_fs;

	memset(smp, 0, sizeof(*smp));
	smp->interval_ns = (interval_fs + 500000) / 1000000;
	smp->busy_ns = (busy_fs + 500000) / 1000000;
	smp->core_khz = g->core_khz[st->core];
	smp->mem_khz = g->mem_khz[st->mem_clk];
	smp->caps = GPUGOV_CAP_ALL;
	smp->insts = ev.insts;
	smp->load_stall_cyc = avg(cls[CRISP_LOAD_STALL], n);
	smp->store_stall_cyc = avg(cls[CRISP_STORE_STALL], n);
	smp->lcp_cyc = avg(lcp, n);
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
				      ((u64)n * g->warp_slots * cycles) : 0;
	rec->energy_pj = (u64)(sim_energy_pj(g, st->core, &ev,
					     (u64)n * cycles, interval_fs,
					     g->sms / n) + 0.5);
	smp->energy_uj = (rec->energy_pj + 500000) / 1000000;
	smp->nr_waves = sm_waves(&st->sm[first], launch_kernel(x), st->now,
				 smp->waves, GPUGOV_MAX_WAVES);
}

/**
 * sim_interval_end() - the interval since sim_interval_begin() as a record
 * @interval_fs: wall time of the interval if longer than the busy time
 *	(a fixed-time epoch in which the workload ended), else 0
 * @rec: filled with the counters (rec->seg and rec->opp are the caller's)
 *
 * Cycle counters are averaged over the SMs, event counts are totals.
 * Waves are those of SM 0, the sampled core: the warps resident at the
 * end of the interval (sm_waves()).
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
