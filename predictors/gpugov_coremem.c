// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_coremem.c - the core + memory frequency model of Wang & Chu
 * (Wang and Chu, GPU performance estimation with core and memory frequency
 * scaling), in fixed point.
 *
 * The model counts, in core cycles, one round of the warps that are active
 * on an SM at the same time.  Global memory transactions wait in a queue
 * whose service time, counted in core cycles, grows with f_c / f_m for the
 * part that misses in L2 (eqs. 4, 5a, 5b); computation and shared memory
 * run in the core clock domain.  Whichever of the two queues is longer
 * sets the length of a round (compute- vs memory-dominated, eqs. 8-11 and
 * 16-17); with few active warps, the latency of one warp is exposed as
 * well (eqs. 12-15).  The closed forms are those of the authors' own
 * implementation, whose per-row intermediates this code reproduces (see
 * docs/coremem.md and tools/validate/validate_coremem.c).
 *
 * Number formats: cycles and per-warp counts Q20, rates and f_c / f_m Q30,
 * parameters in micro-cycles.  Every product is formed with a 128-bit
 * intermediate and saturates at U64_MAX, every divisor is guarded, so no
 * input traps or wraps.
 */
#include "gpugov_coremem.h"
#include "gpugov_fixed.h"
#include "gpugov_predict.h"

/* A parameter in micro-cycles as Q20 cycles, rounded to nearest. */
static u64 cm_u2q(u32 micro)
{
	return div_u64(((u64)micro << GPUGOV_CM_CYC_SHIFT) + GPUGOV_CM_MICRO / 2,
		       GPUGOV_CM_MICRO);
}

/*
 * A parameter in micro-cycles as a Q30 cost, rounded to nearest.  Costs per
 * transaction or instruction carry 30 fraction bits so that multiplying
 * them by a count adds no visible error to the Q20 result.  Beyond 2^33
 * micro-cycles (only @ddm_a_u gets there) the shift would overflow: the
 * quotient is then truncated, and saturates at U64_MAX.
 */
static u64 cm_u2f(u64 micro)
{
	if (micro >> 33)
		return gpugov_div_shl(micro, GPUGOV_CM_MICRO,
				      GPUGOV_CM_FRAC_SHIFT);
	return div_u64((micro << GPUGOV_CM_FRAC_SHIFT) + GPUGOV_CM_MICRO / 2,
		       GPUGOV_CM_MICRO);
}

/* A Q30 cost as Q20 cycles, rounded; saturation is kept. */
static u64 cm_f2q(u64 f)
{
	const u32 sh = GPUGOV_CM_FRAC_SHIFT - GPUGOV_CM_CYC_SHIFT;

	if (f == U64_MAX)
		return U64_MAX;
	return (f >> sh) + ((f >> (sh - 1)) & 1);
}

/* Q20 or Q30 times Q30 -> same format as the first factor */
static u64 cm_mul_f(u64 a, u64 f)
{
	return gpugov_mul_shr64(a, f, GPUGOV_CM_FRAC_SHIFT);
}

/**
 * gpugov_coremem_defaults() - GTX 980 with the 2018 constants of Wang & Chu
 * @p: parameters to fill
 *
 * dm_lat = 222.78 f_c/f_m + 277.32 (eq. 4), dm_del = (805.03 / f_m[MHz] +
 * 8.1762) f_c/f_m, l2_lat = 222, l2_del = 1 (section IV-B), L_INST = 4,
 * D_INST = 1.2, L_sh = 28, D_sh = 1, no FP64 term; 16 SMs of 128 cores,
 * 64 warps each.  These reproduce the authors' 49-pair GTX 980 results.
 * The values, with their sources, are the "gtx980" entry of the table in
 * gpugov_coremem_gpus.c.
 */
void gpugov_coremem_defaults(struct gpugov_coremem_params *p)
{
	*p = gpugov_coremem_gpu(GPUGOV_CM_GTX980)->p;
}

/**
 * gpugov_coremem_defaults_2019() - GTX 980 with the authors' later constants
 * @p: parameters to fill
 *
 * As gpugov_coremem_defaults() but dm_lat = 78.417 f_c/f_m + 97.62,
 * l2_del = 1.2, D_INST = 1 and an FP64 issue cost D_DP = 80: the constants
 * behind the authors' 36-pair ("low-dvfs") reference results: the
 * "gtx980-2019" entry of the table in gpugov_coremem_gpus.c.
 */
void gpugov_coremem_defaults_2019(struct gpugov_coremem_params *p)
{
	*p = gpugov_coremem_gpu(GPUGOV_CM_GTX980_2019)->p;
}

/**
 * gpugov_coremem_params_ok() - are @p usable?
 * @p: parameters
 *
 * Return: true if every count the model divides by or multiplies warps
 * with is non-zero.
 */
bool gpugov_coremem_params_ok(const struct gpugov_coremem_params *p)
{
	return p->sm_count && p->warps_max && p->cores_sm && p->warp_size &&
	       p->lat_overlap;
}

/*
 * Delay of one round for a per-warp count: count * cost * #Aw, the shape
 * of every "del" term (e.g. agl_del * gld_trans * #Aw of eq. 11).  Q20
 * count, Q30 cost, Q30 #Aw; Q20 result.  cost * #Aw is formed first, in
 * Q30, so that a small count loses nothing to an intermediate Q20 floor.
 */
static u64 cm_round(u64 count_q, u64 cost_f, u64 aw_f)
{
	return cm_mul_f(count_q, cm_mul_f(cost_f, aw_f));
}

/* Issue time of a round of instructions: SIMT lanes over cores. */
static u64 cm_issue(const struct gpugov_coremem_params *p, u64 insts_q,
		    u32 cost_u, u64 aw_f)
{
	return gpugov_mul_div(cm_round(insts_q, cm_u2f(cost_u), aw_f),
			      p->warp_size, max_t(u32, p->cores_sm, 1));
}

/*
 * struct cm_fixed - the clock-independent terms of gpugov_coremem_eval()
 * (the parameters as Q30, the hit rate's shares, the warp inputs), formed
 * once for all the OPPs a decision evaluates; @mem_khz and @ddm_f cache
 * the one term of the memory clock alone (dm_del before f_c / f_m) for
 * the last memory clock seen.
 */
struct cm_fixed {
	u64 hit;
	u64 miss;
	u64 ldm_a_f;
	u64 ldm_b_f;
	u64 ddm_a_f;
	u64 ddm_b_f;
	u64 l2_lat_hit;
	u64 l2_del_hit;
	u64 gmem_q;
	u32 lat_overlap;
	bool low_occ;
	u32 mem_khz;
	u64 ddm_f;
};

/* The fields of @out that no clock changes, and @c for cm_eval_clocks(). */
static void cm_eval_fixed(const struct gpugov_coremem_params *p,
			  const struct gpugov_coremem_in *in,
			  struct cm_fixed *c, struct gpugov_coremem_out *out)
{
	u64 occ = min_t(u64, in->occ_f, GPUGOV_CM_FRAC_ONE);

	c->hit = min_t(u64, in->l2_hit_f, GPUGOV_CM_FRAC_ONE);
	c->miss = GPUGOV_CM_FRAC_ONE - c->hit;
	c->ldm_a_f = cm_u2f(p->ldm_a_u);
	c->ldm_b_f = cm_u2f(p->ldm_b_u);
	c->ddm_a_f = cm_u2f(p->ddm_a_u);
	c->ddm_b_f = cm_u2f(p->ddm_b_u);
	c->l2_lat_hit = cm_mul_f(cm_u2f(p->l2_lat_u), c->hit);
	c->l2_del_hit = cm_mul_f(cm_u2f(p->l2_del_u), c->hit);
	c->gmem_q = in->gmem_q;
	c->lat_overlap = max_t(u32, p->lat_overlap, 1);
	c->low_occ = occ <= gpugov_div_shl(p->low_occ_u, GPUGOV_CM_MICRO,
					   GPUGOV_CM_FRAC_SHIFT);
	c->mem_khz = 0;

	out->aw_f = (u64)p->warps_max * occ;
	out->shm_del = gpugov_sat_add(cm_round(in->shm_q, cm_u2f(p->shm_del_u),
					       out->aw_f),
				      cm_u2q(p->shm_lat_u));
	out->shm_lat = cm_mul_f(in->shm_q, cm_u2f(p->shm_lat_u));
	out->compute_del = gpugov_sat_add(cm_issue(p, in->insts_q,
						   p->inst_del_u, out->aw_f),
					  cm_u2q(p->inst_lat_u));
	out->compute_lat = cm_mul_f(in->insts_q, cm_u2f(p->inst_lat_u));
	out->dp_del = cm_issue(p, in->dp_insts_q, p->dp_del_u, out->aw_f);

	out->sm_del = gpugov_sat_add(gpugov_sat_add(out->compute_del,
						    out->shm_del),
				     out->dp_del);
	out->sm_lat = gpugov_sat_add(out->compute_lat, out->shm_lat);
	out->avr_comp = gpugov_div_shl(out->compute_lat, in->gmem_q,
				       GPUGOV_CM_CYC_SHIFT);
	out->shm_offset = gpugov_div_shl(out->shm_lat, in->gmem_q,
					 GPUGOV_CM_CYC_SHIFT);
}

/*
 * The fields of @out that the clocks (both non-zero) change, and the
 * result, @out's other fields from cm_eval_fixed() with @c.
 */
static void cm_eval_clocks(struct cm_fixed *c, u32 core_khz, u32 mem_khz,
			   struct gpugov_coremem_out *out)
{
	u64 l_dm, d_dm, agl_lat, agl_del, t_comp, t_mem;

	if (c->mem_khz != mem_khz) {
		c->mem_khz = mem_khz;
		c->ddm_f = gpugov_sat_add(gpugov_mul_div(c->ddm_a_f, 1000,
							 mem_khz),
					  c->ddm_b_f);
	}
	/* per-transaction costs in Q30 (suffix _f), reported in Q20 */
	out->c2m_f = gpugov_div_shl(core_khz, mem_khz, GPUGOV_CM_FRAC_SHIFT);
	l_dm = gpugov_sat_add(cm_mul_f(c->ldm_a_f, out->c2m_f), c->ldm_b_f);
	d_dm = cm_mul_f(c->ddm_f, out->c2m_f);
	agl_lat = gpugov_sat_add(cm_mul_f(gpugov_sat_add(l_dm, d_dm), c->miss),
				 c->l2_lat_hit);
	agl_del = gpugov_sat_add(cm_mul_f(d_dm, c->miss), c->l2_del_hit);
	out->l_dm = cm_f2q(l_dm);
	out->d_dm = cm_f2q(d_dm);
	out->agl_lat = cm_f2q(agl_lat);
	out->agl_del = cm_f2q(agl_del);

	out->mem_del = cm_round(c->gmem_q, agl_del, out->aw_f);
	out->mem_lat = div64_u64(cm_mul_f(c->gmem_q, agl_lat), c->lat_overlap);

	if (c->low_occ) {
		t_comp = gpugov_sat_add(out->sm_del, out->mem_lat);
		t_mem = gpugov_sat_add(out->sm_lat, out->mem_del);
		out->regime = t_comp > t_mem ? GPUGOV_CM_FEW_COMPUTE :
					       GPUGOV_CM_FEW_MEMORY;
	} else {
		t_comp = out->sm_del;
		t_mem = out->mem_del;
		out->regime = t_comp > t_mem ? GPUGOV_CM_COMPUTE :
					       GPUGOV_CM_MEMORY;
	}
	out->modelled = gpugov_sat_add(max_t(u64, t_comp, t_mem), out->l_dm);
}

/**
 * gpugov_coremem_eval() - cycles per round of active warps at (f_c, f_m)
 * @p: GPU parameters
 * @in: per-warp inputs
 * @core_khz: core clock f_c
 * @mem_khz: memory clock f_m
 * @out: every intermediate and the result, Q20 core cycles
 *
 * With h = l2_hr, n = gld_trans, #Aw = warps_max * occupancy:
 *
 *   dm_lat   = ldm_a * f_c/f_m + ldm_b                          (eq. 4)
 *   dm_del'  = (ddm_a / f_m[MHz] + ddm_b) * f_c/f_m             (eq. 5b)
 *   agl_lat  = (dm_lat + dm_del') (1 - h) + l2_lat * h          (eq. 5a)
 *   agl_del  = dm_del' (1 - h) + l2_del * h                     (eq. 5b)
 *   mem_del  = agl_del * n * #Aw                          (eqs. 11, 17)
 *   mem_lat  = agl_lat * n / lat_overlap
 *   compute_del = D_INST * insts * #Aw * warp_size / cores_sm + L_INST
 *                                                         (eqs. 7b, 9)
 *   shm_del  = D_sh * shm * #Aw + L_sh               (eqs. 16-21, queue)
 *   dp_del   = D_DP * dp * #Aw * warp_size / cores_sm
 *   sm_del   = compute_del + shm_del + dp_del
 *   sm_lat   = L_INST * insts + L_sh * shm
 *
 * dm_lat is already in core cycles (eq. 4 is fitted against f_c/f_m), so
 * it is not scaled a second time as eq. 5a would suggest; the queue
 * service time dm_del' is scaled once, as in eq. 5b.  Then
 *
 *   T_active = max(sm_del, mem_del) + dm_lat
 *
 * compute-dominated (eqs. 8, 9) when sm_del > mem_del, memory-dominated
 * (eqs. 10, 11) otherwise; for occupancy <= low_occ (few warps, eqs. 12-15)
 *
 *   T_active = max(sm_del + mem_lat, sm_lat + mem_del) + dm_lat.
 *
 * Costs per transaction are formed in Q30 and reported in Q20; products
 * use 128-bit intermediates and saturate at U64_MAX, so any input gives an
 * ordered, finite result.
 *
 * Return: false (and @out zeroed) if a clock is 0, else true.
 */
bool gpugov_coremem_eval(const struct gpugov_coremem_params *p,
			 const struct gpugov_coremem_in *in, u32 core_khz,
			 u32 mem_khz, struct gpugov_coremem_out *out)
{
	struct cm_fixed c;

	memset(out, 0, sizeof(*out));
	if (!core_khz || !mem_khz)
		return false;
	cm_eval_fixed(p, in, &c, out);
	cm_eval_clocks(&c, core_khz, mem_khz, out);
	return true;
}

/**
 * gpugov_coremem_rounds_q20() - rounds of active warps in a kernel (eq. 6)
 * @p: GPU parameters
 * @warps: warps of the kernel, #W = #Wpb * #B
 * @occ_f: achieved occupancy, Q30
 *
 * rounds = #W / (#Aw * #SM), so that T_exec = T_active * rounds (eq. 6).
 *
 * Return: the number of rounds in Q20 (U64_MAX when nothing is active).
 */
u64 gpugov_coremem_rounds_q20(const struct gpugov_coremem_params *p,
			      u64 warps, u32 occ_f)
{
	u64 occ = min_t(u64, occ_f, GPUGOV_CM_FRAC_ONE);
	u64 active_q = gpugov_mul_shr64((u64)p->warps_max * p->sm_count, occ,
					GPUGOV_CM_FRAC_SHIFT -
					GPUGOV_CM_CYC_SHIFT);

	return gpugov_div_shl(warps, active_q, 2 * GPUGOV_CM_CYC_SHIFT);
}

/**
 * gpugov_coremem_inputs() - the model's per-warp inputs from a sample
 * @s: sample measured at (s->core_khz, s->mem_khz)
 * @in: filled with the inputs (zeroed when the sample is unusable)
 *
 * With W = s->warps (the warps the interval executed):
 *   gld_trans = l2_txn / W, or (gld_txn + gst_txn) / W without an L2 count
 *   l2_hr     = l2_hits / l2_txn (0 without an L2 count)
 *   shm       = shm_txn / W (0 without GPUGOV_CAP_SHM_TXN)
 *   insts     = (insts - mem_insts) / W, at least 0
 *   occupancy = occupancy_q16, at most 1
 * A source that only counts DRAM transactions gives l2_hits = l2_txn -
 * dram_txn, as the authors derive the hit rate.  No FP64 count exists in
 * the sample, so dp_insts is 0.
 *
 * Return: true if the sample has the fields (GPUGOV_CAP_MEM_TXN,
 * GPUGOV_CAP_WARPS, GPUGOV_CAP_INSTS), at least one warp, a non-zero
 * occupancy and some memory or compute work.
 */
bool gpugov_coremem_inputs(const struct gpugov_sample *s,
			   struct gpugov_coremem_in *in)
{
	const u32 need = GPUGOV_CAP_MEM_TXN | GPUGOV_CAP_WARPS |
			 GPUGOV_CAP_INSTS;
	u64 w = s->warps;
	u64 gmem = s->l2_txn ? s->l2_txn :
			       gpugov_sat_add(s->gld_txn, s->gst_txn);
	u64 comp = s->insts - min_t(u64, s->mem_insts, s->insts);

	memset(in, 0, sizeof(*in));
	if ((s->caps & need) != need || !w || !s->occupancy_q16 ||
	    (!gmem && !comp))
		return false;

	in->gmem_q = gpugov_div_shl(gmem, w, GPUGOV_CM_CYC_SHIFT);
	if (s->l2_txn)
		in->l2_hit_f = gpugov_div_shl(min_t(u64, s->l2_hits,
						    s->l2_txn),
					      s->l2_txn,
					      GPUGOV_CM_FRAC_SHIFT);
	if (s->caps & GPUGOV_CAP_SHM_TXN)
		in->shm_q = gpugov_div_shl(s->shm_txn, w,
					   GPUGOV_CM_CYC_SHIFT);
	in->insts_q = gpugov_div_shl(comp, w, GPUGOV_CM_CYC_SHIFT);
	in->occ_f = (u32)min_t(u64, s->occupancy_q16, GPUGOV_Q16_ONE) <<
		    (GPUGOV_CM_FRAC_SHIFT - GPUGOV_Q16_SHIFT);
	return true;
}

/*
 * busy * (cyc / cyc_meas) * (f_meas / f): the measured time scaled by the
 * modelled cycles and the clock period, with 128-bit intermediates.  Work
 * that took time never takes no time.
 */
static u64 cm_scale_time(u64 busy, u64 cyc, u64 cyc_meas, u32 f_meas, u32 f)
{
	u64 t = gpugov_mul_div64(gpugov_mul_div64(busy, cyc, cyc_meas),
				 f_meas, f);

	return (busy && !t) ? 1 : t;
}

static void coremem_predict(const struct gpugov_pred_state *st,
			    const struct gpugov_sample *s,
			    const struct gpugov_opp_table *t, u64 *time_ps)
{
	const struct gpugov_coremem_params *p = st ? &st->coremem : NULL;
	struct gpugov_coremem_params def;
	struct gpugov_coremem_in in = { 0 };
	struct gpugov_coremem_out out;
	struct cm_fixed c;
	u64 busy = gpugov_busy_ps(s), cyc_meas = 0;
	u32 i, n = min_t(u32, t->nr, GPUGOV_MAX_OPPS);
	bool model;

	if (!p || !gpugov_coremem_params_ok(p)) {
		gpugov_coremem_defaults(&def);
		p = &def;
	}
	model = (s->caps & GPUGOV_CAP_MEM_KHZ) && s->core_khz && s->mem_khz &&
		gpugov_coremem_inputs(s, &in);
	if (model) {
		/* gpugov_coremem_eval() with its fixed terms formed once */
		memset(&out, 0, sizeof(out));
		cm_eval_fixed(p, &in, &c, &out);
		cm_eval_clocks(&c, s->core_khz, s->mem_khz, &out);
		cyc_meas = out.modelled;
	}

	for (i = 0; i < n; i++) {
		u32 fc = t->opp[i].core_khz;
		u32 fm = t->opp[i].mem_khz ? t->opp[i].mem_khz : s->mem_khz;

		if (cyc_meas && fc && fm) {
			cm_eval_clocks(&c, fc, fm, &out);
			time_ps[i] = cm_scale_time(busy, out.modelled, cyc_meas,
						   s->core_khz, fc);
		} else if (s->core_khz) {
			time_ps[i] = cm_scale_time(busy, 1, 1, s->core_khz, fc);
		} else {
			time_ps[i] = busy;
		}
	}
}

const struct gpugov_predictor gpugov_pred_coremem = {
	.name = "coremem",
	.caps = GPUGOV_CAP_MEM_KHZ | GPUGOV_CAP_MEM_TXN | GPUGOV_CAP_WARPS |
		GPUGOV_CAP_INSTS,
	.predict = coremem_predict,
};
