/* SPDX-License-Identifier: GPL-2.0 */
/*
 * evalloop.h - the closed loop of the `sensitivity` and `settle`
 * evaluations: one model and one policy stepped over an epoch sweep trace,
 * as `run` steps its gpugov policies, plus the evaluation-only model
 * ACCREAC, which `run` also replays; and the objectives' metrics and goal
 * rates, which `run` shares.
 */
#ifndef GPUGOV_EVALLOOP_H
#define GPUGOV_EVALLOOP_H

#include "sweep.h"
#include "accpc.h"
#include "gpugov_predict.h"
#include "gpugov_policy.h"

/*
 * ACCREAC (PCSTALL Table III, "Accurate Estimate, Reactive"): the next
 * epoch is predicted to behave exactly as the last one truly did at every
 * OPP, as the fork-pre-executed sweep measured it.  Not a practical model
 * (no hardware knows the other OPPs' outcomes), hence not in predictors/.
 */
#define MODEL_ACCREAC	GPUGOV_NR_PRED
/* ACCPC (PCSTALL Table III): accpc.h */
#define MODEL_ACCPC	(GPUGOV_NR_PRED + 1)
#define NR_MODELS	(GPUGOV_NR_PRED + 2)

/**
 * struct evalloop - one model and policy in the loop over one sweep
 * @w: the sweep trace
 * @model: enum gpugov_pred_id, or MODEL_ACCREAC
 * @par: policy parameters (objective included)
 * @st: the models' state, fed every epoch's sample in order
 * @ps: the objectives' state (GRAPE)
 * @acc: ACCPC's table
 * @next: the sample the model predicts from: the one at l->cur, with the
 *	waves of the run the sweep continues from (sweep_next_start())
 * @pc_hits: PCSTALL and ACCPC: waves whose next PC hit the table
 * @pc_lookups: lookups made
 * @d: the last decision; d.time_ps[] the predicted busy times
 * @cur: OPP of the epoch about to run
 * @ns: wall time so far (epochs rescaled to the top OPP's work, sweep_cost())
 * @pj: energy so far, rescaled alike
 * @work: instructions so far (the top OPP's, the work every policy is
 *	charged for)
 * @busy_ns: busy time that work took at the OPPs chosen
 */
struct evalloop {
	const struct sweep *w;
	int model;
	struct gpugov_policy_params par;
	struct gpugov_pred_state st;
	struct gpugov_policy_state ps;
	struct accpc acc;
	struct gpugov_sample next;
	unsigned long pc_hits, pc_lookups;
	struct gpugov_decision d;
	u32 cur;
	double ns, pj, work, busy_ns;
};

const char *model_name(int model);
int model_find(const char *name);
bool model_fits(int model, const struct sweep *w);
void evalloop_init(struct evalloop *l, const struct sweep *w, int model,
		   const struct gpugov_policy_params *par);
u32 evalloop_step(struct evalloop *l, u32 seg);
void accreac_times(const struct sweep *w, u32 seg, u32 cur, u64 *time_ps);
void sweep_next_start(const struct sweep *w, u32 seg, u32 cur,
		      struct gpugov_sample *out);
void static_totals(const struct sweep *w, u32 opp, double *ns, double *pj);
double objective_metric(enum gpugov_objective obj, double pj, double ns);
double goal_rate(const struct gpugov_grape_params *g, double work,
		 double top_busy_ns);
int epoch_sweep_open(struct sweep *w, const char *path, const char *cmd);

#endif /* GPUGOV_EVALLOOP_H */
