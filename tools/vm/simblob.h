/* SPDX-License-Identifier: GPL-2.0 */
/*
 * simblob.h - build a gpugov_sim blob (drivers_glue/gpugov_simblob.h) in
 * userspace: the converter and the test generators share it.
 */
#ifndef GPUGOV_TOOLS_SIMBLOB_H
#define GPUGOV_TOOLS_SIMBLOB_H

#include <stdio.h>
#include "gpugov_simblob.h"

/**
 * struct simblob - a sweep in memory
 * @nr_opps: OPPs
 * @nr_segs: segments
 * @caps: GPUGOV_CAP_* of the counter fields
 * @opp: the OPPs, ascending
 * @rec: nr_segs * nr_opps * GPUGOV_SB_NR_FIELDS values
 */
struct simblob {
	u32 nr_opps;
	u32 nr_segs;
	u32 caps;
	struct gpugov_simblob_opp opp[GPUGOV_MAX_OPPS];
	u64 *rec;
};

int simblob_alloc(struct simblob *b, u32 nr_opps, u32 nr_segs);
u64 *simblob_rec(struct simblob *b, u32 seg, u32 opp);
int simblob_write(const struct simblob *b, FILE *f);
void simblob_free(struct simblob *b);

#endif /* GPUGOV_TOOLS_SIMBLOB_H */
