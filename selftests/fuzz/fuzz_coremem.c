// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_coremem.c - libFuzzer target: the core+memory model's GPU
 * description files (tools/common/coremem_gpu.c, `--coremem-gpu FILE`;
 * format in docs/coremem.md) and the model on what they describe
 * (predictors/gpugov_coremem.c).
 *
 * The input is a description file, given as the tools give it
 * (coremem_gpu_select()).  A refused file must be named in the message.
 * An accepted one must be usable (gpugov_coremem_params_ok()) and survive
 * the round trip: written with coremem_gpu_write(), read again, written
 * again, the two files are the same, so every key reads back as it was.
 * Then the model predicts on it: the input's bytes, read once more as an
 * OPP table and samples (policy_input.c), go through the coremem model
 * with the counters it needs; nothing may trap or be undefined.
 */
#include <stdlib.h>
#include <string.h>

#include "coremem_gpu.h"
#include "policy_input.h"

#define SAMPLES	16

/* @p written as a description file, in memory; its length in @len. */
static char *write_desc(const struct gpugov_coremem_params *p, size_t *len)
{
	char *text;
	FILE *f = open_memstream(&text, len);

	if (!f)
		abort();
	FUZZ_CHECK(!coremem_gpu_write(f, p));
	if (fclose(f))
		abort();
	return text;
}

static void round_trip(const struct gpugov_coremem_params *p)
{
	struct gpugov_coremem_params again;
	char err[COREMEM_GPU_ERR_MAX], *a, *b, *path;
	size_t alen, blen;
	int rc;

	a = write_desc(p, &alen);
	path = fuzz_write_file("again.cm", (const uint8_t *)a, alen);
	rc = coremem_gpu_parse_file(path, &again, err, sizeof(err));
	if (rc)
		fprintf(stderr, "%s\n", err);
	FUZZ_CHECK(!rc);
	b = write_desc(&again, &blen);
	FUZZ_CHECK(alen == blen && !memcmp(a, b, alen));
	free(b);
	free(path);
	free(a);
}

static void predict(const struct gpugov_coremem_params *p, const uint8_t *data,
		    size_t size)
{
	static struct gpugov_pred_state st;
	static struct gpugov_sample s;
	const u32 need = gpugov_predictor(GPUGOV_PRED_COREMEM)->caps;
	struct fuzz_bytes b = { data, size };
	struct gpugov_opp_table t;
	u64 tp[GPUGOV_MAX_OPPS];
	int i;

	if (policy_input_table(&b, &t))
		return;
	gpugov_pred_init(&st);
	st.coremem = *p;
	st.coremem_gpu = GPUGOV_CM_NR_GPUS;
	for (i = 0; i < SAMPLES && b.left; i++) {
		policy_input_sample(&b, &t, &s);
		s.caps |= need;
		gpugov_pred_observe(&st, &s);
		FUZZ_CHECK(gpugov_predict(&st, GPUGOV_PRED_COREMEM, &s, &t, tp) ==
			   GPUGOV_PRED_COREMEM);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_opts o;
	size_t off = fuzz_opts_parse(data, size, &o);
	char *file = fuzz_write_file("desc.cm", data + off, size - off);
	char *path = fuzz_padded_path(file, o.path_len);
	char err[COREMEM_GPU_ERR_MAX];
	struct coremem_gpu_sel sel;

	memset(&sel, 0, sizeof(sel));
	err[0] = '\0';
	if (coremem_gpu_select(path, &sel, err, sizeof(err))) {
		FUZZ_CHECK(fuzz_names_path(err, path));
	} else {
		FUZZ_CHECK(sel.set && sel.id == GPUGOV_CM_NR_GPUS);
		FUZZ_CHECK(gpugov_coremem_params_ok(&sel.p));
		round_trip(&sel.p);
		predict(&sel.p, data, size);
	}
	free(path);
	free(file);
	return 0;
}
