/* SPDX-License-Identifier: GPL-2.0 */
/*
 * openloop.h - open-loop accuracy of the predictors on a segment sweep
 * trace: from the counters at the fastest OPP, predict every segment's
 * time at every other OPP and compare with the simulated truth.
 */
#ifndef SIM_OPENLOOP_H
#define SIM_OPENLOOP_H

#include "gpugov_predict.h"
#include "trace.h"

/**
 * struct sim_openloop - errors of every predictor on one trace
 * @n: (segment, target OPP) pairs evaluated
 * @sum_ape: sum of |predicted - true| / true over them
 * @max_ape: largest of them
 * @fallback: the predictor fell back to another model this many times
 */
struct sim_openloop {
	u64 n;
	double sum_ape[GPUGOV_NR_PRED];
	double max_ape[GPUGOV_NR_PRED];
	u64 fallback[GPUGOV_NR_PRED];
};

int sim_openloop_trace(const struct gpugov_trace *t, struct sim_openloop *r,
		       char *err, size_t errlen);

#endif /* SIM_OPENLOOP_H */
