/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sim_state.h - the complete mutable state of a simulated GPU.
 *
 * Everything that changes while simulating lives in struct sim_state and
 * holds no pointers, so a snapshot is a copy of its bytes: the sweep
 * re-runs each interval from the same snapshot at every OPP (PCSTALL
 * section 5.1, fork-pre-execute).  The GPU description and the workload
 * are read-only and live outside, in struct sim.
 */
#ifndef SIM_STATE_H
#define SIM_STATE_H

#include "crisp_count.h"
#include "gpu_desc.h"
#include "memsys.h"
#include "workload.h"

#define SIM_INF			U64_MAX
#define SIM_L1_MAX_LINES	(SIM_L1_MAX_KB * 1024 / SIM_LINE_BYTES)
#define SIM_MSHR_WAITERS	8
#define SIM_MSHR_FILTER		1024	/* buckets of the MSHR line filter */
#define SIM_MSHR_WORDS		((SIM_MAX_MSHR + 63) / 64)

/**
 * struct sim_warp - one warp slot
 * @wake: first cycle its next instruction may issue as far as operands
 *	go; SIM_INF while an operand waits on a load
 * @ready: cycle each register's value is available
 * @pend: outstanding load transactions writing each register (plus one
 *	while the LSU still generates the load's transactions)
 * @pc: index of the next instruction
 * @live: slot holds a warp
 * @at_bar: waiting at a barrier
 * @depth: loop nesting
 * @blk: block slot in the SM
 * @loop_left: remaining trips per open loop
 * @seq: launch order (age; smaller is older)
 * @gwarp: warp index in the grid
 * @wib: warp index in its block
 * @bid: block index in the grid
 * @acc: accesses made to each array so far (address generation)
 * @rng: generator for random loop trips
 * @w_pc: index of the next instruction at the start of the interval, or
 *	at launch for a warp placed during it (the per-wave record's
 *	pc_start)
 * @w_insts: instructions in the interval
 * @w_stall: cycles in the interval waiting on memory: on a load, or at a
 *	global access held by full MSHRs or store queue
 * @w_from: first cycle of the interval the warp was resident
 * @stall_from: cycle its current wait on memory began
 */
struct sim_warp {
	u64 wake;
	u64 ready[SIM_NREG];
	u16 pend[SIM_NREG];
	u32 pc;
	u8 live;
	u8 at_bar;
	u8 depth;
	u8 blk;
	u32 loop_left[SIM_MAX_LOOP_DEPTH];
	u64 seq;
	u32 gwarp;
	u32 wib;
	u32 bid;
	u32 acc[SIM_MAX_ARRAYS];
	u64 rng;
	u32 w_pc;
	u64 w_insts;
	u64 w_stall;
	u64 w_from;
	u64 stall_from;
};

struct sim_block {
	u32 live;	/* warps not yet exited; 0: slot free */
	u32 arrived;	/* warps waiting at the barrier */
};

/**
 * struct sim_mshr - one outstanding L1 load miss; its line address and
 * return cycle are in struct sim_sm's @mline and @mret at the same index
 * (scanned on every load transaction and return, so kept dense)
 * @t_mem_fs: time the memory domain returns it (kept to re-time the
 *	return cycle when the core clock changes)
 * @ts: timestamps for the critical-path counters
 * @nw: merged requesters
 * @warp, @reg: who waits for it
 */
struct sim_mshr {
	u64 t_mem_fs;
	struct crisp_ts ts;
	u8 nw;
	u8 warp[SIM_MSHR_WAITERS];
	u8 reg[SIM_MSHR_WAITERS];
};

struct sim_sq {
	u64 ack;	/* core cycle the store is acknowledged */
	u64 t_mem_fs;
};

/*
 * Event counts of one SM over the current interval (energy, counters);
 * @l2_txn, @l2_hits, @dram_txn: the memory domain's work for the SM's
 * requests (a write-back counts for the request whose fill evicted it).
 */
struct sim_events {
	u64 insts;
	u64 mem_insts;
	u64 alu;
	u64 sfu;
	u64 shm;
	u64 gld_txn;
	u64 gst_txn;
	u64 l2_txn;
	u64 l2_hits;
	u64 dram_txn;
	u64 warps;
	u64 occ;	/* sum over cycles of resident warps */
};

/**
 * struct sim_lsu - the load/store unit: one global memory instruction at
 * a time, one line transaction per cycle
 * @gwarp, @wib, @bid: the issuing warp's place in the grid, taken at
 *	issue: a warp may exit while the LSU still sends its store, and a
 *	new warp may take its slot
 */
struct sim_lsu {
	u8 busy;
	u8 blocked;	/* last attempt found MSHRs/store queue full */
	u8 store;
	u8 warp;
	u8 arr;
	u8 dst;
	u32 ntxn;
	u32 next;
	u32 k;		/* the warp's access index for this array */
	u32 gwarp;
	u32 wib;
	u32 bid;
};

/*
 * One SM.  @order lists the resident warp slots oldest first and @pos is
 * each slot's index in it.  The schedulers work from masks over those
 * indices (bit i is the warp order[i]), kept in step with every change of
 * a warp's @live, @at_bar, @wake and @pc: @cand, the warps that may issue
 * at some cycle (not at a barrier, operands not waiting on a load);
 * @ldwait, those whose operands wait on a load; @memnext, those whose
 * next instruction is a global load or store, and @memrdy, those of them
 * whose operands were found ready (they stay so until the warp changes);
 * @smask[s], the warps of scheduler s.  Scanning these instead of every
 * warp slot is what keeps a memory-bound SM's step cheap: most of its
 * warps wait on a load or for the LSU.
 *
 * The MSHRs are an array (@mline, @mret, @mshr; entry i is one miss) whose
 * order decides the order of same-cycle returns and merges.  @mheap is a
 * binary min-heap of array indices by @mret (@mhkey: their @mret, @mhidx:
 * each entry's place in it), so returns find the entries due without a
 * scan; @mfilt counts the
 * entries per hash bucket of their line, so a load transaction whose
 * bucket is empty (the usual case) knows it merges with none.
 */
/**
 * struct sim_clk - an SM's core clock: cycle c starts at
 * t_base_fs + (c - cyc_base) * period_fs
 * @core: index of the core clock in force (the .gpu's core-opp list)
 */
struct sim_clk {
	u64 t_base_fs;
	u64 cyc_base;
	u64 period_fs;
	u32 core;
};

struct sim_sm {
	struct sim_clk clk;
	u64 now;		/* first cycle not yet simulated */
	u64 next;		/* next cycle this SM must be stepped */
	u64 acct;		/* first cycle not yet classified */
	u8 cls;			/* class of the cycles from @acct on */
	u8 cls_load_out;
	u32 nres;
	u8 order[SIM_MAX_WARPS];	/* resident warp slots, oldest first */
	u8 pos[SIM_MAX_WARPS];		/* index of each resident slot in @order */
	u64 cand;
	u64 ldwait;
	u64 memnext;
	u64 memrdy;
	u64 smask[SIM_MAX_ISSUE];
	s32 greedy[SIM_MAX_ISSUE];
	u64 sfu_free;
	u64 shm_free;
	u64 shm_from;
	struct sim_lsu lsu;
	u32 nmshr;
	u64 mshr_min;		/* earliest @mret */
	u32 nsq;
	u64 sq_min;
	u64 occ_t;
	struct crisp_ctr cc;
	struct sim_events ev;
	struct sim_block blk[SIM_MAX_BLOCKS];
	u64 mline[SIM_MAX_MSHR];	/* line of each MSHR */
	u64 mret[SIM_MAX_MSHR];		/* core cycle its data is back */
	struct sim_mshr mshr[SIM_MAX_MSHR];
	u32 nheap;
	u64 mhkey[SIM_MAX_MSHR];	/* @mret of each heap place */
	u8 mheap[SIM_MAX_MSHR];
	u8 mhidx[SIM_MAX_MSHR];
	u8 mfilt[SIM_MSHR_FILTER];
	struct sim_sq sq[SIM_MAX_SQ];
	u64 l1[SIM_L1_MAX_LINES];
	struct sim_warp warp[SIM_MAX_WARPS];
};

/**
 * struct sim_state - the GPU
 * @now_fs: the time simulated so far: every SM's @now is its first cycle
 *	starting at or after it
 * @mem_clk: index of the memory clock in force
 * @launch: index of the current launch in the workload
 * @next_block, @blocks_done: progress of the current launch
 * @draining: every block done, stores still in flight
 * @launch_at: time of the next kernel launch, SIM_INF if none pending
 * @finished: workload complete
 * @warp_seq: age counter
 * @insts: warp instructions since the start
 * @seed: workload random seed
 * @mem: memory domain
 * @sm: the SMs; only the first gpu->sms are used (and copied)
 */
struct sim_state {
	u64 now_fs;
	u32 mem_clk;
	u32 launch;
	u32 next_block;
	u32 blocks_done;
	u8 draining;
	u8 finished;
	u64 launch_at;
	u64 warp_seq;
	u64 insts;
	u64 seed;
	struct memsys mem;
	struct sim_sm sm[SIM_MAX_SM];
};

/* The simulator: read-only description plus the state it works on. */
struct sim {
	const struct sim_gpu_desc *g;
	const struct sim_workload *w;
	struct sim_state *st;
};

/* Start of cycle @cyc of clock @c. */
static inline u64 sim_time_fs(const struct sim_clk *c, u64 cyc)
{
	return c->t_base_fs + (cyc - c->cyc_base) * c->period_fs;
}

/* First cycle of clock @c starting at or after @t_fs (t_fs >= t_base_fs). */
static inline u64 sim_cycle_at(const struct sim_clk *c, u64 t_fs)
{
	return c->cyc_base +
	       (t_fs - c->t_base_fs + c->period_fs - 1) / c->period_fs;
}

/* splitmix64 finaliser: the simulator's only source of randomness. */
static inline u64 sim_mix(u64 x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

#endif /* SIM_STATE_H */
