/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sweep.h - ground truth: every interval re-run from one snapshot at
 * every OPP (PCSTALL section 5.1, fork-pre-execute), written as a sweep
 * trace, with the per-interval oracle.
 */
#ifndef SIM_SWEEP_H
#define SIM_SWEEP_H

#include <stdio.h>
#include "gpu.h"

enum sim_objective {
	SIM_OBJ_ENERGY,
	SIM_OBJ_EDP,
	SIM_OBJ_ED2P,
	SIM_NR_OBJ,
};

/* How the simulation continues after each interval. */
enum sim_follow {
	SIM_FOLLOW_TOP,		/* from the run at the fastest OPP */
	SIM_FOLLOW_ORACLE,	/* from the run at the oracle's choice */
};

/**
 * struct sim_sweep_opts - what to sweep
 * @interval: GPUGOV_INTERVAL_SEGMENT (size = warp instructions) or
 *	GPUGOV_INTERVAL_EPOCH (size = ns)
 * @size: interval size
 * @frames: segments are the workload's frames instead (interval
 *	GPUGOV_INTERVAL_SEGMENT, size 0: the work differs per segment)
 * @follow: which run the simulation continues from
 * @follow_obj: the oracle objective for SIM_FOLLOW_ORACLE
 * @trace: sweep trace output, or NULL
 * @oracle: per-interval oracle output, or NULL
 * @sm_trace: per-SM sweep traces, one per SM of the GPU (header key
 *	"domain sm ID COUNT"; records of that SM alone, all its waves), or
 *	NULL
 * @source: text for the trace header's source line
 */
struct sim_sweep_opts {
	enum gpugov_interval_kind interval;
	u64 size;
	bool frames;
	enum sim_follow follow;
	enum sim_objective follow_obj;
	FILE *trace;
	FILE *oracle;
	FILE *const *sm_trace;
	const char *source;
};

/**
 * struct sim_sweep_result - totals of a sweep
 * @intervals: intervals simulated
 * @insts: warp instructions simulated over all re-runs
 * @top_ns, @top_pj: time and energy of the run at the fastest OPP
 * @oracle_ns, @oracle_pj: per objective, with the oracle's OPP in every
 *	interval
 */
struct sim_sweep_result {
	u64 intervals;
	u64 insts;
	double top_ns, top_pj;
	double oracle_ns[SIM_NR_OBJ], oracle_pj[SIM_NR_OBJ];
};

extern const char *const sim_objective_names[SIM_NR_OBJ];

int sim_sweep(struct sim *x, const struct sim_sweep_opts *o,
	      struct sim_sweep_result *res, char *err);
double sim_metric(enum sim_objective obj, double pj, double ns,
		  double insts);

#endif /* SIM_SWEEP_H */
