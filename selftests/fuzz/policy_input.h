/* SPDX-License-Identifier: GPL-2.0 */
/*
 * policy_input.h - governor configuration and counter samples from bytes.
 */
#ifndef GPUGOV_FUZZ_POLICY_INPUT_H
#define GPUGOV_FUZZ_POLICY_INPUT_H

#include "fuzz_util.h"
#include "gpugov_policy.h"
#include "gpugov_predict.h"

int policy_input_table(struct fuzz_bytes *b, struct gpugov_opp_table *t);
void policy_input_params(struct fuzz_bytes *b, struct gpugov_policy_params *p,
			 struct gpugov_pred_state *st);
int policy_input_device(struct fuzz_bytes *b, struct gpugov_policy_params *p,
			struct gpugov_pred_state *st, enum gpugov_pred_id *wanted,
			struct gpugov_opp_table *t);
void policy_input_sample(struct fuzz_bytes *b,
			 const struct gpugov_opp_table *t,
			 struct gpugov_sample *s);

#endif /* GPUGOV_FUZZ_POLICY_INPUT_H */
