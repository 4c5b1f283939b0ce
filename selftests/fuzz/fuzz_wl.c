// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_wl.c - libFuzzer target: gpugov-sim's .wl workload parser
 * (tools/sim/workload.c, sim_parse.c; grammar in docs/workloads.md).
 *
 * The input is a workload file, read with the option line's scale=X as
 * --scale (values gpugov-sim refuses, scale <= 0, are skipped).  A
 * workload the parser accepts must be one the simulator can run without
 * checking it again: every index it will follow in range.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_sim_input.h"
#include "workload.h"

static void check_kernel(const struct sim_kernel *k)
{
	u32 i;

	FUZZ_CHECK(k->blocks >= 1 && k->wpb >= 1 && k->wpb <= 64);
	FUZZ_CHECK(k->ninst >= 2 && k->ninst <= SIM_MAX_INSTS);
	FUZZ_CHECK(k->inst[k->ninst - 1].op == OP_EXIT);
	FUZZ_CHECK(k->narr <= SIM_MAX_ARRAYS);
	for (i = 0; i < k->narr; i++) {
		const struct sim_array *a = &k->arr[i];

		FUZZ_CHECK(a->pattern <= PAT_TILE);
		FUZZ_CHECK(a->txn >= 1 && a->txn <= 32 && a->lines >= 1);
		FUZZ_CHECK(a->pattern != PAT_TILE ||
			   (a->tile >= 1 && a->tile <= a->lines));
	}
	for (i = 0; i < k->ninst; i++) {
		const struct sim_inst *in = &k->inst[i];
		u32 j;

		FUZZ_CHECK(in->op <= OP_ENDLOOP);
		FUZZ_CHECK(in->dst < SIM_NREG || in->dst == SIM_NOREG);
		FUZZ_CHECK(in->nsrc <= 3);
		for (j = 0; j < in->nsrc; j++)
			FUZZ_CHECK(in->src[j] < SIM_NREG);
		if (in->op == OP_LD || in->op == OP_ST)
			FUZZ_CHECK(in->arr < k->narr);
		if (in->op == OP_LDS || in->op == OP_STS)
			FUZZ_CHECK(in->conflict >= 1 && in->conflict <= 32);
		if (in->op == OP_LOOP)
			FUZZ_CHECK(in->lo <= in->hi && in->jump > i &&
				   in->jump < k->ninst &&
				   k->inst[in->jump - 1].op == OP_ENDLOOP);
		if (in->op == OP_ENDLOOP)
			FUZZ_CHECK(in->jump >= 1 && in->jump <= i &&
				   k->inst[in->jump - 1].op == OP_LOOP);
	}
}

static void check_workload(const struct sim_workload *w)
{
	u32 i;

	FUZZ_CHECK(w->nkern >= 1 && w->nkern <= SIM_MAX_KERNELS);
	FUZZ_CHECK(w->nlaunch >= 1 && w->nlaunch <= SIM_MAX_LAUNCH);
	for (i = 0; i < w->nlaunch; i++)
		FUZZ_CHECK(w->launch[i] < w->nkern);
	FUZZ_CHECK(w->nframe <= w->nlaunch);
	for (i = 0; i < w->nframe; i++)
		FUZZ_CHECK(w->frame_end[i] > (i ? w->frame_end[i - 1] : 0));
	FUZZ_CHECK(!w->nframe || w->frame_end[w->nframe - 1] == w->nlaunch);
	for (i = 0; i < w->nkern; i++)
		check_kernel(&w->kern[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_opts o;
	char *path = fuzz_sim_file(data, size, "in.wl", &o);
	struct sim_workload *w;
	char *err;

	if (!path)
		return 0;
	if (o.scale <= 0) {	/* gpugov-sim: "--scale must be > 0" */
		free(path);
		return 0;
	}
	w = malloc(sizeof(*w));
	err = fuzz_sim_err_buf();
	if (!w)
		abort();
	if (!sim_workload_load(w, path, o.scale, err))
		check_workload(w);
	else
		FUZZ_CHECK(err[0] && memchr(err, '\0', SIM_ERR_MAX));
	free(err);
	free(w);
	free(path);
	return 0;
}
