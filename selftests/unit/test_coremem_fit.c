// SPDX-License-Identifier: GPL-2.0
/*
 * test_coremem_fit.c - calibrating the coremem model's constants
 * (tools/common/coremem_fit.c).
 *
 * Moves are made from a known description (the "truth": the GTX 980 one
 * with other DRAM constants) over random synthetic kernels at a grid of
 * clock pairs; a fit that starts from the GTX 980 description must find
 * constants that predict them as well as the truth does, change nothing
 * but the constants it is allowed to, and leave ddm_a 0 when the moves
 * have one memory clock.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "coremem_fit.h"
#include "coremem_gpu.h"
#include "rng.h"
#include "tap.h"

#define KERNELS	24
#define MAX_OBS	(KERNELS * 12 * 11)

static const u32 cores[] = { 400000, 600000, 800000, 1000000 };
static const u32 mems[] = { 400000, 700000, 1000000 };

static struct coremem_obs obs[MAX_OBS];

static double cycles(const struct gpugov_coremem_params *p,
		     const struct gpugov_coremem_in *in, u32 fc, u32 fm)
{
	struct gpugov_coremem_out out;

	if (!gpugov_coremem_eval(p, in, fc, fm, &out))
		return 0;
	return (double)out.modelled;
}

/* Random kernels measured under @truth, moves between every two pairs. */
static size_t make_obs(const struct gpugov_coremem_params *truth, u32 nmem)
{
	struct gpugov_coremem_in in;
	size_t n = 0;
	u32 k, b, t, nb = 4 * nmem;

	rng_seed(42);
	for (k = 0; k < KERNELS; k++) {
		memset(&in, 0, sizeof(in));
		in.gmem_q = (u64)(exp(log(0.5) + rng_unit() * log(80.0)) *
				  GPUGOV_CM_CYC_ONE);
		in.insts_q = (u64)((5 + rng_unit() * 500) * GPUGOV_CM_CYC_ONE);
		in.l2_hit_f = (u32)(rng_unit() * 0.9 * GPUGOV_CM_FRAC_ONE);
		in.occ_f = (u32)((0.2 + 0.8 * rng_unit()) * GPUGOV_CM_FRAC_ONE);
		for (b = 0; b < nb; b++) {
			u32 bc = cores[b % 4], bm = mems[b / 4];

			for (t = 0; t < nb; t++) {
				u32 tc = cores[t % 4], tm = mems[t / 4];

				if (t == b)
					continue;
				obs[n].in = in;
				obs[n].base_core_khz = bc;
				obs[n].base_mem_khz = bm;
				obs[n].core_khz = tc;
				obs[n].mem_khz = tm;
				obs[n].ratio = cycles(truth, &in, tc, tm) /
					       cycles(truth, &in, bc, bm) *
					       bc / tc;
				n++;
			}
		}
	}
	return n;
}

/* The GTX 980 description with other DRAM constants. */
static struct gpugov_coremem_params truth_params(void)
{
	struct gpugov_coremem_params p = gpugov_coremem_gpu(GPUGOV_CM_GTX980)->p;

	p.ldm_a_u = 150000000;
	p.ldm_b_u = 120000000;
	p.ddm_a_u = 2400000000ULL;
	p.ddm_b_u = 3500000;
	return p;
}

/* @a and @b equal but for the DRAM constants. */
static bool same_but_dram(const struct gpugov_coremem_params *a,
			  const struct gpugov_coremem_params *b)
{
	struct gpugov_coremem_params x = *a, y = *b;

	x.ldm_a_u = y.ldm_a_u = 0;
	x.ldm_b_u = y.ldm_b_u = 0;
	x.ddm_a_u = y.ddm_a_u = 0;
	x.ddm_b_u = y.ddm_b_u = 0;
	return !memcmp(&x, &y, sizeof(x));
}

static void test_recover(void)
{
	const struct gpugov_coremem_params start =
		gpugov_coremem_gpu(GPUGOV_CM_GTX980)->p;
	struct gpugov_coremem_params truth = truth_params(), p = start, q = start;
	struct coremem_fit_result r, r2;
	size_t n = make_obs(&truth, 3);

	tap_ok(n == MAX_OBS && coremem_fit_mape(&truth, obs, n) < 1e-9,
	       "the truth predicts its own moves exactly (%zu moves)", n);
	coremem_fit(&p, obs, n, COREMEM_FIT_MEMS, &r);
	tap_diag("MAPE %.3f %% -> %.3f %%, start %u, %lu evaluations",
		 100 * r.mape_before, 100 * r.mape_after, r.start, r.evals);
	tap_ok(r.mape_before > 0.02 &&
	       fabs(r.mape_before - coremem_fit_mape(&start, obs, n)) < 1e-12,
	       "the starting description misses by more than 2 %%");
	tap_ok(r.mape_after < 0.005 &&
	       fabs(r.mape_after - coremem_fit_mape(&p, obs, n)) < 1e-12,
	       "the fit predicts them within 0.5 %% (it reports its own error)");
	tap_ok(same_but_dram(&p, &start),
	       "only the DRAM constants changed: counts, L2, instruction, shared memory kept");
	coremem_fit(&q, obs, n, COREMEM_FIT_MEMS, &r2);
	tap_ok(!memcmp(&p, &q, sizeof(p)) && r.evals == r2.evals,
	       "the same moves give the same fit");
}

static void test_one_memory_clock(void)
{
	struct gpugov_coremem_params truth = truth_params();
	struct gpugov_coremem_params p = gpugov_coremem_gpu(GPUGOV_CM_GTX980)->p;
	struct coremem_fit_result r;
	size_t n = make_obs(&truth, 1);

	coremem_fit(&p, obs, n, 0, &r);
	tap_diag("one memory clock: MAPE %.3f %% -> %.3f %%", 100 * r.mape_before,
		 100 * r.mape_after);
	tap_ok(p.ddm_a_u == 0 && r.mape_after < 0.005,
	       "one memory clock: ddm_a folded into ddm_b, the moves within 0.5 %%");
}

static void test_all_constants(void)
{
	struct gpugov_coremem_params truth = truth_params();
	struct gpugov_coremem_params p = gpugov_coremem_gpu(GPUGOV_CM_GTX980)->p;
	struct gpugov_coremem_params q = p;
	struct coremem_fit_result r, ra;
	size_t n;

	truth.inst_del_u = 2500000;
	truth.l2_del_u = 3000000;
	n = make_obs(&truth, 3);
	coremem_fit(&p, obs, n, COREMEM_FIT_MEMS, &r);
	coremem_fit(&q, obs, n, COREMEM_FIT_MEMS | COREMEM_FIT_ALL, &ra);
	tap_diag("instruction and L2 costs changed: DRAM only %.3f %%, all %.3f %%",
		 100 * r.mape_after, 100 * ra.mape_after);
	tap_ok(ra.mape_after < 0.005 && ra.mape_after < r.mape_after,
	       "--all-constants: the other constants fitted too, within 0.5 %%");
}

static void test_nothing(void)
{
	struct gpugov_coremem_params p = gpugov_coremem_gpu(GPUGOV_CM_P100)->p;
	struct coremem_fit_result r;
	size_t nd, na;
	const char *const *k = coremem_fit_keys(0, &nd);

	coremem_fit_keys(COREMEM_FIT_ALL, &na);
	coremem_fit(&p, obs, 0, 0, &r);
	tap_ok(!memcmp(&p, &gpugov_coremem_gpu(GPUGOV_CM_P100)->p, sizeof(p)) &&
	       r.mape_before == 0 && r.mape_after == 0 &&
	       coremem_fit_mape(&p, obs, 0) == 0,
	       "no moves: nothing changes, the error is 0");
	tap_ok(nd == 4 && na == 10 && !strcmp(k[0], "ldm_a") &&
	       coremem_gpu_key_find(k[na - 1]) >= 0,
	       "the keys fitted are keys of the file format");
}

int main(void)
{
	test_recover();
	test_one_memory_clock();
	test_all_constants();
	test_nothing();
	return tap_done("test_coremem_fit");
}
