/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ondemand.h - the kernel's simple_ondemand devfreq governor, reimplemented
 * with the same integer arithmetic for offline comparison.
 */
#ifndef GPUGOV_ONDEMAND_H
#define GPUGOV_ONDEMAND_H

#include "gpugov_sample.h"

/**
 * struct ondemand_params - simple_ondemand tunables
 * @upthreshold: load (%) above which the top OPP is used (kernel: 90)
 * @downdifferential: hysteresis below it (kernel: 5; panfrost uses 45/5)
 */
struct ondemand_params {
	unsigned int upthreshold;
	unsigned int downdifferential;
};

unsigned long long ondemand_target_hz(const struct ondemand_params *p,
				      unsigned long long busy,
				      unsigned long long total,
				      unsigned long long cur_hz);
u32 ondemand_round_up(const struct gpugov_opp_table *t,
		      unsigned long long hz);

#endif /* GPUGOV_ONDEMAND_H */
