/* SPDX-License-Identifier: GPL-2.0 */
/*
 * allowed.h - the OPPs a device allows over a replay (`run --allowed`,
 * `--allowed-schedule`): a thermal cap, a PM QoS floor, sysfs
 * min_freq/max_freq, as the governor reads them at every poll.
 */
#ifndef GPUGOV_ALLOWED_H
#define GPUGOV_ALLOWED_H

#include "gpugov_policy.h"

/**
 * struct allowed_step - from segment @seg on, OPPs @r are allowed
 * @seg: first segment of the step
 * @r: allowed OPP indices (brought into the trace's table when used)
 */
struct allowed_step {
	u32 seg;
	struct gpugov_opp_range r;
};

/**
 * struct allowed_sched - the steps, segments strictly ascending; before
 *	the first step (and with none), every OPP is allowed
 * @nr: steps
 * @cap: allocated steps
 * @step: the steps
 */
struct allowed_sched {
	u32 nr, cap;
	struct allowed_step *step;
};

int allowed_parse_range(const char *arg, struct allowed_sched *a);
int allowed_load(const char *path, struct allowed_sched *a);
void allowed_at(const struct allowed_sched *a, u32 seg, u32 nr_opps,
		struct gpugov_opp_range *r);
void allowed_free(struct allowed_sched *a);

#endif /* GPUGOV_ALLOWED_H */
