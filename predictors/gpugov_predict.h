/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpugov_predict.h - one interface for every performance model.
 *
 * A predictor takes the last interval's sample and estimates how long the
 * same work (the interval's busy part) would take at each OPP of a table,
 * in picoseconds.  Models that learn (the busy-only fallback, PCSTALL's
 * PC table) see every sample through gpugov_pred_observe(), whichever
 * model is in use, so that a fallback is warm when it is needed.
 */
#ifndef GPUGOV_PREDICT_H
#define GPUGOV_PREDICT_H

#include "gpugov_sample.h"
#include "gpugov_coremem.h"
#include "gpugov_pcstall.h"
#include "gpugov_fixed.h"

enum gpugov_pred_id {
	GPUGOV_PRED_STALL,
	GPUGOV_PRED_LEAD,
	GPUGOV_PRED_CRIT,
	GPUGOV_PRED_CRISP,
	GPUGOV_PRED_CRISP_L,
	GPUGOV_PRED_COREMEM,
	GPUGOV_PRED_BUSY,
	GPUGOV_PRED_PCSTALL,
	GPUGOV_NR_PRED,
};

#define GPUGOV_BUSY_HIST	8

/**
 * struct gpugov_busy_state - history of the busy-only fallback
 * @nr: valid points
 * @head: next slot to write
 * @khz: core clock of each point
 * @util: busy / interval of each point, Q24
 * @moved: the phase has run at more than one clock (it has been probed,
 *	or its slope seen), even if the history no longer shows it
 * @sat: the last sample with busy time and a clock was saturated
 */
struct gpugov_busy_state {
	u32 nr;
	u32 head;
	u32 khz[GPUGOV_BUSY_HIST];
	u64 util[GPUGOV_BUSY_HIST];
	bool moved;
	bool sat;
};

/**
 * struct gpugov_pred_state - per-device model state and parameters
 * @busy: learned history of the busy-only fallback
 * @coremem: GPU description used by the Wang & Chu core+memory model
 * @coremem_gpu: the built-in description @coremem was set from (enum
 *	gpugov_coremem_gpu_id), GPUGOV_CM_NR_GPUS for any other
 * @pcstall: PC table of the PCSTALL model (about 24 KiB)
 */
struct gpugov_pred_state {
	struct gpugov_busy_state busy;
	struct gpugov_coremem_params coremem;
	u32 coremem_gpu;
	struct gpugov_pcstall_state pcstall;
};

/**
 * struct gpugov_predictor - a performance model
 * @name: sysfs/CLI name
 * @caps: GPUGOV_CAP_* bits the model needs
 * @predict: fill @time_ps[i] with the predicted busy time at t->opp[i]
 * @bounded: optional: whether @predict's times for the sample are upper
 *	bounds of the same work's time rather than estimates (NULL: never)
 */
struct gpugov_predictor {
	const char *name;
	u32 caps;
	void (*predict)(const struct gpugov_pred_state *st,
			const struct gpugov_sample *s,
			const struct gpugov_opp_table *t, u64 *time_ps);
	bool (*bounded)(const struct gpugov_pred_state *st,
			const struct gpugov_sample *s,
			const struct gpugov_opp_table *t);
};

const struct gpugov_predictor *gpugov_predictor(enum gpugov_pred_id id);
int gpugov_predictor_find(const char *name, size_t len);
enum gpugov_pred_id gpugov_predictor_resolve(enum gpugov_pred_id wanted,
					     u32 caps);
void gpugov_pred_init(struct gpugov_pred_state *st);
void gpugov_pred_observe(struct gpugov_pred_state *st,
			 const struct gpugov_sample *s);
enum gpugov_pred_id gpugov_predict(const struct gpugov_pred_state *st,
				   enum gpugov_pred_id wanted,
				   const struct gpugov_sample *s,
				   const struct gpugov_opp_table *t,
				   u64 *time_ps);
bool gpugov_pred_bounded(const struct gpugov_pred_state *st,
			 enum gpugov_pred_id used,
			 const struct gpugov_sample *s,
			 const struct gpugov_opp_table *t);

/* Shared by the models: the sample's busy time and cycles, sanitised. */
u64 gpugov_busy_ps(const struct gpugov_sample *s);
bool gpugov_saturated(const struct gpugov_sample *s);
u64 gpugov_cyc_part_ps(const struct gpugov_sample *s, u64 cyc);
/**
 * gpugov_mem_ps() - memory-bound time moved to another memory clock
 * @s: sample, measured at s->mem_khz
 * @ps: the part of its busy time a core-clock model deems memory-bound
 * @to: the OPP predicted for
 *
 * The core-clock models (CRISP's and PCSTALL's) leave memory time unchanged,
 * which is right for a core-only DVFS domain.  Where an OPP also moves the
 * memory clock, keeping it unchanged would make every lower memory clock
 * look free; to first order DRAM latency and transfer time scale with the
 * memory clock period, so the memory-bound part is scaled by
 * mem_f1 / mem_f2.  (The core + memory model, Wang & Chu, models this
 * properly.)  Unchanged where either clock is unknown.  Inline: it runs
 * for every OPP, several times in CRISP.
 */
static inline u64 gpugov_mem_ps(const struct gpugov_sample *s, u64 ps,
				const struct gpugov_opp *to)
{
	if (!(s->caps & GPUGOV_CAP_MEM_KHZ) || !s->mem_khz || !to->mem_khz ||
	    to->mem_khz == s->mem_khz)
		return ps;
	return gpugov_scale_ps(ps, s->mem_khz, to->mem_khz);
}

/*
 * gpugov_linear_time_ps() at @to, given the sample's busy time @busy and
 * its memory part @mem <= @busy, which do not depend on the OPP: a model
 * computes them once per decision.
 */
static inline u64 gpugov_linear_at_ps(const struct gpugov_sample *s, u64 busy,
				      u64 mem, const struct gpugov_opp *to)
{
	return gpugov_sat_add(gpugov_mem_ps(s, mem, to),
			      gpugov_scale_ps(busy - mem, s->core_khz,
					      to->core_khz));
}

u64 gpugov_linear_time_ps(const struct gpugov_sample *s, u64 mem_cyc,
			  const struct gpugov_opp *to);

extern const struct gpugov_predictor gpugov_pred_stall;
extern const struct gpugov_predictor gpugov_pred_lead;
extern const struct gpugov_predictor gpugov_pred_crit;
extern const struct gpugov_predictor gpugov_pred_crisp;
extern const struct gpugov_predictor gpugov_pred_crisp_l;
extern const struct gpugov_predictor gpugov_pred_coremem;
extern const struct gpugov_predictor gpugov_pred_busy;
extern const struct gpugov_predictor gpugov_pred_pcstall;

void gpugov_busy_observe(struct gpugov_busy_state *b,
			 const struct gpugov_sample *s);

#endif /* GPUGOV_PREDICT_H */
