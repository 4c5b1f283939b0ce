/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpugov_coremem.h - the core + memory frequency model of Wang & Chu.
 *
 * Cycles per round of active warps on one SM as a function of the core
 * clock f_c and the memory clock f_m, from per-warp transaction and
 * instruction counts measured once (Wang & Chu sections IV and V; the
 * equation numbers below are the paper's).  Fixed point throughout:
 *   - cycles and per-warp counts are Q20 (GPUGOV_CM_CYC_SHIFT),
 *   - rates in [0, 1] (L2 hit rate, occupancy) and the ratio f_c / f_m
 *     are Q30 (GPUGOV_CM_FRAC_SHIFT),
 *   - model constants are given in micro-cycles (GPUGOV_CM_MICRO == 1.0),
 *     which represents every published constant exactly.
 * See docs/coremem.md.
 */
#ifndef GPUGOV_COREMEM_H
#define GPUGOV_COREMEM_H

#include "gpugov_shim.h"

#define GPUGOV_CM_CYC_SHIFT	20
#define GPUGOV_CM_CYC_ONE	BIT_ULL(GPUGOV_CM_CYC_SHIFT)
#define GPUGOV_CM_FRAC_SHIFT	30
#define GPUGOV_CM_FRAC_ONE	BIT(GPUGOV_CM_FRAC_SHIFT)
#define GPUGOV_CM_MICRO		1000000U

/**
 * struct gpugov_coremem_params - GPU description for the Wang & Chu model
 * @sm_count: streaming multiprocessors (#SM of eq. 6)
 * @warps_max: resident warps per SM at full occupancy
 * @cores_sm: CUDA cores per SM
 * @warp_size: threads per warp
 * @ldm_a_u: slope of the DRAM latency in core cycles per unit of f_c/f_m,
 *	dm_lat = ldm_a * f_c/f_m + ldm_b (eq. 4), micro-cycles
 * @ldm_b_u: intercept of eq. 4, micro-cycles
 * @ddm_a_u: DRAM departure delay, dm_del = (ddm_a / f_m[MHz] + ddm_b) *
 *	f_c/f_m (fit of Table III scaled as in eq. 5b), micro-cycles * MHz;
 *	u64, as GDDR5X parts need more than 4294.967295 (GTX 1080 Ti: 7208.57)
 * @ddm_b_u: constant part of dm_del, micro-cycles
 * @l2_lat_u: L2 latency l2_lat (section IV-B), micro-cycles
 * @l2_del_u: L2 departure delay l2_del (section IV-B), micro-cycles
 * @inst_lat_u: latency of one warp instruction (inst_cycle of eq. 7b used
 *	as a latency, L_INST), micro-cycles
 * @inst_del_u: issue cost of one thread-instruction on one core (D_INST),
 *	micro-cycles; one warp instruction costs inst_del * warp_size /
 *	cores_sm SM cycles
 * @dp_del_u: like @inst_del_u for FP64 instructions (D_DP), micro-cycles
 * @shm_lat_u: shared memory latency sh_lat (eqs. 16-21, L_sh)
 * @shm_del_u: shared memory departure delay (D_sh), micro-cycles
 * @lat_overlap: global transactions a warp keeps in flight; divides the
 *	per-warp memory latency (mem_lat), >= 1
 * @low_occ_u: occupancy at or below which a round has "few warps"
 *	(eqs. 12-15), micro-units of 1.0
 *
 * Constants other than @ddm_a_u are at most 4294.967295 cycles (u32
 * micro-cycles).
 */
struct gpugov_coremem_params {
	u32 sm_count;
	u32 warps_max;
	u32 cores_sm;
	u32 warp_size;
	u32 ldm_a_u;
	u32 ldm_b_u;
	u64 ddm_a_u;
	u32 ddm_b_u;
	u32 l2_lat_u;
	u32 l2_del_u;
	u32 inst_lat_u;
	u32 inst_del_u;
	u32 dp_del_u;
	u32 shm_lat_u;
	u32 shm_del_u;
	u32 lat_overlap;
	u32 low_occ_u;
};

/**
 * struct gpugov_coremem_in - per-warp model inputs, measured once
 * @gmem_q: global memory (L2) transactions per warp, n_gld + n_gst, Q20
 * @shm_q: shared memory transactions per warp, loads + stores, Q20
 * @insts_q: compute (non-memory) warp instructions per warp, Q20
 * @dp_insts_q: FP64 warp instructions per warp, Q20 (0 if unknown)
 * @l2_hit_f: L2 hit rate l2_hr, Q30 in [0, 1]
 * @occ_f: achieved occupancy, active warps / @warps_max, Q30 in [0, 1]
 *
 * The inputs do not depend on the clocks: the same inputs are evaluated at
 * every (f_c, f_m) pair.
 */
struct gpugov_coremem_in {
	u64 gmem_q;
	u64 shm_q;
	u64 insts_q;
	u64 dp_insts_q;
	u32 l2_hit_f;
	u32 occ_f;
};

/**
 * enum gpugov_coremem_regime - which formula gave the modelled cycles
 * @GPUGOV_CM_COMPUTE: compute-dominated, eqs. 8 and 9
 * @GPUGOV_CM_MEMORY: memory-dominated, eqs. 10 and 11 (and 16, 17)
 * @GPUGOV_CM_FEW_COMPUTE: few warps, computation exposed (eqs. 14, 15)
 * @GPUGOV_CM_FEW_MEMORY: few warps, memory exposed (eqs. 12, 13)
 */
enum gpugov_coremem_regime {
	GPUGOV_CM_COMPUTE,
	GPUGOV_CM_MEMORY,
	GPUGOV_CM_FEW_COMPUTE,
	GPUGOV_CM_FEW_MEMORY,
};

/**
 * struct gpugov_coremem_out - the model's intermediates at one clock pair
 * @c2m_f: f_c / f_m, Q30
 * @l_dm: DRAM latency dm_lat in core cycles (eq. 4), the cold miss
 * @d_dm: DRAM departure delay dm_del * f_c/f_m in core cycles
 * @agl_lat: average global latency, (l_dm + d_dm)(1 - l2_hr) +
 *	l2_lat * l2_hr (eq. 5a)
 * @agl_del: average global delay, d_dm (1 - l2_hr) + l2_del * l2_hr
 *	(eq. 5b)
 * @aw_f: active warps per SM, #Aw = warps_max * occupancy, Q30
 * @mem_del: memory queue delay of a round, agl_del * gld_trans * #Aw
 * @mem_lat: memory latency of one warp, agl_lat * gld_trans / lat_overlap
 * @shm_del: shared memory queue delay of a round, D_sh * shm * #Aw + L_sh
 * @shm_lat: shared memory latency of one warp, L_sh * shm
 * @compute_del: issue time of a round, D_INST * insts * #Aw * warp_size /
 *	cores_sm + L_INST (eqs. 7 and 9)
 * @compute_lat: compute latency of one warp, L_INST * insts
 * @dp_del: FP64 issue time of a round, D_DP * dp * #Aw * warp_size /
 *	cores_sm
 * @sm_del: compute_del + shm_del + dp_del
 * @sm_lat: compute_lat + shm_lat
 * @avr_comp: compute latency before each global transaction, L_INST *
 *	insts / gld_trans (eq. 7), U64_MAX without global transactions
 *	(0 without instructions)
 * @shm_offset: likewise for shared memory, L_sh * shm / gld_trans
 * @modelled: T_active, cycles per round of active warps
 * @regime: the formula that gave @modelled
 *
 * All cycle values are core cycles in Q20.
 */
struct gpugov_coremem_out {
	u64 c2m_f;
	u64 l_dm;
	u64 d_dm;
	u64 agl_lat;
	u64 agl_del;
	u64 aw_f;
	u64 mem_del;
	u64 mem_lat;
	u64 shm_del;
	u64 shm_lat;
	u64 compute_del;
	u64 compute_lat;
	u64 dp_del;
	u64 sm_del;
	u64 sm_lat;
	u64 avr_comp;
	u64 shm_offset;
	u64 modelled;
	enum gpugov_coremem_regime regime;
};

/**
 * enum gpugov_coremem_gpu_id - the built-in GPU descriptions
 * @GPUGOV_CM_GTX980: GTX 980 (Maxwell GM204), 2018 constants (the default)
 * @GPUGOV_CM_GTX980_2019: GTX 980 with the authors' later constants
 * @GPUGOV_CM_GTX1080TI: GeForce GTX 1080 Ti (Pascal GP102, GDDR5X)
 * @GPUGOV_CM_TITANX_PASCAL: TITAN X (Pascal GP102, GDDR5X)
 * @GPUGOV_CM_P100: Tesla P100 (Pascal GP100, HBM2)
 * @GPUGOV_CM_V100: Tesla V100 (Volta GV100, HBM2)
 * @GPUGOV_CM_NR_GPUS: number of built-in descriptions
 */
enum gpugov_coremem_gpu_id {
	GPUGOV_CM_GTX980,
	GPUGOV_CM_GTX980_2019,
	GPUGOV_CM_GTX1080TI,
	GPUGOV_CM_TITANX_PASCAL,
	GPUGOV_CM_P100,
	GPUGOV_CM_V100,
	GPUGOV_CM_NR_GPUS,
};

#define GPUGOV_CM_GPU_NAME_MAX	24

/**
 * struct gpugov_coremem_gpu - a GPU description: model parameters plus the
 *	published figures they were taken or derived from
 * @name: lookup name (CLI, trace header, sysfs), at most
 *	GPUGOV_CM_GPU_NAME_MAX - 1 characters of [a-z0-9-]
 * @product: the product it describes
 * @mem_mhz: memory clock f_m, in the unit the constants expect (the
 *	clock nvidia-smi reports), at which the product ships
 * @bus_bits: DRAM bus width, bits
 * @l2_kib: L2 cache size, KiB
 * @p: the model's parameters
 *
 * @mem_mhz, @bus_bits and @l2_kib are not inputs of the model; they
 * document the part (and how derived constants were scaled).
 */
struct gpugov_coremem_gpu {
	const char *name;
	const char *product;
	u32 mem_mhz;
	u32 bus_bits;
	u32 l2_kib;
	struct gpugov_coremem_params p;
};

const struct gpugov_coremem_gpu *gpugov_coremem_gpu(u32 id);
const char *gpugov_coremem_gpu_name(u32 id);
int gpugov_coremem_gpu_find(const char *name, size_t len);

struct gpugov_sample;

void gpugov_coremem_defaults(struct gpugov_coremem_params *p);
void gpugov_coremem_defaults_2019(struct gpugov_coremem_params *p);
bool gpugov_coremem_params_ok(const struct gpugov_coremem_params *p);
bool gpugov_coremem_eval(const struct gpugov_coremem_params *p,
			 const struct gpugov_coremem_in *in, u32 core_khz,
			 u32 mem_khz, struct gpugov_coremem_out *out);
bool gpugov_coremem_inputs(const struct gpugov_sample *s,
			   struct gpugov_coremem_in *in);
u64 gpugov_coremem_rounds_q20(const struct gpugov_coremem_params *p,
			      u64 warps, u32 occ_f);

#endif /* GPUGOV_COREMEM_H */
