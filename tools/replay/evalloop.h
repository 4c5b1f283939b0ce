/* SPDX-License-Identifier: GPL-2.0 */
/*
 * evalloop.h - the closed loop of the `sensitivity` and `settle`
 * evaluations: one model and one policy stepped over an epoch sweep trace,
 * as `run` steps its gpugov policies, plus the evaluation-only model
 * ACCREAC; and the objectives' metrics and goal rates, which `run` shares.
 */
#ifndef GPUGOV_EVALLOOP_H
#define GPUGOV_EVALLOOP_H

#include "sweep.h"
#include "gpugov_predict.h"
#include "gpugov_policy.h"

/*
 * ACCREAC (PCSTALL Table III, "Accurate Estimate, Reactive"): the next
 * epoch is predicted to behave exactly as the last one truly did at every
 * OPP, as the fork-pre-executed sweep measured it.  Not a practical model
 * (no hardware knows the other OPPs' outcomes), hence not in predictors/.
 */
#define MODEL_ACCREAC	GPUGOV_NR_PRED
#define NR_MODELS	(GPUGOV_NR_PRED + 1)

/**
 * struct evalloop - one model and policy in the loop over one sweep
 * @w: the sweep trace
 * @model: enum gpugov_pred_id, or MODEL_ACCREAC
 * @par: policy parameters (objective included)
 * @st: the models' state, fed every epoch's sample in order
 * @ps: the objectives' state (GRAPE)
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
void static_totals(const struct sweep *w, u32 opp, double *ns, double *pj);
double objective_metric(enum gpugov_objective obj, double pj, double ns);
double goal_rate(const struct gpugov_grape_params *g, double work,
		 double top_busy_ns);
int epoch_sweep_open(struct sweep *w, const char *path, const char *cmd);

#endif /* GPUGOV_EVALLOOP_H */
