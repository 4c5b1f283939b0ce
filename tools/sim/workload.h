/* SPDX-License-Identifier: GPL-2.0 */
/*
 * workload.h - kernels and multi-kernel applications read from .wl files
 * (docs/workloads.md has the grammar).  A kernel is a grid of blocks of
 * warps that all run one program: ALU, SFU, shared-memory and global
 * memory instructions over 16 registers, barriers and loops.  Global
 * arrays name an access pattern and a footprint; arrays of the same name
 * in different kernels of a workload are the same data.
 */
#ifndef SIM_WORKLOAD_H
#define SIM_WORKLOAD_H

#include "gpugov_shim.h"
#include "sim_parse.h"

#define SIM_NREG		16
#define SIM_NOREG		0xff
#define SIM_MAX_INSTS		256
#define SIM_MAX_ARRAYS		8
#define SIM_MAX_KERNELS		16
#define SIM_MAX_LAUNCH		512	/* launches of a workload in all */
#define SIM_MAX_GRID_WARPS	U32_MAX	/* warps of one kernel, after --scale */
#define SIM_MAX_LOOP_DEPTH	4
#define SIM_MAX_NAMES		32

enum sim_op {
	OP_ALU,
	OP_SFU,
	OP_LD,		/* global load */
	OP_ST,		/* global store */
	OP_LDS,		/* shared-memory load */
	OP_STS,		/* shared-memory store */
	OP_BAR,		/* block barrier */
	OP_EXIT,	/* end of program: waits for the warp's loads */
	OP_LOOP,	/* loop control: takes no issue slot */
	OP_ENDLOOP,
};

/**
 * struct sim_inst - one instruction of a compiled program
 * @op: enum sim_op
 * @dst: destination register or SIM_NOREG
 * @nsrc: number of source registers in @src
 * @arr: OP_LD/OP_ST: array index in the kernel
 * @conflict: OP_LDS/OP_STS: bank-conflict degree (cycles in the unit)
 * @lo, @hi: OP_LOOP: trip count drawn uniformly from lo..hi per visit
 * @jump: OP_LOOP: index after the matching OP_ENDLOOP;
 *	OP_ENDLOOP: index of the loop body's first instruction
 */
struct sim_inst {
	u8 op;
	u8 dst;
	u8 nsrc;
	u8 src[3];
	u8 arr;
	u8 conflict;
	u32 lo, hi;
	u32 jump;
};

enum sim_pattern {
	PAT_STREAM,	/* consecutive warps touch consecutive lines */
	PAT_RANDOM,	/* independent uniform lines in the footprint */
	PAT_BROADCAST,	/* every warp walks the same lines */
	PAT_TILE,	/* each block walks its own tile of the footprint */
};

/**
 * struct sim_array - a kernel's view of a global array
 * @pattern: enum sim_pattern
 * @txn: line transactions per warp access (1 = coalesced, 32 = scattered)
 * @base: first line of the array in the address space
 * @lines: footprint in lines; addresses wrap inside it
 * @tile: PAT_TILE: lines per block tile
 */
struct sim_array {
	u8 pattern;
	u32 txn;
	u64 base;
	u64 lines;
	u64 tile;
};

/**
 * struct sim_kernel - one kernel
 * @blocks: grid size in blocks
 * @wpb: warps per block
 * @blocks_per_sm: occupancy limit from the kernel's resources (0: none)
 * @pc_base: address of the first instruction (8 bytes each)
 */
struct sim_kernel {
	char name[SIM_MAX_NAMES];
	u32 blocks;
	u32 wpb;
	u32 blocks_per_sm;
	u64 pc_base;
	u32 ninst;
	struct sim_inst inst[SIM_MAX_INSTS];
	u32 narr;
	struct sim_array arr[SIM_MAX_ARRAYS];
};

/*
 * @nframe, @frame_end: the frames the `frame` markers cut the launch
 * sequence into (none without markers); frame i ends before launch
 * frame_end[i], and the last one at nlaunch.
 */
struct sim_workload {
	char name[64];
	u32 nkern;
	struct sim_kernel kern[SIM_MAX_KERNELS];
	u32 nlaunch;
	u8 launch[SIM_MAX_LAUNCH];	/* kernel index of each launch */
	u32 nframe;
	u32 frame_end[SIM_MAX_LAUNCH];
	/* global array symbol table while parsing */
	u32 nsym;
	char sym[SIM_MAX_KERNELS * SIM_MAX_ARRAYS][SIM_MAX_NAMES];
	u64 sym_base[SIM_MAX_KERNELS * SIM_MAX_ARRAYS];
	u64 next_base;
	u64 next_pc;
};

int sim_workload_load(struct sim_workload *w, const char *path,
		      double scale, char *err);

#endif /* SIM_WORKLOAD_H */
