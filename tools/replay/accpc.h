/* SPDX-License-Identifier: GPL-2.0 */
/*
 * accpc.h - ACCPC (PCSTALL Table III, "Accurate Estimate, PC-Based"): the
 * PC-indexed prediction of PCSTALL with every table entry filled from the
 * fork-pre-executed truth instead of the STALL estimate.  The upper bound
 * of a PC-based predictor; evaluation only (no hardware knows the other
 * OPPs' outcomes), hence not in predictors/.
 */
#ifndef GPUGOV_ACCPC_H
#define GPUGOV_ACCPC_H

#include "sweep.h"

/* PCSTALL's default geometry (PCSTALL section 4.4; docs/pcstall.md) */
#define ACCPC_ENTRIES	128
#define ACCPC_SHIFT	4

/**
 * struct accpc - the table of accurate estimates
 * @valid: entry holds a line
 * @line: its PC >> ACCPC_SHIFT (the whole line: no aliasing of tags)
 * @rate: the true instructions per busy ns, at every OPP, of the last
 *	epoch that a wave of this line started
 * @hits: lookups (one per wave) that found their line
 * @lookups: lookups made
 */
struct accpc {
	bool valid[ACCPC_ENTRIES];
	u64 line[ACCPC_ENTRIES];
	double rate[ACCPC_ENTRIES][GPUGOV_MAX_OPPS];
	unsigned long hits, lookups;
};

void accpc_init(struct accpc *a);
void accpc_update(struct accpc *a, const struct sweep *w, u32 seg);
void accpc_predict(struct accpc *a, const struct sweep *w, u32 seg,
		   double *rate);
void epoch_rates(const struct sweep *w, u32 seg, double *rate);

#endif /* GPUGOV_ACCPC_H */
