// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_coremem_gpus.c - GPU descriptions for the Wang & Chu core+memory
 * model (gpugov_coremem.c), one per NVIDIA part the authors' public DVFS
 * measurements cover, selected by name.
 *
 * Sources, cited per value below by their tag:
 *  [CC]     NVIDIA, CUDA C++ Programming Guide, appendix "Compute
 *           Capabilities", table "Technical Specifications per Compute
 *           Capability": warp size 32 and 64 resident warps per SM for
 *           compute capabilities 5.2, 6.0, 6.1 and 7.0; and its table
 *           "Throughput of Native Arithmetic Instructions" (results per
 *           clock per SM): 32-bit floating-point add/multiply/fma 128
 *           (5.2, 6.1) or 64 (6.0, 7.0), 64-bit 4 (5.2, 6.1) or 32 (6.0,
 *           7.0).
 *  [GM204]  NVIDIA, "GeForce GTX 980 Whitepaper" (2014), GM204 overview
 *           and specification table: 16 SMs of 128 CUDA cores, 256-bit
 *           GDDR5 at 7 Gbps, 2048 KB L2.
 *  [GP102]  NVIDIA product specifications of the GeForce GTX 1080 Ti and
 *           the TITAN X (Pascal), both GP102 with 28 SMs and 3584 CUDA
 *           cores (128 per SM, as the Pascal GP104 SM of the "GeForce GTX
 *           1080 Whitepaper"); GDDR5X at 11 Gbps on 352 bits (1080 Ti) and
 *           10 Gbps on 384 bits (TITAN X); 256 KB of L2 per 32-bit memory
 *           controller pair, so 2816 KB (11 controllers) and 3072 KB (12),
 *           as the CUDA deviceQuery sample reports them.
 *  [P100]   NVIDIA, "NVIDIA Tesla P100" whitepaper (2016), table 1: 56 SMs,
 *           64 FP32 cores and 32 FP64 units per SM, 4096-bit HBM2, 4096 KB
 *           L2.
 *  [V100]   NVIDIA, "NVIDIA Tesla V100 GPU Architecture" whitepaper (2017),
 *           table 1: 80 SMs, 64 FP32 cores and 32 FP64 units per SM,
 *           4096-bit HBM2, 6144 KB L2.
 *  [WC]     Wang & Chu core+memory model (docs/references.md): eq. 4 and
 *           section IV-B (GTX 980 DRAM latency, Table III departure delay
 *           fit, L2 latency), as in the authors' 2018 code
 *           (blackjack2015/NV-DVFS-Benchmark, settings.py).
 *  [WC19]   the same authors' later constants, NV-DVFS-Benchmark
 *           utils/gpu_info.py (commit d6e318ac), classes GTX980,
 *           GTX1080TI, P100 and V100: per-GPU eq. 4 / 5b constants, L2,
 *           instruction and shared memory latencies and delays.
 *  [MC]     Mei & Chu, "Dissecting GPU Memory Hierarchy through
 *           Microbenchmarking" (IEEE TPDS 2017), its section on shared
 *           memory (latency): 28 cycles on the GTX 980.
 *  [JIA]    Jia, Maggioni, Staiger & Scarpazza, "Dissecting the NVIDIA
 *           Volta GPU Architecture via Microbenchmarking" (arXiv
 *           1804.06826), chapter 3 (memory hierarchy, latencies): L2
 *           hit 193 cycles on V100 and 234 on P100, shared memory 19 on
 *           V100 and 24 on P100.
 *  [DER]    derived, not published as such; the derivation is given at the
 *           value (docs/coremem.md lists them).
 *
 * Model-structure constants that are not properties of a GPU (the memory
 * latency divisor 4 and the few-warps occupancy 0.38 of the authors'
 * implementation) are the same in every entry.  The DRAM constants are
 * bound to the memory clock as nvidia-smi reports it (half the data rate
 * of GDDR5/GDDR5X: 3505 MHz for 7 Gbps; the HBM2 clock itself: 715 MHz on
 * P100, 877 MHz on V100, the authors' MEM_FREQ in [WC19]), which is what
 * the authors measured with: a device must report f_m in that unit for
 * them to mean what they say.
 *
 * Only the two GTX 980 entries are validated locally (docs/coremem.md).
 */
#include "gpugov_coremem.h"

/* Parameters every entry shares: SIMT width, warps, model structure. */
#define CM_COMMON						\
	.warp_size = 32,		/* [CC] */		\
	.warps_max = 64,		/* [CC] */		\
	.lat_overlap = 4,		/* [WC] code */		\
	.low_occ_u = 380000		/* [WC] code: 0.38 */

/* The GTX 980 itself [GM204], whichever constants describe it. */
#define CM_GM204_PART						\
	.mem_mhz = 3505,		/* [GM204] 7 Gbps GDDR5 */ \
	.bus_bits = 256,		/* [GM204] */		\
	.l2_kib = 2048			/* [GM204] */

/*
 * GTX 980 parameters the 2018 [WC] and later [WC19] constants share: the
 * SM [GM204], the Table III departure delay fit, the L2 latency, L_INST
 * and the shared memory (latency also measured by [MC]).
 */
#define CM_GM204						\
	.sm_count = 16,			/* [GM204] */		\
	.cores_sm = 128,		/* [GM204] */		\
	.ddm_a_u = 805030000,		/* [WC] Table III fit */ \
	.ddm_b_u = 8176200,		/* [WC] Table III fit */ \
	.l2_lat_u = 222000000,		/* [WC] IV-B */		\
	.inst_lat_u = 4000000,		/* [WC] code: L_INST */	\
	.shm_lat_u = 28000000,		/* [MC], [WC] */	\
	.shm_del_u = 1000000		/* [WC] code: D_sh */

/*
 * The GP102 parts (GTX 1080 Ti, TITAN X Pascal): the SM [GP102] and the
 * authors' GTX 1080 Ti constants [WC19] other than the departure delay.
 */
#define CM_GP102						\
	.sm_count = 28,			/* [GP102] */		\
	.cores_sm = 128,		/* [GP102] */		\
	.ldm_a_u = 178220000,		/* [WC19] a_L_DM */	\
	.ldm_b_u = 396720000,		/* [WC19] b_L_DM */	\
	.l2_lat_u = 220000000,		/* [WC19] L_L2 */	\
	.l2_del_u = 1300000,		/* [WC19] D_L2 */	\
	.inst_lat_u = 4000000,		/* [WC19] L_INST */	\
	.inst_del_u = 1200000,		/* [WC19] D_INST */	\
	.dp_del_u = 32000000,		/* [DER] 128 / 4 [CC] */ \
	.shm_lat_u = 28000000,		/* [WC19] L_sh */	\
	.shm_del_u = 950000		/* [WC19] D_sh */

static const struct gpugov_coremem_gpu cm_gpus[GPUGOV_CM_NR_GPUS] = {
	[GPUGOV_CM_GTX980] = {
		.name = "gtx980",
		.product = "GeForce GTX 980 (Maxwell GM204), 2018 constants",
		CM_GM204_PART,
		.p = {
			CM_COMMON,
			CM_GM204,
			.ldm_a_u = 222780000,	/* [WC] eq. 4: 222.78 */
			.ldm_b_u = 277320000,	/* [WC] eq. 4: 277.32 */
			.l2_del_u = 1000000,	/* [WC] IV-B */
			/* recovered from the authors' 49-pair reference rows */
			.inst_del_u = 1200000,
			.dp_del_u = 0,		/* [WC] no FP64 term */
		},
	},
	[GPUGOV_CM_GTX980_2019] = {
		.name = "gtx980-2019",
		.product = "GeForce GTX 980 (Maxwell GM204), later constants",
		CM_GM204_PART,
		.p = {
			CM_COMMON,
			CM_GM204,
			.ldm_a_u = 78417000,	/* [WC19] GTX980 a_L_DM */
			.ldm_b_u = 97620000,	/* [WC19] GTX980 b_L_DM */
			.l2_del_u = 1200000,	/* [WC19] GTX980 D_L2 */
			.inst_del_u = 1000000,	/* [WC19] GTX980 D_INST */
			/* recovered from the authors' 36-pair reference rows */
			.dp_del_u = 80000000,
		},
	},
	[GPUGOV_CM_GTX1080TI] = {
		.name = "gtx1080ti",
		.product = "GeForce GTX 1080 Ti (Pascal GP102, GDDR5X)",
		.mem_mhz = 5505,		/* [GP102] 11 Gbps */
		.bus_bits = 352,		/* [GP102] */
		.l2_kib = 2816,			/* [GP102] */
		.p = {
			CM_COMMON,
			CM_GP102,
			.ddm_a_u = 7208570000ULL, /* [WC19] GTX1080TI a_D_DM */
			.ddm_b_u = 10030500,	/* [WC19] GTX1080TI b_D_DM */
		},
	},
	[GPUGOV_CM_TITANX_PASCAL] = {
		.name = "titanx-pascal",
		.product = "TITAN X (Pascal GP102, GDDR5X)",
		.mem_mhz = 5005,		/* [GP102] 10 Gbps */
		.bus_bits = 384,		/* [GP102] */
		.l2_kib = 3072,			/* [GP102] */
		.p = {
			CM_COMMON,
			/*
			 * [DER] The same GP102 die and GDDR5X as the GTX
			 * 1080 Ti: its SM, L2 and eq. 4 latency constants
			 * [WC19] unchanged, its departure delay (per
			 * transaction, in memory cycles) scaled by the bus
			 * widths, 352 / 384.
			 */
			CM_GP102,
			.ddm_a_u = 6607855833ULL, /* 7208.57 * 352 / 384 */
			.ddm_b_u = 9194625,	/* 10.0305 * 352 / 384 */
		},
	},
	[GPUGOV_CM_P100] = {
		.name = "p100",
		.product = "Tesla P100 (Pascal GP100, HBM2)",
		.mem_mhz = 715,			/* [WC19] P100 MEM_FREQ */
		.bus_bits = 4096,		/* [P100] table 1 */
		.l2_kib = 4096,			/* [P100] table 1 */
		.p = {
			CM_COMMON,
			.sm_count = 56,		/* [P100] table 1 */
			.cores_sm = 64,		/* [P100] table 1 */
			.ldm_a_u = 26730000,	/* [WC19] P100 a_L_DM */
			.ldm_b_u = 266230000,	/* [WC19] P100 b_L_DM */
			.ddm_a_u = 176257500,	/* [WC19] P100 705.03 / 4 */
			.ddm_b_u = 1800000,	/* [WC19] P100 b_D_DM */
			.l2_lat_u = 234000000,	/* [JIA] ch. 3 */
			.l2_del_u = 1000000,	/* [WC19] P100 D_L2 */
			.inst_lat_u = 8000000,	/* [WC19] P100 L_INST */
			.inst_del_u = 1400000,	/* [WC19] P100 D_INST */
			.dp_del_u = 2000000,	/* [DER] 64 / 32 [CC] */
			.shm_lat_u = 24000000,	/* [JIA] ch. 3 */
			.shm_del_u = 1000000,	/* [WC19] P100 D_sh */
		},
	},
	[GPUGOV_CM_V100] = {
		.name = "v100",
		.product = "Tesla V100 (Volta GV100, HBM2)",
		.mem_mhz = 877,			/* [WC19] V100 MEM_FREQ */
		.bus_bits = 4096,		/* [V100] table 1 */
		.l2_kib = 6144,			/* [V100] table 1 */
		.p = {
			CM_COMMON,
			.sm_count = 80,		/* [V100] table 1 */
			/* [V100] table 1; the authors' code has 128 */
			.cores_sm = 64,
			.ldm_a_u = 26730000,	/* [WC19] V100 a_L_DM */
			.ldm_b_u = 133230000,	/* [WC19] V100 b_L_DM */
			.ddm_a_u = 251257500,	/* [WC19] V100 1005.03 / 4 */
			.ddm_b_u = 2500000,	/* [WC19] V100 b_D_DM */
			.l2_lat_u = 193000000,	/* [JIA] ch. 3 */
			.l2_del_u = 1000000,	/* [WC19] V100 D_L2 */
			.inst_lat_u = 8000000,	/* [WC19] V100 L_INST */
			.inst_del_u = 1000000,	/* [WC19] V100 D_INST */
			.dp_del_u = 2000000,	/* [DER] 64 / 32 [CC] */
			.shm_lat_u = 19000000,	/* [JIA] ch. 3 */
			.shm_del_u = 1000000,	/* [WC19] V100 D_sh */
		},
	},
};

/**
 * gpugov_coremem_gpu() - a built-in GPU description
 * @id: enum gpugov_coremem_gpu_id
 *
 * Return: the description, or NULL if @id is not one.
 */
const struct gpugov_coremem_gpu *gpugov_coremem_gpu(u32 id)
{
	return id < GPUGOV_CM_NR_GPUS ? &cm_gpus[id] : NULL;
}

/**
 * gpugov_coremem_gpu_name() - the name of a built-in GPU description
 * @id: enum gpugov_coremem_gpu_id
 *
 * Return: its name, or "?" if @id is not one.
 */
const char *gpugov_coremem_gpu_name(u32 id)
{
	return id < GPUGOV_CM_NR_GPUS ? cm_gpus[id].name : "?";
}

/**
 * gpugov_coremem_gpu_find() - look a GPU description up by name
 * @name: the name, not necessarily NUL-terminated
 * @len: its length
 *
 * Names match exactly (case and all).
 *
 * Return: its enum gpugov_coremem_gpu_id, or -1 if none has that name.
 */
int gpugov_coremem_gpu_find(const char *name, size_t len)
{
	u32 i;

	for (i = 0; i < GPUGOV_CM_NR_GPUS; i++)
		if (strlen(cm_gpus[i].name) == len &&
		    !memcmp(cm_gpus[i].name, name, len))
			return i;
	return -1;
}
