/* SPDX-License-Identifier: GPL-2.0 */
/*
 * extseq.h - OPP sequences chosen elsewhere (the kernel, another tool), in
 * the `run --sequence` CSV format, to be costed like any policy.
 */
#ifndef GPUGOV_EXTSEQ_H
#define GPUGOV_EXTSEQ_H

#include "gpugov_shim.h"

/**
 * struct extseq - one external policy's OPPs over one workload
 * @workload: trace name it belongs to
 * @policy: its name
 * @order: its place among the file's sequences, by first row
 * @n: segments given (segment i's OPP is @opp[i])
 * @cap: allocated entries
 * @opp: the OPPs
 */
struct extseq {
	char workload[64];
	char policy[40];
	u32 order;
	u32 n, cap;
	u32 *opp;
};

/**
 * struct extseq_set - every sequence of a file, sorted by workload and,
 *	within one, in the file's order (extseq_find())
 * @nr: sequences
 * @cap: allocated
 * @seq: the sequences
 */
struct extseq_set {
	u32 nr, cap;
	struct extseq *seq;
};

int extseq_load(const char *path, struct extseq_set *set);
const struct extseq *extseq_find(const struct extseq_set *set, const char *workload,
				 u32 *nr);
void extseq_free(struct extseq_set *set);

#endif /* GPUGOV_EXTSEQ_H */
