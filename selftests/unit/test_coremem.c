// SPDX-License-Identifier: GPL-2.0
/*
 * test_coremem.c - the Wang & Chu core+memory model (predictors/gpugov_coremem.c)
 *
 * 1. Rows of the seed authors' own results, typed in from their GTX 980
 *    reference files (a handful of rows of each set, not the files): the
 *    fixed-point model must reproduce their mem_del, sm_del and
 *    modelled_cycle to 2e-6 relative (to 5e-5 through struct gpugov_sample,
 *    whose occupancy is Q16).
 * 2. A double-precision reference of the same formulas on random inputs.
 * 3. The 128-bit helpers against unsigned __int128.
 * 4. The predictor: identity at the measured pair, scaling, monotonicity
 *    in both clocks, and adversarial samples and tables (never a trap,
 *    every entry written, sane values).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gpugov_coremem.h"
#include "gpugov_fixed.h"
#include "gpugov_predict.h"
#include "rng.h"
#include "tap.h"

#define TIGHT 2e-6
#define VIA_SAMPLE 5e-5

static double rel(double got, double want)
{
	double d = fabs(got - want);

	return want != 0.0 ? d / fabs(want) : d;
}

static double q20(u64 v)
{
	return (double)v / GPUGOV_CM_CYC_ONE;
}

static u64 to_q20(double x)
{
	return x > 0 ? (u64)(ldexp(x, GPUGOV_CM_CYC_SHIFT) + 0.5) : 0;
}

static u32 to_frac(double x)
{
	if (!(x > 0))
		return 0;
	if (x >= 1)
		return GPUGOV_CM_FRAC_ONE;
	return (u32)(ldexp(x, GPUGOV_CM_FRAC_SHIFT) + 0.5);
}

/*
 * The authors' 36-pair set, later constants: rows of
 * gtx980-low-dvfs-real-small-workload-features.csv (per-warp inputs) and
 * -qiang2018-cycles.csv (results).  nn is the one kernel whose
 * modelled_cycle the authors report without the cold miss dm_lat.
 */
static const struct low_row {
	const char *app;
	u32 fc, fm;
	double n_gld, n_gst, shm_ld, shm_st, insts, dp, l2_hit, act;
	double mem_del, sm_del, modelled, cold;
	int compute, no_cold;
} low_rows[] = {
	{ "BlackScholes", 500, 1000, 12.0224609375, 8.000418526785714, 0, 0,
	  142.97712053571428, 0, 0.0022086898358463225, 0.860716,
	  4945.0278482174135, 2001.0031244642857, 5081.856348217413,
	  136.82850000000002, 0, 0 },
	{ "hotspot", 700, 600, 11.64499634769905, 5.151296566837107,
	  6.929054054054054, 2.9695945945945947, 165.19779538276111,
	  5.235938641344047, 0.4462770381564857, 0.726344,
	  5218.977147151195, 7279.954128422152, 7469.060628422152,
	  189.1065, 1, 0 },
	{ "matrixMulShared", 800, 500, 128.033203125, 4.000732421875, 768.0,
	  32.0, 605.966064453125, 0, 0.8980780716368565, 0.9854229999999999,
	  22262.957737760666, 60039.78395410547, 60262.87115410547,
	  223.0872, 1, 0 },
	{ "matrixMulGlobal", 1000, 700, 2561.9852294921875, 4.000732421875,
	  0, 0, 6301.0140380859375, 0, 0.9940749429237293, 0.9752200000000001,
	  203688.32891436754, 98349.99856355469, 203897.97320008182,
	  209.64428571428573, 0, 0 },
	{ "nn", 600, 900, 16.005828857421875, 4.00018310546875, 0, 0,
	  20.993988037109375, 0, 0.40503266687717465, 0.8990030000000001,
	  4700.827464071832, 333.9785316372071, 4700.827464071832,
	  149.89800000000002, 0, 1 },
	{ "scanScanExclusiveShared", 900, 1000, 16.00092315673828,
	  16.000045776367188, 17.0, 10.0, 70.49903106689453, 0,
	  0.0011636858491652635, 0.9530620000000001,
	  15762.025149813102, 2753.9302967468266, 15930.220449813101,
	  168.1953, 0, 0 },
	{ "transpose", 500, 700, 4.004364013671875, 4.000244140625, 8.0, 1.0,
	  16.745391845703125, 0, 0.018319068224708857, 0.9430620000000001,
	  3170.0548564204414, 827.8747955966796, 3323.686999277584,
	  153.63214285714287, 0, 0 },
};

/*
 * The authors' 49-pair set, 2018 constants: raw nvprof counters of
 * gtx980-49pairs-20kernels.csv (warps from the launch shape) and results
 * of reference/gtx980-dvfs-real-qiang2018-cycles.csv.
 */
static const struct raw_row {
	const char *app;
	u32 fc, fm;
	double warps, l2_rd, l2_wr, dram_rd, dram_wr, shm_ld, shm_st;
	double inst_per_warp, occ;
	double mem_del, sm_del, modelled, cold;
	int compute;
} raw_rows[] = {
	{ "BlackScholes", 400, 1000, 32768.0 * 4, 1588282, 1048618, 1585170,
	  1046678, 0, 0, 163, 0.876053,
	  4046.588426039127, 2435.307164742383, 4413.020426039127, 366.432, 0 },
	{ "matrixMul(Global)", 600, 900, 1024.0 * 32, 167772378, 131102,
	  4325497, 158980, 0, 0, 1.77e4, 0.976311,
	  363327.2108702705, 235771.13114100782, 363753.0508702705, 425.84, 0 },
	{ "transpose", 1000, 500, 262144.0 * 8, 8388864, 8388703, 8388911,
	  8389254, 16777216, 2097152, 33, 0.97651,
	  9785.93862025494, 908.5122379841614, 10508.818620254939, 722.88, 0 },
	{ "matrixMul", 700, 400, 1024.0 * 32, 8388870, 131078, 4325032, 158918,
	  50331648, 2097152, 2.99e3, 0.995084,
	  163229.5832954292, 124434.85721911561, 163896.7682954292, 667.185, 0 },
	/* more DRAM than L2 transactions: the hit rate is clamped to 0 */
	{ "histogram", 800, 800, 240.0 * 6, 2097416, 7699, 2097247, 37685,
	  17327488, 8669504, 3.42e4, 0.861577,
	  740197.7325476204, 1313128.892138627, 1313628.992138627, 500.1, 1 },
};

static void test_low_rows(void)
{
	struct gpugov_coremem_params p;
	size_t i;

	gpugov_coremem_defaults_2019(&p);
	for (i = 0; i < ARRAY_SIZE(low_rows); i++) {
		const struct low_row *r = &low_rows[i];
		struct gpugov_coremem_in in = {
			.gmem_q = to_q20(r->n_gld + r->n_gst),
			.shm_q = to_q20(r->shm_ld + r->shm_st),
			.insts_q = to_q20(r->insts),
			.dp_insts_q = to_q20(r->dp),
			.l2_hit_f = to_frac(r->l2_hit),
			.occ_f = to_frac(r->act),
		};
		struct gpugov_coremem_out o;
		double modelled;
		bool ok = gpugov_coremem_eval(&p, &in, r->fc * 1000,
					      r->fm * 1000, &o);

		modelled = q20(o.modelled) - (r->no_cold ? q20(o.l_dm) : 0);
		tap_ok(ok && rel(q20(o.l_dm), r->cold) < TIGHT &&
		       rel(q20(o.mem_del), r->mem_del) < TIGHT &&
		       rel(q20(o.sm_del), r->sm_del) < TIGHT &&
		       rel(modelled, r->modelled) < TIGHT &&
		       (o.regime == GPUGOV_CM_COMPUTE) == r->compute,
		       "36-pair %s %u/%u: cold %.4f mem_del %.4f sm_del %.4f "
		       "modelled %.4f (%s)", r->app, r->fc, r->fm, q20(o.l_dm),
		       q20(o.mem_del), q20(o.sm_del), modelled,
		       r->compute ? "compute-dominated" : "memory-dominated");
	}
}

static void raw_sample(const struct raw_row *r, struct gpugov_sample *s)
{
	memset(s, 0, sizeof(*s));
	s->interval_ns = 10000000;
	s->busy_ns = 10000000;
	s->core_khz = r->fc * 1000;
	s->mem_khz = r->fm * 1000;
	s->caps = GPUGOV_CAP_MEM_KHZ | GPUGOV_CAP_MEM_TXN | GPUGOV_CAP_SHM_TXN |
		  GPUGOV_CAP_WARPS | GPUGOV_CAP_INSTS;
	s->warps = (u64)r->warps;
	s->l2_txn = (u64)(r->l2_rd + r->l2_wr);
	s->dram_txn = (u64)(r->dram_rd + r->dram_wr);
	s->l2_hits = s->l2_txn - (s->dram_txn < s->l2_txn ? s->dram_txn :
							   s->l2_txn);
	s->shm_txn = (u64)(r->shm_ld + r->shm_st);
	s->insts = (u64)llround(r->inst_per_warp * r->warps);
	/* the authors count a shared store as a quarter memory instruction */
	s->mem_insts = s->l2_txn + (u64)llround(r->shm_ld + r->shm_st / 4);
	s->occupancy_q16 = (u64)llround(r->occ * 65536);
}

static void test_raw_rows(void)
{
	struct gpugov_coremem_params p;
	size_t i;

	gpugov_coremem_defaults(&p);
	for (i = 0; i < ARRAY_SIZE(raw_rows); i++) {
		const struct raw_row *r = &raw_rows[i];
		double w = r->warps, ng = (r->l2_rd + r->l2_wr) / w;
		double miss = fmin(1, (r->dram_rd + r->dram_wr) /
				      (r->l2_rd + r->l2_wr));
		double insts = r->inst_per_warp -
			       (ng + r->shm_ld / w + r->shm_st / w / 4);
		struct gpugov_coremem_in in = {
			.gmem_q = to_q20(ng),
			.shm_q = to_q20((r->shm_ld + r->shm_st) / w),
			.insts_q = to_q20(insts),
			.l2_hit_f = to_frac(1 - miss),
			.occ_f = to_frac(r->occ),
		};
		struct gpugov_coremem_out o;
		struct gpugov_sample s;
		bool ok;

		ok = gpugov_coremem_eval(&p, &in, r->fc * 1000, r->fm * 1000,
					 &o);
		tap_ok(ok && rel(q20(o.l_dm), r->cold) < TIGHT &&
		       rel(q20(o.mem_del), r->mem_del) < TIGHT &&
		       rel(q20(o.sm_del), r->sm_del) < TIGHT &&
		       rel(q20(o.modelled), r->modelled) < TIGHT &&
		       (o.regime == GPUGOV_CM_COMPUTE) == r->compute,
		       "49-pair %s %u/%u: mem_del %.4f sm_del %.4f modelled %.4f",
		       r->app, r->fc, r->fm, q20(o.mem_del), q20(o.sm_del),
		       q20(o.modelled));

		raw_sample(r, &s);
		ok = gpugov_coremem_inputs(&s, &in) &&
		     gpugov_coremem_eval(&p, &in, s.core_khz, s.mem_khz, &o);
		tap_ok(ok && rel(q20(o.mem_del), r->mem_del) < VIA_SAMPLE &&
		       rel(q20(o.sm_del), r->sm_del) < VIA_SAMPLE &&
		       rel(q20(o.modelled), r->modelled) < VIA_SAMPLE,
		       "49-pair %s %u/%u through struct gpugov_sample: "
		       "modelled %.4f (rel %.1e)", r->app, r->fc, r->fm,
		       q20(o.modelled), rel(q20(o.modelled), r->modelled));
	}
}

/* ---- a double reference of the same closed forms ------------------------ */

struct ref_in {
	double n, shm, insts, dp, hit, occ;
};

static double ref_eval(const struct gpugov_coremem_params *p,
		       const struct ref_in *x, double fc, double fm,
		       double *mem_del, double *sm_del)
{
	double u = 1e-6, c2m = fc / fm, aw = p->warps_max * x->occ;
	double ldm = p->ldm_a_u * u * c2m + p->ldm_b_u * u;
	double ddm = (p->ddm_a_u * u / (fm / 1000) + p->ddm_b_u * u) * c2m;
	double alat = (ldm + ddm) * (1 - x->hit) + p->l2_lat_u * u * x->hit;
	double adel = ddm * (1 - x->hit) + p->l2_del_u * u * x->hit;
	double lanes = (double)p->warp_size / p->cores_sm;
	double md = x->n * adel * aw, ml = x->n * alat / p->lat_overlap;
	double sd = p->inst_del_u * u * x->insts * aw * lanes +
		    p->inst_lat_u * u + p->shm_del_u * u * x->shm * aw +
		    p->shm_lat_u * u + p->dp_del_u * u * x->dp * aw * lanes;
	double sl = p->inst_lat_u * u * x->insts + p->shm_lat_u * u * x->shm;

	*mem_del = md;
	*sm_del = sd;
	if (x->occ <= p->low_occ_u * u)
		return fmax(sd + ml, sl + md) + ldm;
	return fmax(sd, md) + ldm;
}

static void test_reference(void)
{
	struct gpugov_coremem_params p;
	double worst = 0;
	int i, bad = 0, few = 0;

	rng_seed(1);
	for (i = 0; i < 20000; i++) {
		struct ref_in x;
		struct gpugov_coremem_in in;
		struct gpugov_coremem_out o;
		double md, sd, m, e;
		u32 fc = (u32)rng_range(100000, 4000000);
		u32 fm = (u32)rng_range(100000, 4000000);

		if (i & 1)
			gpugov_coremem_defaults(&p);
		else
			gpugov_coremem_defaults_2019(&p);
		x.n = rng_unit() < 0.1 ? 0 : rng_log(0.01, 1e5);
		x.shm = rng_unit() < 0.5 ? 0 : rng_log(0.01, 1e5);
		x.insts = rng_log(0.01, 1e6);
		x.dp = rng_unit() < 0.8 ? 0 : rng_log(0.01, 1e3);
		x.hit = rng_unit();
		x.occ = rng_unit() < 0.2 ? rng_unit() * 0.38 :
					   0.05 + 0.95 * rng_unit();
		/* the inputs as the model sees them, to compare formulas only */
		in.gmem_q = to_q20(x.n);
		in.shm_q = to_q20(x.shm);
		in.insts_q = to_q20(x.insts);
		in.dp_insts_q = to_q20(x.dp);
		in.l2_hit_f = to_frac(x.hit);
		in.occ_f = to_frac(x.occ);
		x.n = q20(in.gmem_q);
		x.shm = q20(in.shm_q);
		x.insts = q20(in.insts_q);
		x.dp = q20(in.dp_insts_q);
		x.hit = ldexp(in.l2_hit_f, -GPUGOV_CM_FRAC_SHIFT);
		x.occ = ldexp(in.occ_f, -GPUGOV_CM_FRAC_SHIFT);
		few += x.occ <= 0.38;

		m = ref_eval(&p, &x, fc, fm, &md, &sd);
		gpugov_coremem_eval(&p, &in, fc, fm, &o);
		e = fmax(rel(q20(o.modelled), m), rel(q20(o.sm_del), sd));
		if (md > 1)
			e = fmax(e, rel(q20(o.mem_del), md));
		worst = fmax(worst, e);
		if (e > TIGHT && bad++ < 3)
			tap_diag("fc %u fm %u n %g shm %g insts %g hit %g occ %g: "
				 "modelled %.9g ref %.9g", fc, fm, x.n, x.shm,
				 x.insts, x.hit, x.occ, q20(o.modelled), m);
	}
	tap_ok(!bad && few > 1000, "20000 random inputs (%d with few warps) "
	       "match a double reference of eqs. 4-15 within %.1e (worst %.2e)",
	       few, TIGHT, worst);
}

/* ---- 128-bit helpers ------------------------------------------------------ */

static void test_helpers(void)
{
	int i, bad = 0;

	rng_seed(2);
	for (i = 0; i < 200000; i++) {
		u64 a = rng_u64() >> rng_range(0, 63);
		u64 b = rng_u64() >> rng_range(0, 63);
		u32 sh = (u32)rng_range(0, 63);
		unsigned __int128 pr = (unsigned __int128)a * b >> sh;
		u64 want = pr >> 64 ? U64_MAX : (u64)pr;
		unsigned __int128 qq;
		u64 c;

		if (gpugov_mul_shr64(a, b, sh) != want)
			bad++;
		if (!b)
			continue;
		qq = ((unsigned __int128)a << sh) / b;
		want = qq >> 64 ? U64_MAX : (u64)qq;
		if (gpugov_div_shl(a, b, sh) != want)
			bad++;
		c = rng_u64() >> rng_range(0, 63);
		if (!c)
			continue;
		qq = (unsigned __int128)a * b / c;
		want = qq >> 64 ? U64_MAX : (u64)qq;
		if (gpugov_mul_div64(a, b, c) != want)
			bad++;
	}
	tap_ok(!bad, "mul_shr, div_shl and mul_div equal 128-bit arithmetic on "
	       "200000 random operands (%d differ)", bad);
	tap_ok(gpugov_div_shl(5, 0, 20) == U64_MAX &&
	       gpugov_div_shl(0, 0, 20) == 0 &&
	       gpugov_mul_shr64(U64_MAX, U64_MAX, 63) == U64_MAX &&
	       gpugov_mul_shr64(U64_MAX, 1, 0) == U64_MAX &&
	       gpugov_mul_div64(3, 4, 0) == U64_MAX &&
	       gpugov_mul_div64(0, 4, 0) == 0 &&
	       gpugov_mul_div64(U64_MAX, U64_MAX, U64_MAX) == U64_MAX &&
	       gpugov_mul_div64(U64_MAX, 2, 3) == U64_MAX / 3 * 2,
	       "helpers saturate and guard a zero divisor");
}

/* ---- the predictor ------------------------------------------------------- */

static void base_sample(struct gpugov_sample *s)
{
	raw_sample(&raw_rows[0], s);	/* BlackScholes, memory-dominated */
}

static void grid(struct gpugov_opp_table *t, u32 step_mhz)
{
	u32 c, m;

	t->nr = 0;
	for (c = 400; c <= 1000 && t->nr < GPUGOV_MAX_OPPS; c += step_mhz)
		for (m = 400; m <= 1000 && t->nr < GPUGOV_MAX_OPPS;
		     m += step_mhz) {
			t->opp[t->nr].core_khz = c * 1000;
			t->opp[t->nr].mem_khz = m * 1000;
			t->nr++;
		}
}

static void test_predict_basic(void)
{
	const struct gpugov_predictor *pr = &gpugov_pred_coremem;
	struct gpugov_pred_state st;
	struct gpugov_sample s;
	struct gpugov_opp_table t = { 0 };
	struct gpugov_coremem_in in;
	struct gpugov_coremem_out o_meas, o;
	u64 time_ps[GPUGOV_MAX_OPPS];
	double worst = 0;
	u32 i;

	gpugov_pred_init(&st);
	tap_ok(!strcmp(pr->name, "coremem") &&
	       (pr->caps & GPUGOV_CAP_MEM_KHZ) && (pr->caps & GPUGOV_CAP_MEM_TXN) &&
	       (pr->caps & GPUGOV_CAP_WARPS) && (pr->caps & GPUGOV_CAP_INSTS) &&
	       gpugov_predictor(GPUGOV_PRED_COREMEM) == pr &&
	       gpugov_predictor_find("coremem", 7) == GPUGOV_PRED_COREMEM,
	       "registered as \"coremem\" with mem clock, txn, warps, insts caps");

	base_sample(&s);
	grid(&t, 200);		/* 4 x 4 pairs, includes the measured 400/1000 */
	pr->predict(&st, &s, &t, time_ps);
	gpugov_coremem_inputs(&s, &in);
	gpugov_coremem_eval(&st.coremem, &in, s.core_khz, s.mem_khz, &o_meas);
	for (i = 0; i < t.nr; i++) {
		double want;

		gpugov_coremem_eval(&st.coremem, &in, t.opp[i].core_khz,
				    t.opp[i].mem_khz, &o);
		want = 1e10 * ((double)o.modelled / t.opp[i].core_khz) /
		       ((double)o_meas.modelled / s.core_khz);
		worst = fmax(worst, rel((double)time_ps[i], want));
		if (t.opp[i].core_khz == s.core_khz &&
		    t.opp[i].mem_khz == s.mem_khz)
			tap_ok(time_ps[i] == 10000000000ULL,
			       "at the measured pair the prediction is the busy "
			       "time (%llu ps)", (unsigned long long)time_ps[i]);
	}
	tap_ok(worst < 1e-6, "T_i = busy * (cyc_i / f_i) / (cyc_meas / f_meas) "
	       "over 16 pairs (worst rel %.1e)", worst);

	/* memory-dominated kernel: core clock hardly matters, memory does */
	t.nr = 3;
	t.opp[0] = (struct gpugov_opp){ .core_khz = 400000, .mem_khz = 500000 };
	t.opp[1] = (struct gpugov_opp){ .core_khz = 1000000, .mem_khz = 1000000 };
	t.opp[2] = (struct gpugov_opp){ .core_khz = 1000000, .mem_khz = 0 };
	pr->predict(&st, &s, &t, time_ps);
	tap_ok(time_ps[0] > 18e9 && time_ps[1] < 10e9 && time_ps[1] > 9e9 &&
	       time_ps[2] == time_ps[1],
	       "BlackScholes: half the memory clock nearly doubles the time "
	       "(%.2f ms), 2.5x the core clock gains little (%.3f ms); "
	       "mem_khz 0 means the sample's", time_ps[0] / 1e9,
	       time_ps[1] / 1e9);
}

/* A compute-only warp (no memory transactions). */
static void compute_sample(struct gpugov_sample *s, u32 fc, u32 fm)
{
	memset(s, 0, sizeof(*s));
	s->interval_ns = s->busy_ns = 5000000;
	s->core_khz = fc;
	s->mem_khz = fm;
	s->caps = GPUGOV_CAP_MEM_KHZ | GPUGOV_CAP_MEM_TXN | GPUGOV_CAP_WARPS |
		  GPUGOV_CAP_INSTS;
	s->warps = 4096;
	s->insts = 4096ULL * 2000;
	s->occupancy_q16 = 60000;
}

static void test_monotonic(void)
{
	const struct gpugov_predictor *pr = &gpugov_pred_coremem;
	struct gpugov_pred_state st;
	struct gpugov_sample s;
	struct gpugov_opp_table t = { 0 };
	u64 time_ps[GPUGOV_MAX_OPPS];
	int i, bad_core = 0, bad_mem = 0, bad_comp = 0;
	u32 j;

	gpugov_pred_init(&st);
	compute_sample(&s, 700000, 700000);
	t.nr = GPUGOV_MAX_OPPS;
	for (j = 0; j < t.nr; j++)
		t.opp[j] = (struct gpugov_opp){ .core_khz = 100000 + 120000 * j,
						.mem_khz = 700000 };
	pr->predict(&st, &s, &t, time_ps);
	for (j = 1; j < t.nr; j++)
		bad_comp += time_ps[j] >= time_ps[j - 1];
	tap_ok(!bad_comp && time_ps[0] > 9 * time_ps[GPUGOV_MAX_OPPS - 1] / 2,
	       "compute-only warp: every extra core MHz predicts less time "
	       "(100 MHz %.2f ms, 3.82 GHz %.3f ms)", time_ps[0] / 1e9,
	       time_ps[GPUGOV_MAX_OPPS - 1] / 1e9);

	/* random kernels: time never grows with either clock */
	rng_seed(3);
	for (i = 0; i < 3000; i++) {
		u32 c = (u32)rng_range(200, 2000) * 1000;
		u32 m = (u32)rng_range(200, 2000) * 1000;
		double slack;

		memset(&s, 0, sizeof(s));
		s.interval_ns = s.busy_ns = rng_range(1000000, 100000000);
		s.core_khz = (u32)rng_range(200, 2000) * 1000;
		s.mem_khz = (u32)rng_range(200, 2000) * 1000;
		s.caps = GPUGOV_CAP_ALL;
		s.warps = rng_range(1, 1 << 20);
		s.l2_txn = (u64)(s.warps * rng_log(0.01, 1e4));
		s.l2_hits = rng_range(0, s.l2_txn);
		s.shm_txn = rng_unit() < 0.5 ? 0 : (u64)(s.warps * rng_log(0.01, 1e4));
		s.insts = (u64)(s.warps * rng_log(1, 1e5));
		s.mem_insts = rng_range(0, s.insts);
		s.occupancy_q16 = rng_range(1000, 65536);

		t.nr = 2 * 16;
		for (j = 0; j < 16; j++) {
			t.opp[j] = (struct gpugov_opp){ .core_khz = c + 50000 * j,
							.mem_khz = m };
			t.opp[16 + j] = (struct gpugov_opp){ .core_khz = c,
							     .mem_khz = m + 50000 * j };
		}
		pr->predict(&st, &s, &t, time_ps);
		for (j = 1; j < 16; j++) {
			/* rounding may wobble a flat curve by a ps or so */
			slack = 1e-6 * time_ps[j - 1] + 2;
			bad_core += time_ps[j] > time_ps[j - 1] + slack;
			slack = 1e-6 * time_ps[16 + j - 1] + 2;
			bad_mem += time_ps[16 + j] > time_ps[16 + j - 1] + slack;
		}
	}
	tap_ok(!bad_core, "3000 random kernels: more core MHz never predicts "
	       "more time (%d violations)", bad_core);
	tap_ok(!bad_mem, "3000 random kernels: more memory MHz never predicts "
	       "more time (%d violations)", bad_mem);
}

/* Run predict with every entry pre-set to a marker; count unwritten ones. */
static int run_marked(const struct gpugov_pred_state *st,
		      const struct gpugov_sample *s,
		      const struct gpugov_opp_table *t, u64 *time_ps)
{
	u32 i, n = t->nr < GPUGOV_MAX_OPPS ? t->nr : GPUGOV_MAX_OPPS;
	int unwritten = 0, pass;

	for (pass = 0; pass < 2; pass++) {
		u64 mark = pass ? 0x5a5a5a5a5a5a5a5aULL : 0xa5a5a5a5a5a5a5a5ULL;

		for (i = 0; i < GPUGOV_MAX_OPPS; i++)
			time_ps[i] = mark;
		gpugov_pred_coremem.predict(st, s, t, time_ps);
		for (i = 0; i < n; i++)
			unwritten += time_ps[i] == mark;
	}
	return unwritten;
}

static void test_adversarial(void)
{
	struct gpugov_pred_state st, zero_st;
	struct gpugov_sample s;
	struct gpugov_opp_table t = { 0 };
	u64 time_ps[GPUGOV_MAX_OPPS];
	int i, unwritten = 0, insane = 0, reported = 0;
	u32 j;

	gpugov_pred_init(&st);
	memset(&zero_st, 0, sizeof(zero_st));
	grid(&t, 200);

	/* garbage samples fall back to 1/f_core scaling */
	base_sample(&s);
	s.warps = 0;
	unwritten += run_marked(&st, &s, &t, time_ps);
	tap_ok(time_ps[0] == gpugov_scale_ps(10000000000ULL, s.core_khz,
					     t.opp[0].core_khz) &&
	       time_ps[t.nr - 1] == 4000000000ULL,
	       "zero warps: the model falls back to time ~ 1/f_core");

	base_sample(&s);
	s.occupancy_q16 = 0;
	unwritten += run_marked(&st, &s, &t, time_ps);
	tap_ok(time_ps[t.nr - 1] == 4000000000ULL,
	       "zero occupancy: falls back to time ~ 1/f_core");

	base_sample(&s);
	s.caps &= ~GPUGOV_CAP_MEM_KHZ;
	unwritten += run_marked(&st, &s, &t, time_ps);
	tap_ok(time_ps[t.nr - 1] == 4000000000ULL,
	       "no memory clock: falls back to time ~ 1/f_core");

	base_sample(&s);
	s.core_khz = 0;
	unwritten += run_marked(&st, &s, &t, time_ps);
	for (j = 0; j < t.nr; j++)
		insane += time_ps[j] != 10000000000ULL;
	tap_ok(!insane, "zero core clock: every OPP predicted at the busy time");

	base_sample(&s);
	unwritten += run_marked(&zero_st, &s, &t, time_ps);
	tap_ok(time_ps[0] > 0 && time_ps[0] != U64_MAX,
	       "all-zero parameters: defaults are used (%.2f ms at 400/400)",
	       time_ps[0] / 1e9);

	/* a table with a zero core clock and more entries than fit */
	base_sample(&s);
	t.nr = GPUGOV_MAX_OPPS + 7;
	for (j = 0; j < GPUGOV_MAX_OPPS; j++)
		t.opp[j] = (struct gpugov_opp){ .core_khz = j * 100000,
						.mem_khz = j * 33000 };
	unwritten += run_marked(&st, &s, &t, time_ps);
	tap_ok(time_ps[0] == U64_MAX && time_ps[1] > 0 &&
	       time_ps[1] != U64_MAX,
	       "an OPP without a core clock takes forever (U64_MAX); "
	       "nr beyond GPUGOV_MAX_OPPS is clamped");

	/* random garbage: huge counters, zero clocks, inconsistent fields */
	rng_seed(4);
	grid(&t, 100);
	t.opp[5].core_khz = 4000000;
	t.opp[6].mem_khz = 1;
	t.opp[7].core_khz = 1;
	for (i = 0; i < 20000; i++) {
		u64 pick[] = { 0, 1, 2, 1ULL << 20, 1ULL << 32, 1ULL << 40,
			       1ULL << 50, U64_MAX };

		memset(&s, 0, sizeof(s));
		s.interval_ns = pick[rng_range(0, 7)];
		s.busy_ns = rng_unit() < 0.5 ? s.interval_ns : pick[rng_range(0, 7)];
		s.core_khz = (u32)pick[rng_range(0, 4)];
		if (rng_unit() < 0.5)
			s.core_khz = (u32)rng_range(1, 4000000);
		s.mem_khz = rng_unit() < 0.5 ? (u32)rng_range(0, 4000000) :
					       (u32)pick[rng_range(0, 4)];
		s.caps = (u32)rng_range(0, GPUGOV_CAP_ALL);
		if (rng_unit() < 0.7)
			s.caps = GPUGOV_CAP_ALL;
		s.warps = pick[rng_range(0, 7)];
		s.l2_txn = pick[rng_range(0, 7)];
		s.l2_hits = pick[rng_range(0, 7)];
		s.gld_txn = pick[rng_range(0, 7)];
		s.gst_txn = pick[rng_range(0, 7)];
		s.shm_txn = pick[rng_range(0, 7)];
		s.insts = pick[rng_range(0, 7)];
		s.mem_insts = pick[rng_range(0, 7)];
		s.occupancy_q16 = pick[rng_range(0, 7)];
		unwritten += run_marked(&st, &s, &t, time_ps);
		for (j = 0; j < t.nr; j++) {
			u64 busy = gpugov_busy_ps(&s);

			/* a positive busy time never becomes zero time */
			if (busy >= 1000000 && !time_ps[j])
				insane++;
			if (!busy && time_ps[j] && time_ps[j] != U64_MAX)
				insane++;
			if (insane && !reported++)
				tap_diag("busy %llu core %u mem %u caps %#x -> opp %u/%u: %llu",
					 (unsigned long long)busy, s.core_khz, s.mem_khz, s.caps,
					 t.opp[j].core_khz, t.opp[j].mem_khz,
					 (unsigned long long)time_ps[j]);
		}
	}
	tap_ok(!unwritten, "every OPP entry is written, for every sample "
	       "(%d unwritten)", unwritten);
	tap_ok(!insane, "20000 adversarial samples (counters to 2^64, clocks "
	       "to 4 GHz): no trap, no zero time for real work, no time from "
	       "nothing (%d insane)", insane);
}

static void test_eval_edges(void)
{
	struct gpugov_coremem_params p;
	struct gpugov_coremem_in in = { 0 };
	struct gpugov_coremem_out o;
	bool ok;

	gpugov_coremem_defaults(&p);
	ok = gpugov_coremem_eval(&p, &in, 0, 500000, &o);
	tap_ok(!ok && !o.modelled, "eval refuses a zero clock");

	/* no global transactions: eq. 7 has no period, avr_comp saturates */
	in.insts_q = to_q20(100);
	in.occ_f = GPUGOV_CM_FRAC_ONE;
	ok = gpugov_coremem_eval(&p, &in, 1000000, 1000000, &o);
	tap_ok(ok && o.avr_comp == U64_MAX && o.mem_del == 0 &&
	       o.regime == GPUGOV_CM_COMPUTE &&
	       rel(q20(o.modelled), 1.2 * 100 * 64 / 4 + 4 + 28 + 500.1) < TIGHT,
	       "compute-only warp: T = compute_del + shm L_sh + dm_lat "
	       "(%.3f cycles)", q20(o.modelled));

	/* few warps (occupancy <= 0.38): latency of one warp exposed */
	in.gmem_q = to_q20(10);
	in.occ_f = to_frac(0.25);
	ok = gpugov_coremem_eval(&p, &in, 1000000, 500000, &o);
	tap_ok(ok && (o.regime == GPUGOV_CM_FEW_COMPUTE ||
		      o.regime == GPUGOV_CM_FEW_MEMORY) &&
	       o.modelled == gpugov_sat_add(
			max_t(u64, gpugov_sat_add(o.sm_del, o.mem_lat),
			      gpugov_sat_add(o.sm_lat, o.mem_del)), o.l_dm),
	       "few warps: T = max(sm_del + mem_lat, sm_lat + mem_del) + dm_lat "
	       "(eqs. 12-15)");

	/* hit rate above 1 and occupancy above 1 are clamped */
	in.l2_hit_f = U32_MAX;
	in.occ_f = U32_MAX;
	ok = gpugov_coremem_eval(&p, &in, 1000000, 1000000, &o);
	tap_ok(ok && o.agl_del == GPUGOV_CM_CYC_ONE &&
	       o.aw_f == 64ULL << GPUGOV_CM_FRAC_SHIFT,
	       "hit rate and occupancy are clamped to 1");

	/* eq. 4 at the authors' check point */
	gpugov_coremem_defaults_2019(&p);
	gpugov_coremem_eval(&p, &in, 500000, 500000, &o);
	tap_ok(rel(q20(o.l_dm), 176.037) < 1e-8,
	       "eq. 4 with the later constants at 500/500 MHz: %.6f cycles",
	       q20(o.l_dm));

	/* saturation instead of wrap-around */
	in.gmem_q = U64_MAX;
	in.insts_q = U64_MAX;
	in.shm_q = U64_MAX;
	in.l2_hit_f = 0;
	ok = gpugov_coremem_eval(&p, &in, 4000000, 1, &o);
	tap_ok(ok && o.modelled == U64_MAX && o.mem_del == U64_MAX,
	       "huge inputs at 4 GHz / 1 kHz saturate instead of wrapping");
}

int main(void)
{
	test_low_rows();
	test_raw_rows();
	test_reference();
	test_helpers();
	test_eval_edges();
	test_predict_basic();
	test_monotonic();
	test_adversarial();
	return tap_done("test_coremem");
}
