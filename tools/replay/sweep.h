/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sweep.h - reading sweep traces for the evaluation subcommands.
 */
#ifndef GPUGOV_SWEEP_H
#define GPUGOV_SWEEP_H

#include "trace.h"
#include "gpugov_predict.h"

/**
 * struct sweep - one loaded sweep trace
 * @path: file it came from
 * @name: workload name: the file's base name without extension
 * @t: the trace
 * @coremem: GPU description of the core+memory model for this trace:
 *	--coremem-gpu, else the header's coremem-gpu, else the default
 * @coremem_gpu: its enum gpugov_coremem_gpu_id (GPUGOV_CM_NR_GPUS: a file)
 */
struct sweep {
	const char *path;
	char name[64];
	struct gpugov_trace t;
	struct gpugov_coremem_params coremem;
	u32 coremem_gpu;
};

int trace_load_named(struct sweep *w, const char *path, char *err,
		     size_t errlen);
int sweep_load(struct sweep *w, const char *path, char *err, size_t errlen);
int sweep_open(struct sweep *w, const char *path, const char *cmd);
void sweep_free(struct sweep *w);
void sweep_pred_init(struct gpugov_pred_state *st, const struct sweep *w);
const struct gpugov_sample *sweep_sample(const struct sweep *w, u32 seg,
					 u32 opp);
u64 sweep_energy_pj(const struct sweep *w, u32 seg, u32 opp);
int sweep_work_time_ns(const struct sweep *w, u32 seg, u32 base, u32 opp,
		       double *ns);
void sweep_cost(const struct sweep *w, u32 seg, u32 opp, double *ns,
		double *pj);

#endif /* GPUGOV_SWEEP_H */
