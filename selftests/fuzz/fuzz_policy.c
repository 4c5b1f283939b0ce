// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_policy.c - libFuzzer target: predictors/ as the governor runs them.
 *
 * One input is one device: a configuration (objective, model, GRAPE
 * target, PCSTALL table geometry, power model), an OPP table, then a
 * sequence of counter samples (policy_input.c), each run through the
 * governor's poll step - gpugov_pred_observe(), gpugov_predict(),
 * gpugov_decision_predict(), gpugov_decide() - with the models' state carried
 * from one to the next: the busy-only history, PCSTALL's PC-indexed
 * table (PCSTALL section 4), GRAPE's Kalman filter and controller
 * (GRAPE Alg. 1-3), the deadline learner.  Every step must choose an OPP of the table with a model the
 * sample has the counters for, and nothing may trap or be undefined.
 */
#include "policy_input.h"

#define MAX_STEPS	512

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct gpugov_pred_state st;
	static struct gpugov_sample s;
	static struct gpugov_decision d;
	struct fuzz_bytes b = { data, size };
	struct gpugov_policy_params p;
	struct gpugov_policy_state ps;
	struct gpugov_opp_table t;
	enum gpugov_pred_id wanted, used;
	int step;

	if (policy_input_device(&b, &p, &st, &wanted, &t))
		return 0;
	gpugov_policy_state_init(&ps);
	for (step = 0; step < MAX_STEPS && b.left; step++) {
		u8 ctl = fuzz_u8(&b);

		if (ctl == 0xff)	/* resume: work in flight is forgotten */
			gpugov_policy_restart(&ps);
		policy_input_sample(&b, &t, &s);
		gpugov_pred_observe(&st, &s);
		used = gpugov_decision_predict(&st, wanted, &s, &t, &d);
		FUZZ_CHECK(used < GPUGOV_NR_PRED);
		FUZZ_CHECK((gpugov_predictor(used)->caps & s.caps) ==
			   gpugov_predictor(used)->caps);
		gpugov_decide(&p, &ps, &t, &s, &d);
		FUZZ_CHECK(d.chosen < t.nr);
		FUZZ_CHECK(d.best < t.nr && d.cur < t.nr);
		FUZZ_CHECK(d.reason < GPUGOV_NR_REASON);
	}
	return 0;
}
