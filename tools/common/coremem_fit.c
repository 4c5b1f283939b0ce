// SPDX-License-Identifier: GPL-2.0
/*
 * coremem_fit.c - calibrating the core+memory model's cycle constants to
 * one GPU.
 *
 * Wang & Chu fit their constants to one GPU with microbenchmarks (eq. 4's
 * DRAM latency against f_c/f_m, Table III's departure delay against f_m,
 * section IV-B); a description made for another part misjudges how memory
 * time moves with the clocks (docs/coremem.md).  This fit does the same
 * from whatever a user can measure: the time of the same work at several
 * clock pairs.  The governor predicts T(f) = T(b) * cyc(f) / cyc(b) *
 * f_b / f from a sample at the pair b (gpugov_coremem.c), so the error
 * fitted is that prediction's: the mean of |predicted / measured - 1| over
 * every move given, the MAPE `gpugov-replay accuracy` reports.
 *
 * As in the paper, only the DRAM constants are fitted by default: eq. 4's
 * latency (ldm_a, ldm_b) and the departure delay (ddm_a, ddm_b), the part
 * of the model that differs most between boards; the L2, instruction and
 * shared-memory constants stay those of the starting description (the
 * architecture's, from its documentation or microbenchmark papers).
 * COREMEM_FIT_ALL fits those too: on the simulated GPUs it fits the
 * microbenchmarks better and the applications that share none of their
 * kernels worse (docs/coremem.md).  The counts (SMs, cores, warps) are
 * the hardware's and always stay as given; so do the FP64 cost (no
 * counter reports FP64), the few-warps threshold (a switch between
 * formulas, not a cost) and the latency overlap.  The free constants are
 * searched coordinate by coordinate: each is
 * multiplied and divided by 1 + step, a change is kept when it lowers the
 * error, and the step halves when no constant moves, down to 1/256.  The
 * model is a maximum of regimes, so the error has corners where a search
 * from one point stops; the search runs from the caller's description and
 * from each built-in one's free constants (over the caller's other keys)
 * and keeps the best.  With one memory clock in the data the departure delay's two
 * terms, ddm_a / f_m + ddm_b, are one number: ddm_a is folded into ddm_b
 * at that clock and left 0.
 */
#include <math.h>
#include <string.h>
#include "coremem_fit.h"
#include "coremem_gpu.h"

#define STEP_START	1.0		/* first move: x2 and /2 */
#define STEP_MIN	(1.0 / 256)	/* stop below a 0.4 % move */
#define EVALS_MAX	20000UL		/* per start, a bound on the run time */

/* The DRAM constants first: a fit without COREMEM_FIT_ALL stops there. */
static const char *const fit_keys[] = {
	"ldm_a", "ldm_b", "ddm_a", "ddm_b",
	"l2_lat", "l2_del", "inst_lat", "inst_del", "shm_lat", "shm_del",
};

#define NR_DRAM_KEYS	4
#define NR_FIT_KEYS	(sizeof(fit_keys) / sizeof(fit_keys[0]))

/**
 * coremem_fit_keys() - the constants a fit may change
 * @flags: COREMEM_FIT_ALL or not
 * @n: set to their number
 *
 * Return: their names (keys of the description file format).
 */
const char *const *coremem_fit_keys(unsigned int flags, size_t *n)
{
	*n = flags & COREMEM_FIT_ALL ? NR_FIT_KEYS : NR_DRAM_KEYS;
	return fit_keys;
}

/*
 * The modelled cycles of @o's work at its base pair, or 0 if the model
 * cannot be evaluated there.  The moves of one sample follow each other
 * and share it: @prev is the move before (NULL for none), @prev_cyc its
 * base cycles.
 */
static u64 base_cycles(const struct gpugov_coremem_params *p,
		       const struct coremem_obs *o,
		       const struct coremem_obs *prev, u64 prev_cyc)
{
	struct gpugov_coremem_out b;

	if (prev && prev->base_core_khz == o->base_core_khz &&
	    prev->base_mem_khz == o->base_mem_khz &&
	    !memcmp(&prev->in, &o->in, sizeof(o->in)))
		return prev_cyc;
	if (!gpugov_coremem_eval(p, &o->in, o->base_core_khz, o->base_mem_khz,
				 &b))
		return 0;
	return b.modelled;
}

/**
 * coremem_fit_mape() - the model's error over measured moves
 * @p: description
 * @o: the moves
 * @n: how many (0: the error is 0)
 *
 * Each move's ratio is predicted as coremem_predict() scales a time:
 * cyc(f) / cyc(b) * f_b / f, or f_b / f where the model cannot be
 * evaluated.
 *
 * Return: mean of |predicted ratio / measured ratio - 1|.
 */
double coremem_fit_mape(const struct gpugov_coremem_params *p,
			const struct coremem_obs *o, size_t n)
{
	struct gpugov_coremem_out t;
	double sum = 0, r;
	u64 cyc = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		cyc = base_cycles(p, &o[i], i ? &o[i - 1] : NULL, cyc);
		r = (double)o[i].base_core_khz / o[i].core_khz;
		if (cyc && gpugov_coremem_eval(p, &o[i].in, o[i].core_khz,
					       o[i].mem_khz, &t))
			r *= (double)t.modelled / (double)cyc;
		sum += fabs(r / o[i].ratio - 1);
	}
	return n ? sum / n : 0;
}

/* One coordinate search from @p (improved in place); its error. */
static double search(struct gpugov_coremem_params *p,
		     const struct coremem_obs *o, size_t n, const int *keys,
		     size_t nk, unsigned long *evals)
{
	double e = coremem_fit_mape(p, o, n), step = STEP_START;
	unsigned long spent = 1;

	while (step >= STEP_MIN && spent < EVALS_MAX) {
		bool moved = false;
		size_t k;
		int dir;

		for (k = 0; k < nk && spent < EVALS_MAX; k++) {
			double v = coremem_gpu_key_get(p, keys[k]);

			for (dir = 0; dir < 2; dir++) {
				struct gpugov_coremem_params q = *p;
				double eq;

				coremem_gpu_key_set(&q, keys[k], v > 0 ?
						    (dir ? v / (1 + step) :
							   v * (1 + step)) :
						    (dir ? 0 : step));
				if (coremem_gpu_key_get(&q, keys[k]) == v)
					continue;
				eq = coremem_fit_mape(&q, o, n);
				spent++;
				if (eq < e) {
					*p = q;
					e = eq;
					moved = true;
					break;
				}
			}
		}
		if (!moved)
			step /= 2;
	}
	*evals += spent;
	return e;
}

/* @p's first @nf fit_keys[] replaced by those of built-in @id. */
static void constants_of(struct gpugov_coremem_params *p, u32 id, size_t nf)
{
	const struct gpugov_coremem_params *b = &gpugov_coremem_gpu(id)->p;
	size_t k;
	int i;

	for (k = 0; k < nf; k++) {
		i = coremem_gpu_key_find(fit_keys[k]);
		coremem_gpu_key_set(p, i, coremem_gpu_key_get(b, i));
	}
}

/* One memory clock: ddm_a / f_m + ddm_b folded into ddm_b, ddm_a 0. */
static void fold_ddm(struct gpugov_coremem_params *p, u32 mem_khz)
{
	int a = coremem_gpu_key_find("ddm_a"), b = coremem_gpu_key_find("ddm_b");

	if (!mem_khz)
		return;
	coremem_gpu_key_set(p, b, coremem_gpu_key_get(p, b) +
			    coremem_gpu_key_get(p, a) * 1000 / mem_khz);
	coremem_gpu_key_set(p, a, 0);
}

/**
 * coremem_fit() - fit @p's cycle constants to measured moves
 * @p: the starting description, replaced by the best found
 * @o: the moves
 * @n: how many
 * @flags: COREMEM_FIT_MEMS: the moves span more than one memory clock
 *	(else ddm_a is folded into ddm_b at the first move's memory clock);
 *	COREMEM_FIT_ALL: the L2, instruction and shared-memory constants too
 * @r: filled with the errors before and after
 */
void coremem_fit(struct gpugov_coremem_params *p, const struct coremem_obs *o,
		 size_t n, unsigned int flags, struct coremem_fit_result *r)
{
	bool mems = flags & COREMEM_FIT_MEMS;
	struct gpugov_coremem_params best = *p, q;
	int keys[NR_FIT_KEYS];
	size_t nk = 0, k, nf;
	double e;
	u32 id;

	coremem_fit_keys(flags, &nf);
	for (k = 0; k < nf; k++)
		if (mems || strcmp(fit_keys[k], "ddm_a"))
			keys[nk++] = coremem_gpu_key_find(fit_keys[k]);
	r->evals = 0;
	r->start = 0;
	r->mape_before = coremem_fit_mape(p, o, n);
	r->mape_after = r->mape_before;
	for (id = 0; id <= GPUGOV_CM_NR_GPUS; id++) {
		q = *p;
		if (id)
			constants_of(&q, id - 1, nf);
		if (!mems && n)
			fold_ddm(&q, o[0].base_mem_khz);
		e = search(&q, o, n, keys, nk, &r->evals);
		if (e < r->mape_after) {
			best = q;
			r->mape_after = e;
			r->start = id;
		}
	}
	*p = best;
}
