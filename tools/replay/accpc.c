// SPDX-License-Identifier: GPL-2.0
/*
 * accpc.c - ACCPC, PCSTALL's PC table filled with accurate estimates.
 *
 * PCSTALL section 5.3: "the second uses the accurate estimates to fill in
 * a table for the accurate, but not practical, PC-based predictor".  The
 * accurate estimate of an epoch is what the fork-pre-executed sweep
 * measured: its instructions per busy ns at every OPP.  The sweep measures
 * the domain, not each wave, so every wave resident at the end of epoch n
 * files the domain's curve under the PC at which it started the epoch
 * (`pc_start`, the same at every OPP: all runs of an epoch start from one
 * snapshot); the last epoch to write a line wins, as in PCSTALL's
 * direct-mapped table.  For epoch n + 1 each wave looks up the PC where it
 * resumes and the prediction is the mean over the waves of their lines'
 * curves; a wave that misses contributes epoch n's own curve (ACCREAC),
 * as a PCSTALL miss falls back to the wave's last value.
 *
 * Where epoch n + 1 starts: a sweep continues from the run at the top OPP
 * (gpugov-sim sweep's default), so the waves and their `pc_end` are those
 * of the top OPP's record of epoch n, whatever OPP a policy chose.
 */
#include <string.h>
#include "accpc.h"

void accpc_init(struct accpc *a)
{
	memset(a, 0, sizeof(*a));
}

/* @rate[i]: epoch @seg's instructions per busy ns at OPP i (0: no busy time). */
void epoch_rates(const struct sweep *w, u32 seg, double *rate)
{
	u32 i;

	for (i = 0; i < w->t.hdr.opps.nr; i++) {
		const struct gpugov_sample *s = sweep_sample(w, seg, i);

		rate[i] = s->busy_ns ? (double)s->insts / (double)s->busy_ns : 0;
	}
}

static u32 accpc_index(u64 line)
{
	return (u32)(line % ACCPC_ENTRIES);
}

/* File epoch @seg's true curve under every resident wave's starting PC. */
void accpc_update(struct accpc *a, const struct sweep *w, u32 seg)
{
	const struct gpugov_sample *s = sweep_sample(w, seg, w->t.hdr.opps.nr - 1);
	double rate[GPUGOV_MAX_OPPS];
	u32 k, nr = s->nr_waves < GPUGOV_MAX_WAVES ? s->nr_waves : GPUGOV_MAX_WAVES;

	epoch_rates(w, seg, rate);
	for (k = 0; k < nr; k++) {
		u64 line = s->waves[k].pc_start >> ACCPC_SHIFT;
		u32 idx = accpc_index(line);

		a->valid[idx] = true;
		a->line[idx] = line;
		memcpy(a->rate[idx], rate, sizeof(rate));
	}
}

/*
 * @rate[i]: the predicted instructions per busy ns of epoch @seg + 1 at
 * OPP i, from the lines of the PCs where its waves start (see the top).
 */
void accpc_predict(struct accpc *a, const struct sweep *w, u32 seg, double *rate)
{
	const struct gpugov_sample *s = sweep_sample(w, seg, w->t.hdr.opps.nr - 1);
	u32 k, i, n = w->t.hdr.opps.nr;
	u32 nr = s->nr_waves < GPUGOV_MAX_WAVES ? s->nr_waves : GPUGOV_MAX_WAVES;
	double own[GPUGOV_MAX_OPPS];

	epoch_rates(w, seg, own);
	if (!nr) {
		memcpy(rate, own, n * sizeof(*rate));
		return;
	}
	memset(rate, 0, n * sizeof(*rate));
	for (k = 0; k < nr; k++) {
		u64 line = s->waves[k].pc_end >> ACCPC_SHIFT;
		u32 idx = accpc_index(line);
		const double *src = own;

		a->lookups++;
		if (a->valid[idx] && a->line[idx] == line) {
			a->hits++;
			src = a->rate[idx];
		}
		for (i = 0; i < n; i++)
			rate[i] += src[i] / nr;
	}
}
