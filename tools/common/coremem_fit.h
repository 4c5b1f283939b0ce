/* SPDX-License-Identifier: GPL-2.0 */
/*
 * coremem_fit.h - calibrating the core+memory model's cycle constants to
 * one GPU from measurements at several clocks (docs/coremem.md,
 * "Calibrating a description").
 */
#ifndef GPUGOV_COREMEM_FIT_H
#define GPUGOV_COREMEM_FIT_H

#include <stddef.h>
#include "gpugov_coremem.h"

/**
 * struct coremem_obs - one measured move between two clock pairs
 * @in: the model's inputs from the sample measured at the base pair
 * @base_core_khz: core clock of the base pair
 * @base_mem_khz: memory clock of the base pair
 * @core_khz: core clock the same work was measured at too
 * @mem_khz: memory clock of that pair
 * @ratio: measured time there over the time at the base pair, > 0
 */
struct coremem_obs {
	struct gpugov_coremem_in in;
	u32 base_core_khz, base_mem_khz;
	u32 core_khz, mem_khz;
	double ratio;
};

/**
 * struct coremem_fit_result - what a fit did
 * @mape_before: MAPE of the starting description, fraction
 * @mape_after: MAPE of the result, fraction
 * @start: the starting point the result came from: 0 the caller's
 *	description, 1 + enum gpugov_coremem_gpu_id a built-in's constants
 * @evals: error evaluations spent
 */
struct coremem_fit_result {
	double mape_before, mape_after;
	unsigned int start;
	unsigned long evals;
};

/* coremem_fit() flags */
#define COREMEM_FIT_MEMS	BIT(0)	/* the moves span several memory clocks */
#define COREMEM_FIT_ALL		BIT(1)	/* not only the DRAM constants */

double coremem_fit_mape(const struct gpugov_coremem_params *p,
			const struct coremem_obs *o, size_t n);
void coremem_fit(struct gpugov_coremem_params *p, const struct coremem_obs *o,
		 size_t n, unsigned int flags, struct coremem_fit_result *r);
const char *const *coremem_fit_keys(unsigned int flags, size_t *n);

#endif /* GPUGOV_COREMEM_FIT_H */
