// SPDX-License-Identifier: GPL-2.0
/*
 * sm.c - cycle behaviour of one SM.
 *
 * sm_step() simulates one core cycle: loads and stores that come back,
 * one LSU transaction, then each issue scheduler picks a warp (GTO or
 * oldest-first), and the cycle is classified (crisp_classify).  When
 * nothing can change before some later cycle (every warp waits on a
 * latency, a load or a busy unit), the SM tells the GPU when to step it
 * next; the cycles in between are counted in bulk with the same class,
 * which is exact because nothing the classification looks at changes.
 *
 * A step costs little even with many warps and misses in flight: the
 * schedulers and the hazard scan walk bit masks of the warps that can
 * matter (struct sim_sm), returns come off a heap of the MSHRs, and a
 * filter spares most load transactions the search for an MSHR to merge
 * with.  These only find faster what a walk over every warp and MSHR
 * would find, in the same order, so the results are the same.
 */
#include <string.h>

#include "cache.h"
#include "sm.h"

static const struct sim_kernel *cur_kernel(const struct sim *x)
{
	return &x->w->kern[x->w->launch[x->st->launch]];
}

static u64 max_u64(u64 a, u64 b)
{
	return a > b ? a : b;
}

static u64 min_u64(u64 a, u64 b)
{
	return a < b ? a : b;
}

/* ---- accounting ---------------------------------------------------- */

/* Classify cycles [acct, end) with the class of the current stretch. */
void sm_account_to(struct sim_sm *sm, u64 end)
{
	if (end <= sm->acct)
		return;
	crisp_account(&sm->cc, sm->cls, sm->cls_load_out, end - sm->acct);
	sm->ev.occ += (u64)sm->nres * (end - sm->occ_t);
	sm->occ_t = end;
	sm->acct = end;
}

/* ---- warps --------------------------------------------------------- */

_Static_assert(SIM_MAX_WARPS <= 64, "scheduler masks hold one bit per warp");

static int is_global(const struct sim_inst *in)
{
	return in->op == OP_LD || in->op == OP_ST;
}

/*
 * Put resident warp slot @w's bits in the scheduler masks (struct sim_sm)
 * in line with its state; called after every change of @at_bar, @wake or
 * @pc.
 */
static void warp_sync(const struct sim_kernel *k, struct sim_sm *sm, u32 w)
{
	const struct sim_warp *wp = &sm->warp[w];
	u64 bit = 1ULL << sm->pos[w];

	sm->cand &= ~bit;
	sm->ldwait &= ~bit;
	sm->memnext &= ~bit;
	sm->memrdy &= ~bit;
	if (is_global(&k->inst[wp->pc]))
		sm->memnext |= bit;
	if (wp->at_bar)
		return;
	if (wp->wake == SIM_INF)
		sm->ldwait |= bit;
	else
		sm->cand |= bit;
}

/* @m without bit @i, the bits above it moved down one place. */
static u64 mask_drop(u64 m, u32 i)
{
	u64 low = (1ULL << i) - 1;

	return (m & low) | ((m >> 1) & ~low);
}

static void stall_begin(struct sim_warp *wp, u64 at)
{
	if (!wp->stall_from)
		wp->stall_from = at;
}

static void stall_end(struct sim_warp *wp, u64 at)
{
	if (wp->stall_from) {
		wp->w_stall += at - wp->stall_from;
		wp->stall_from = 0;
	}
}

/*
 * Run the loop-control pseudo-instructions at the warp's PC: they take no
 * issue slot.  A loop's trip count is drawn per visit from lo..hi.
 */
static void advance(const struct sim_kernel *k, struct sim_warp *wp)
{
	for (;;) {
		const struct sim_inst *in = &k->inst[wp->pc];

		if (in->op == OP_LOOP) {
			u32 n = in->lo;

			if (in->hi > in->lo) {
				wp->rng = sim_mix(wp->rng);
				/* in u64: 0..U32_MAX has 2^32 values */
				n += (u32)(wp->rng % ((u64)in->hi - in->lo + 1));
			}
			if (!n) {
				wp->pc = in->jump;
				continue;
			}
			wp->loop_left[wp->depth++] = n;
			wp->pc++;
		} else if (in->op == OP_ENDLOOP) {
			if (--wp->loop_left[wp->depth - 1]) {
				wp->pc = in->jump;
			} else {
				wp->depth--;
				wp->pc++;
			}
		} else {
			return;
		}
	}
}

/*
 * Operand readiness of the warp's next instruction (a scoreboard): the
 * latest source ready time, or SIM_INF while a source - or the
 * destination of a load still in flight - waits on memory.  OP_EXIT waits
 * for every register, so a warp leaves only once its loads are back.
 */
static void set_wake(const struct sim_kernel *k, struct sim_sm *sm, u32 w,
		     u64 earliest)
{
	struct sim_warp *wp = &sm->warp[w];
	const struct sim_inst *in = &k->inst[wp->pc];
	u64 wake = earliest;
	u32 i;

	if (in->op == OP_EXIT) {
		for (i = 0; i < SIM_NREG; i++) {
			if (wp->pend[i])
				goto blocked;
			wake = max_u64(wake, wp->ready[i]);
		}
	} else {
		for (i = 0; i < in->nsrc; i++) {
			if (wp->pend[in->src[i]])
				goto blocked;
			wake = max_u64(wake, wp->ready[in->src[i]]);
		}
		if (in->dst != SIM_NOREG && wp->pend[in->dst])
			goto blocked;
	}
	wp->wake = wake;
	stall_end(wp, earliest);
	warp_sync(k, sm, w);
	return;
blocked:
	wp->wake = SIM_INF;
	stall_begin(wp, earliest);
	warp_sync(k, sm, w);
}

static u64 wave_pc(const struct sim_kernel *k, u32 pc)
{
	return k->pc_base + (u64)pc * 8;
}

/* Age rank of slot @w among resident warps, 0 = oldest. */
static u32 age_rank(const struct sim_sm *sm, u32 w)
{
	u32 i;

	for (i = 0; i < sm->nres; i++)
		if (sm->order[i] == w)
			return i;
	return sm->nres;
}

static void fill_wave(const struct sim_sm *sm, const struct sim_kernel *k,
		      u32 w, u64 end, struct gpugov_wave *out)
{
	const struct sim_warp *wp = &sm->warp[w];

	out->pc_start = wave_pc(k, wp->w_pc);
	out->pc_end = wave_pc(k, wp->pc);
	out->insts = wp->w_insts;
	out->stall_cyc = wp->w_stall +
			 (wp->stall_from ? end - wp->stall_from : 0);
	out->core_cyc = end - wp->w_from;
	out->age_rank = age_rank(sm, w);
}

/* Every live warp of block @b has arrived: they go on from next cycle. */
static void release_barrier(const struct sim_kernel *k, struct sim_sm *sm,
			    u32 b, u64 now)
{
	u32 i;

	sm->blk[b].arrived = 0;
	for (i = 0; i < sm->nres; i++) {
		struct sim_warp *wp = &sm->warp[sm->order[i]];

		if (wp->blk == b && wp->at_bar) {
			wp->at_bar = 0;
			set_wake(k, sm, sm->order[i], now + 1);
		}
	}
}

/* Warp @w leaves; returns 1 if that completed its block. */
static int retire(struct sim *x, struct sim_sm *sm, u32 w, u64 now)
{
	struct sim_warp *wp = &sm->warp[w];
	struct sim_block *b = &sm->blk[wp->blk];
	u32 i, j;

	sm_account_to(sm, now);
	i = sm->pos[w];
	memmove(&sm->order[i], &sm->order[i + 1], sm->nres - i - 1);
	sm->nres--;
	sm->cand = mask_drop(sm->cand, i);
	sm->ldwait = mask_drop(sm->ldwait, i);
	sm->memnext = mask_drop(sm->memnext, i);
	sm->memrdy = mask_drop(sm->memrdy, i);
	for (j = 0; j < x->g->issue_width; j++)
		sm->smask[j] = mask_drop(sm->smask[j], i);
	for (; i < sm->nres; i++)
		sm->pos[sm->order[i]] = (u8)i;
	wp->live = 0;
	b->live--;
	if (b->live && b->arrived == b->live)
		release_barrier(cur_kernel(x), sm, wp->blk, now);
	return !b->live;
}

/* ---- memory -------------------------------------------------------- */

/*
 * Line touched by transaction @j of the LSU's access: access number @l->k
 * of warp @l->gwarp (block @l->bid, warp @l->wib in it) to array @a.
 */
static u64 line_of(const struct sim *x, const struct sim_kernel *k,
		   const struct sim_array *a, const struct sim_lsu *l, u32 j)
{
	u64 n, kk = l->k;

	switch (a->pattern) {
	case PAT_STREAM:
		n = (kk * k->blocks * k->wpb + l->gwarp) * a->txn + j;
		break;
	case PAT_RANDOM:
		n = sim_mix(x->st->seed ^ sim_mix(a->base ^
			    sim_mix(((u64)l->gwarp << 32) ^ kk) ^ j));
		break;
	case PAT_BROADCAST:
		n = kk * a->txn + j;
		break;
	default:	/* PAT_TILE */
		n = (u64)l->bid * a->tile +
		    ((kk * k->wpb + l->wib) * a->txn + j) % a->tile;
		break;
	}
	return a->base + n % a->lines;
}

/* ---- the MSHR heap and line filter (struct sim_sm) ---- */

_Static_assert(SIM_MAX_MSHR <= 256, "MSHR indices are u8");

/* Heap place @h holds MSHR @i (its return cycle is the key, kept inline). */
static void heap_set(struct sim_sm *sm, u32 h, u32 i)
{
	sm->mheap[h] = (u8)i;
	sm->mhkey[h] = sm->mret[i];
	sm->mhidx[i] = (u8)h;
}

static void heap_up(struct sim_sm *sm, u32 h)
{
	u32 i = sm->mheap[h];
	u64 key = sm->mhkey[h];

	while (h) {
		u32 up = (h - 1) / 2;

		if (sm->mhkey[up] <= key)
			break;
		heap_set(sm, h, sm->mheap[up]);
		h = up;
	}
	heap_set(sm, h, i);
}

static void heap_down(struct sim_sm *sm, u32 h)
{
	const u64 *key = sm->mhkey;
	u32 i = sm->mheap[h], n = sm->nheap;
	u64 k = key[h];

	for (;;) {
		u32 c = 2 * h + 1;

		if (c >= n)
			break;
		if (c + 1 < n && key[c + 1] < key[c])
			c++;
		if (k <= key[c])
			break;
		heap_set(sm, h, sm->mheap[c]);
		h = c;
	}
	heap_set(sm, h, i);
}

static void heap_push(struct sim_sm *sm, u32 i)
{
	heap_set(sm, sm->nheap, i);
	heap_up(sm, sm->nheap++);
}

/* Remove and return the MSHR index with the earliest return. */
static u32 heap_pop(struct sim_sm *sm)
{
	u32 i = sm->mheap[0];

	if (--sm->nheap) {
		heap_set(sm, 0, sm->mheap[sm->nheap]);
		heap_down(sm, 0);
	}
	return i;
}

static void heap_build(struct sim_sm *sm)
{
	u32 i;

	sm->nheap = sm->nmshr;
	for (i = 0; i < sm->nmshr; i++)
		heap_set(sm, i, i);
	for (i = sm->nheap / 2; i-- > 0;)
		heap_down(sm, i);
}

static void mshr_min_update(struct sim_sm *sm)
{
	sm->mshr_min = sm->nheap ? sm->mhkey[0] : SIM_INF;
}

static u32 filt_bucket(u64 line)
{
	return (u32)((line * 0x9e3779b97f4a7c15ULL) >> 54) %
	       SIM_MSHR_FILTER;
}

static void sq_min_update(struct sim_sm *sm)
{
	u32 i;

	sm->sq_min = SIM_INF;
	for (i = 0; i < sm->nsq; i++)
		sm->sq_min = min_u64(sm->sq_min, sm->sq[i].ack);
}

static int due_test(const u64 *due, u32 i)
{
	return (due[i / 64] >> (i % 64)) & 1;
}

static void due_flip(u64 *due, u32 i)
{
	due[i / 64] ^= 1ULL << (i % 64);
}

/* Lowest index in @due, -1 if none. */
static int due_first(const u64 *due)
{
	u32 w;

	for (w = 0; w < SIM_MSHR_WORDS; w++)
		if (due[w])
			return (int)(w * 64 + __builtin_ctzll(due[w]));
	return -1;
}

/*
 * Loads whose data is back: fill the L1, wake the waiting warps.  The
 * entries are those of the array whose return cycle has come, in the
 * order of a walk up the array that removes an entry by moving the last
 * one into its place and looks at that place again: lowest index first,
 * and an entry moved into a freed place next if it is due too.  The
 * order matters (L1 fills, merges later), so it is kept exactly.
 */
static void returns(struct sim *x, struct sim_sm *sm, u64 now)
{
	const struct sim_kernel *k = cur_kernel(x);
	u64 due[SIM_MSHR_WORDS] = { 0 };
	u32 n = sm->nmshr, j;
	int i;

	while (sm->nheap && sm->mhkey[0] <= now)
		due_flip(due, heap_pop(sm));
	while ((i = due_first(due)) >= 0) {
		struct sim_mshr *m = &sm->mshr[i];

		due_flip(due, (u32)i);
		crisp_miss_return(&sm->cc, &m->ts, sm->mret[i]);
		if (!cache_access(sm->l1, &x->g->l1, sm->mline[i], 0))
			cache_fill(sm->l1, &x->g->l1, sm->mline[i], 0);
		for (j = 0; j < m->nw; j++) {
			struct sim_warp *wp = &sm->warp[m->warp[j]];

			wp->pend[m->reg[j]]--;
			wp->ready[m->reg[j]] = max_u64(wp->ready[m->reg[j]], now);
			if (wp->wake == SIM_INF && !wp->at_bar)
				set_wake(k, sm, m->warp[j], now);
		}
		sm->mfilt[filt_bucket(sm->mline[i])]--;
		if ((u32)i == --n)
			continue;
		*m = sm->mshr[n];
		sm->mline[i] = sm->mline[n];
		sm->mret[i] = sm->mret[n];
		if (due_test(due, n)) {
			due_flip(due, n);
			due_flip(due, (u32)i);
		} else {
			heap_set(sm, sm->mhidx[n], (u32)i);
		}
	}
	sm->nmshr = n;
	mshr_min_update(sm);
}

static void acks(struct sim_sm *sm, u64 now)
{
	u64 min = SIM_INF;
	u32 i = 0;

	while (i < sm->nsq) {
		if (sm->sq[i].ack <= now) {
			sm->sq[i] = sm->sq[--sm->nsq];
		} else {
			min = min_u64(min, sm->sq[i].ack);
			i++;
		}
	}
	sm->sq_min = min;
}

/*
 * Send line @line into the memory domain for SM @sm at @now and count
 * what the memory domain did for it; returns memsys_access()'s time, and
 * in @own its parts in core cycles (struct mem_parts).
 */
static u64 mem_access(struct sim *x, struct sim_sm *sm, u64 line, u64 now,
		      int write, struct crisp_parts *own)
{
	struct sim_state *st = x->st;
	u64 hits = st->mem.l2_hits, dram = st->mem.dram_txn;
	struct mem_parts p;
	u64 t = memsys_access(&st->mem, x->g, line, sim_time_fs(&sm->clk, now),
			      sm->clk.period_fs, write, &p);

	own->core = (s64)(p.core_fs / sm->clk.period_fs);
	own->wait = (s64)(p.wait_fs / sm->clk.period_fs);

	sm->ev.l2_txn++;
	sm->ev.l2_hits += st->mem.l2_hits - hits;
	sm->ev.dram_txn += st->mem.dram_txn - dram;
	return t;
}

/*
 * One load transaction through the L1.  Returns 0 if it could not go
 * because every MSHR is taken.
 */
static int load_txn(struct sim *x, struct sim_sm *sm, struct sim_warp *wp,
		    u64 line, u64 now)
{
	const struct sim_gpu_desc *g = x->g;
	const u64 *ml = sm->mline;
	struct sim_mshr *m;
	u8 dst = sm->lsu.dst;
	u32 i, n = sm->nmshr;
	struct crisp_parts own;

	if (cache_access(sm->l1, &g->l1, line, 0)) {
		wp->ready[dst] = max_u64(wp->ready[dst], now + g->l1_hit_lat);
		return 1;
	}
	/* the first entry for the line with room for one more requester */
	if (sm->mfilt[filt_bucket(line)]) {
		for (i = 0; i < n; i++) {
			if (ml[i] == line &&
			    sm->mshr[i].nw < SIM_MSHR_WAITERS) {
				m = &sm->mshr[i];
				goto merge;
			}
		}
	}
	if (n == g->mshrs)
		return 0;
	i = sm->nmshr++;
	m = &sm->mshr[i];
	sm->mline[i] = line;
	sm->mfilt[filt_bucket(line)]++;
	m->nw = 0;
	m->t_mem_fs = mem_access(x, sm, line, now, 0, &own);
	sm->mret[i] = sim_cycle_at(&sm->clk, m->t_mem_fs) + g->l1_miss_lat;
	heap_push(sm, i);
	own.core += g->l1_miss_lat;
	crisp_miss_issue(&sm->cc, &m->ts, now, own);
	mshr_min_update(sm);
merge:
	m->warp[m->nw] = sm->lsu.warp;
	m->reg[m->nw++] = dst;
	wp->pend[dst]++;
	return 1;
}

/* One store transaction: needs a store-queue entry (write-evict L1). */
static int store_txn(struct sim *x, struct sim_sm *sm, u64 line, u64 now)
{
	const struct sim_gpu_desc *g = x->g;
	struct sim_sq *q;
	struct crisp_parts own;

	if (sm->nsq == g->store_queue)
		return 0;
	cache_invalidate(sm->l1, &g->l1, line);
	q = &sm->sq[sm->nsq++];
	q->t_mem_fs = mem_access(x, sm, line, now, 1, &own);
	q->ack = sim_cycle_at(&sm->clk, q->t_mem_fs);
	sm->sq_min = min_u64(sm->sq_min, q->ack);
	return 1;
}

/*
 * The LSU sends one transaction of its instruction per cycle.  Returns 1
 * if it made progress.
 */
static int lsu_cycle(struct sim *x, struct sim_sm *sm, u64 now)
{
	const struct sim_kernel *k = cur_kernel(x);
	struct sim_lsu *l = &sm->lsu;
	struct sim_warp *wp = &sm->warp[l->warp];
	u64 line;
	int ok;

	if (!l->busy)
		return 0;
	line = line_of(x, k, &k->arr[l->arr], l, l->next);
	ok = l->store ? store_txn(x, sm, line, now) :
			load_txn(x, sm, wp, line, now);
	l->blocked = !ok;
	if (!ok)
		return 0;
	if (l->store)
		sm->ev.gst_txn++;
	else
		sm->ev.gld_txn++;
	if (++l->next == l->ntxn) {
		l->busy = 0;
		if (!l->store) {
			wp->pend[l->dst]--;	/* the LSU's own token */
			if (wp->wake == SIM_INF && !wp->at_bar)
				set_wake(k, sm, l->warp, now + 1);
		}
	}
	return 1;
}

/* ---- issue --------------------------------------------------------- */

/* Can the unit of @in take an instruction this cycle? */
static int unit_free(const struct sim_sm *sm, const struct sim_inst *in,
		     u64 now, int lsu_taken)
{
	switch (in->op) {
	case OP_SFU:
		return sm->sfu_free <= now;
	case OP_LD:
	case OP_ST:
		return !sm->lsu.busy && !lsu_taken;
	case OP_LDS:
	case OP_STS:
		return sm->shm_free <= now;
	default:
		return 1;
	}
}

/* Issue the next instruction of warp @w.  Returns 1 if a block finished. */
static int issue(struct sim *x, struct sim_sm *sm, u32 w, u64 now)
{
	const struct sim_gpu_desc *g = x->g;
	const struct sim_kernel *k = cur_kernel(x);
	struct sim_warp *wp = &sm->warp[w];
	const struct sim_inst *in = &k->inst[wp->pc];
	struct sim_block *b = &sm->blk[wp->blk];

	sm->ev.insts++;
	wp->w_insts++;
	x->st->insts++;
	switch (in->op) {
	case OP_ALU:
		wp->ready[in->dst] = now + g->alu_lat;
		sm->ev.alu++;
		break;
	case OP_SFU:
		wp->ready[in->dst] = now + g->sfu_lat;
		sm->sfu_free = now + g->sfu_interval;
		sm->ev.sfu++;
		break;
	case OP_LDS:
	case OP_STS:
		/* a c-way bank conflict replays the access c times */
		if (in->dst != SIM_NOREG)
			wp->ready[in->dst] = now + g->shm_lat + in->conflict - 1;
		sm->shm_from = now;
		sm->shm_free = now + in->conflict;
		sm->ev.shm += in->conflict;
		break;
	case OP_LD:
	case OP_ST:
		sm->lsu.busy = 1;
		sm->lsu.blocked = 0;
		sm->lsu.store = in->op == OP_ST;
		sm->lsu.warp = (u8)w;
		sm->lsu.arr = in->arr;
		sm->lsu.dst = in->dst;
		sm->lsu.ntxn = k->arr[in->arr].txn;
		sm->lsu.next = 0;
		sm->lsu.k = wp->acc[in->arr]++;
		sm->lsu.gwarp = wp->gwarp;
		sm->lsu.wib = wp->wib;
		sm->lsu.bid = wp->bid;
		if (in->op == OP_LD)
			wp->pend[in->dst]++;
		sm->ev.mem_insts++;
		break;
	case OP_BAR:
		wp->at_bar = 1;
		warp_sync(k, sm, w);
		if (++b->arrived == b->live)
			release_barrier(k, sm, wp->blk, now);
		break;
	case OP_EXIT:
		return retire(x, sm, w, now);
	}
	wp->pc++;
	advance(k, wp);
	if (!wp->at_bar)
		set_wake(k, sm, w, now + 1);
	return 0;
}

static int can_issue(const struct sim *x, const struct sim_sm *sm, u32 w,
		     u64 now, int lsu_taken)
{
	const struct sim_warp *wp = &sm->warp[w];

	return wp->live && !wp->at_bar && wp->wake <= now &&
	       unit_free(sm, &cur_kernel(x)->inst[wp->pc], now, lsu_taken);
}

/*
 * Scheduler @s owns the warp slots w with w % issue_width == s.  GTO keeps
 * issuing from the warp it issued last while it can, then takes the
 * oldest ready warp; oldest-first always takes the oldest ready one.
 */
static int pick(const struct sim *x, const struct sim_sm *sm, u32 s, u64 now,
		int lsu_taken)
{
	s32 gr = sm->greedy[s];
	u64 m;

	if (x->g->sched == SIM_SCHED_GTO && gr >= 0 &&
	    can_issue(x, sm, (u32)gr, now, lsu_taken))
		return gr;
	/* Oldest first among this scheduler's warps that wait on neither a
	 * load nor a barrier, and not for the LSU if it is taken. */
	m = sm->cand & sm->smask[s];
	if (sm->lsu.busy || lsu_taken)
		m &= ~sm->memnext;
	for (; m; m &= m - 1) {
		u32 w = sm->order[__builtin_ctzll(m)];

		if (sm->warp[w].wake <= now &&
		    can_issue(x, sm, w, now, lsu_taken))
			return (int)w;
	}
	return -1;
}

/* ---- the cycle ----------------------------------------------------- */

/*
 * Hazard flags from the warps that did not issue (@issued: their bits in
 * the scheduler masks), and the first cycle after @now at which any of
 * them or a unit changes state.  Warps at a barrier change nothing.
 */
static u64 scan_warps(const struct sim *x, struct sim_sm *sm, u64 now,
		      u64 issued, struct crisp_flags *f)
{
	const struct sim_kernel *k = cur_kernel(x);
	u64 next = SIM_INF, m = sm->cand & ~issued;

	if (sm->ldwait & ~issued)
		f->lsu_raw = 1;
	/*
	 * With the LSU sending another access, a warp whose next instruction
	 * is a global access is held by a structural hazard whether or not
	 * its operands are ready; and the SM is stepped next cycle anyway
	 * (sm_step()), so their wake-up times do not matter.  Otherwise
	 * such a warp with its operands ready adds nothing.
	 */
	if (sm->lsu.busy && !sm->lsu.blocked) {
		if (m & sm->memnext)
			f->arith_haz = 1;
		m &= ~sm->memnext;
	} else {
		m &= ~sm->memrdy;
	}
	for (; m; m &= m - 1) {
		u32 i = (u32)__builtin_ctzll(m);
		struct sim_warp *wp = &sm->warp[sm->order[i]];
		const struct sim_inst *in;

		if (wp->wake > now) {
			f->arith_haz = 1;
			next = min_u64(next, wp->wake);
			continue;
		}
		in = &k->inst[wp->pc];
		if (is_global(in)) {
			/* Held by full MSHRs/store queue (res_full, which
			 * the LSU sets) or not issued by its scheduler.
			 * Held, it waits for memory to free an entry: its
			 * wave record counts that as stalled, as the seed's
			 * s_waitcnt also waits for stores (PCSTALL 4.4). */
			sm->memrdy |= 1ULL << i;
			if (sm->lsu.busy && sm->lsu.blocked)
				stall_begin(wp, now);
			continue;
		}
		if (unit_free(sm, in, now, 0)) {
			next = min_u64(next, now + 1);
			continue;
		}
		f->arith_haz = 1;	/* SFU or shared memory busy */
		next = min_u64(next, in->op == OP_SFU ? sm->sfu_free :
					     sm->shm_free);
	}
	return next;
}

/**
 * sm_step() - simulate core cycle @now of SM @id
 * Return: blocks that completed in this cycle.
 */
u32 sm_step(struct sim *x, u32 id, u64 now)
{
	const struct sim_gpu_desc *g = x->g;
	struct sim_sm *sm = &x->st->sm[id];
	struct crisp_flags f = { .width = (u8)g->issue_width };
	s32 issued_w[SIM_MAX_ISSUE];
	u32 s, done = 0;
	int lsu_taken = 0, lsu_moved;
	u64 next, issued = 0;

	sm_account_to(sm, now);
	if (sm->mshr_min <= now)
		returns(x, sm, now);
	if (sm->sq_min <= now)
		acks(sm, now);
	lsu_moved = lsu_cycle(x, sm, now);
	for (s = 0; s < g->issue_width; s++) {
		int w = pick(x, sm, s, now, lsu_taken);
		const struct sim_inst *in;

		issued_w[s] = w;
		if (w < 0)
			continue;
		in = &cur_kernel(x)->inst[sm->warp[w].pc];
		lsu_taken |= in->op == OP_LD || in->op == OP_ST;
		sm->greedy[s] = w;
		f.issued++;
		done += issue(x, sm, (u32)w, now);
		if (!sm->warp[w].live)
			sm->greedy[s] = -1;
	}

	f.load_out = sm->nmshr > 0;
	f.store_out = sm->nsq > 0;
	f.res_full = sm->lsu.busy && sm->lsu.blocked;
	/* shared memory still replaying an earlier access's bank conflict */
	f.conflict = sm->shm_free > now && sm->shm_from < now;
	next = SIM_INF;
	if (f.issued < f.width) {
		/* by position after any exits of this cycle */
		for (s = 0; s < g->issue_width; s++)
			if (issued_w[s] >= 0 && sm->warp[issued_w[s]].live)
				issued |= 1ULL << sm->pos[issued_w[s]];
		next = scan_warps(x, sm, now, issued, &f);
	}
	sm->cls = (u8)crisp_classify(&f);
	sm->cls_load_out = f.load_out;
	sm->acct = now;

	if (f.issued || lsu_moved || (sm->lsu.busy && !sm->lsu.blocked))
		next = now + 1;
	next = min_u64(next, min_u64(sm->mshr_min, sm->sq_min));
	if (sm->sfu_free > now)
		next = min_u64(next, sm->sfu_free);
	if (sm->shm_free > now)
		next = min_u64(next, sm->shm_free);
	sm->next = max_u64(next, now + 1);
	return done;
}

/* ---- blocks, intervals, clocks -------------------------------------- */

static u32 blocks_resident(const struct sim_sm *sm)
{
	u32 b, n = 0;

	for (b = 0; b < SIM_MAX_BLOCKS; b++)
		n += sm->blk[b].live > 0;
	return n;
}

int sm_can_place(const struct sim *x, const struct sim_sm *sm,
		 const struct sim_kernel *k)
{
	u32 limit = x->g->max_blocks;

	if (k->blocks_per_sm && k->blocks_per_sm < limit)
		limit = k->blocks_per_sm;
	return blocks_resident(sm) < limit &&
	       sm->nres + k->wpb <= x->g->warp_slots;
}

/* Put block @bid of kernel @k on SM @id; its warps may issue at @now. */
void sm_place_block(struct sim *x, u32 id, const struct sim_kernel *k,
		    u32 bid, u64 now)
{
	struct sim_state *st = x->st;
	struct sim_sm *sm = &st->sm[id];
	u32 b, w, i = 0;

	sm_account_to(sm, now);
	for (b = 0; sm->blk[b].live; b++)
		;
	sm->blk[b].live = k->wpb;
	sm->blk[b].arrived = 0;
	for (w = 0; i < k->wpb; w++) {
		struct sim_warp *wp = &sm->warp[w];

		if (wp->live)
			continue;
		memset(wp, 0, sizeof(*wp));
		wp->live = 1;
		wp->blk = (u8)b;
		wp->seq = st->warp_seq++;
		wp->bid = bid;
		wp->wib = i;
		wp->gwarp = bid * k->wpb + i;
		wp->rng = sim_mix(st->seed ^ sim_mix(((u64)st->launch << 32) |
						     wp->gwarp));
		advance(k, wp);
		wp->wake = now;
		wp->w_pc = wp->pc;
		wp->w_from = now;
		sm->pos[w] = (u8)sm->nres;
		sm->smask[w % x->g->issue_width] |= 1ULL << sm->nres;
		sm->order[sm->nres++] = (u8)w;
		warp_sync(k, sm, w);
		sm->ev.warps++;
		i++;
	}
	sm->next = min_u64(sm->next, now);
}

/* Start an interval at @now: zero the counters, rebase the timestamps. */
void sm_interval_begin(struct sim_sm *sm, u64 now)
{
	u32 i;

	sm_account_to(sm, now);
	crisp_reset(&sm->cc, now);
	for (i = 0; i < sm->nmshr; i++)
		crisp_rebase(&sm->cc, &sm->mshr[i].ts);
	memset(&sm->ev, 0, sizeof(sm->ev));
	sm->ev.warps = sm->nres;
	sm->occ_t = now;
	for (i = 0; i < SIM_MAX_WARPS; i++) {
		struct sim_warp *wp = &sm->warp[i];

		if (!wp->live)
			continue;
		wp->w_pc = wp->pc;
		wp->w_insts = 0;
		wp->w_stall = 0;
		wp->w_from = now;
		if (wp->stall_from)
			wp->stall_from = now;
	}
}

/*
 * The SM's core clock changed (its time base is already new): misses
 * still in the memory domain come back at the core cycle their time falls
 * in.
 */
void sm_retime(const struct sim *x, struct sim_sm *sm)
{
	const struct sim_clk *c = &sm->clk;
	u32 i;

	for (i = 0; i < sm->nmshr; i++) {
		struct sim_mshr *m = &sm->mshr[i];

		if (m->t_mem_fs > c->t_base_fs)
			sm->mret[i] = sim_cycle_at(c, m->t_mem_fs) +
				      x->g->l1_miss_lat;
	}
	heap_build(sm);
	for (i = 0; i < sm->nsq; i++)
		if (sm->sq[i].t_mem_fs > c->t_base_fs)
			sm->sq[i].ack = sim_cycle_at(c, sm->sq[i].t_mem_fs);
	mshr_min_update(sm);
	sq_min_update(sm);
	sm->next = min_u64(sm->next, sm->now);
}

/*
 * Per-wave records of the interval ending at @end (PCSTALL section 4.4,
 * as its hardware sees them at the epoch boundary): the warps resident at
 * @end, which run on in the next interval - pc_end is where each resumes,
 * the table lookup's index - with what each did in the ending interval
 * (pc_start, instructions, load-stall and resident cycles), oldest first,
 * age_rank its place among all resident warps.  Warps that exited during
 * the interval are gone at the boundary, as from the hardware's per-slot
 * registers (PCSTALL Table I: a start PC and a stall timer per wave
 * slot), and are not reported.  At most @max: the warps of slots 0 ..
 * @max - 1, i.e. a sampler wired to the first @max slots' registers (the
 * seed's lookup walks the slots one by one before the epoch); with
 * SIM_MAX_WARPS <= GPUGOV_MAX_WAVES every resident warp is reported.
 */
u32 sm_waves(const struct sim_sm *sm, const struct sim_kernel *k, u64 end,
	     struct gpugov_wave *out, u32 max)
{
	u32 n = 0, i;

	for (i = 0; i < sm->nres && n < max; i++)
		if (sm->order[i] < max)
			fill_wave(sm, k, sm->order[i], end, &out[n++]);
	return n;
}

/**
 * sm_wave() - the record of one resident warp, as sm_waves() gives it
 * @sm: the SM
 * @k: the kernel it runs
 * @rank: the warp's age rank, below sm->nres
 * @end: the interval's last cycle
 * @out: the record
 */
void sm_wave(const struct sim_sm *sm, const struct sim_kernel *k, u32 rank,
	     u64 end, struct gpugov_wave *out)
{
	fill_wave(sm, k, sm->order[rank], end, out);
}
