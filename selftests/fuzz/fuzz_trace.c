// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_trace.c - libFuzzer target: the trace v1 reader and writer
 * (tools/common/trace.c).
 *
 * Arbitrary bytes go to gpugov_trace_load_file().  If they are accepted:
 *  - round trip: the trace is written back with the writer, re-read, and
 *    must come back identical (header, every record, every wave);
 *  - spec numbers: the same text with every number rewritten in plain
 *    decimal (trace_canon.c, docs/trace-format.md) must be read alike.
 * The name given to the reader is the option line's path=N long, for the
 * error messages that quote it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "trace.h"
#include "trace_canon.h"

static int load_mem(const char *text, size_t len, const char *name,
		    struct gpugov_trace *t)
{
	char err[GPUGOV_TRACE_ERR_MAX];
	FILE *f;
	int rc;

	/* fmemopen() refuses a zero size before glibc 2.22 */
	f = len ? fmemopen((void *)text, len, "r") : fopen("/dev/null", "r");
	if (!f)
		abort();
	rc = gpugov_trace_load_file(f, name, t, err, sizeof(err));
	fclose(f);
	return rc;
}

static void check_same(const struct gpugov_trace *a,
		       const struct gpugov_trace *b)
{
	const struct gpugov_trace_hdr *x = &a->hdr, *y = &b->hdr;
	u32 i, j;

	FUZZ_CHECK(x->version == y->version && x->kind == y->kind);
	FUZZ_CHECK(x->interval == y->interval);
	FUZZ_CHECK(x->interval_size == y->interval_size);
	FUZZ_CHECK(x->caps == y->caps);
	FUZZ_CHECK(!strcmp(x->device, y->device));
	FUZZ_CHECK(!strcmp(x->source, y->source));
	FUZZ_CHECK(!strcmp(x->replay_options, y->replay_options));
	FUZZ_CHECK(x->allowed == y->allowed);
	FUZZ_CHECK(x->opps.nr == y->opps.nr);
	FUZZ_CHECK(!memcmp(x->opps.opp, y->opps.opp,
			   x->opps.nr * sizeof(x->opps.opp[0])));
	FUZZ_CHECK(a->nr_rec == b->nr_rec && a->nr_seg == b->nr_seg);
	for (i = 0; i < a->nr_rec; i++) {
		const struct gpugov_trace_rec *r = gpugov_trace_rec_at(a, i);
		const struct gpugov_trace_rec *s = gpugov_trace_rec_at(b, i);

		/* everything before the waves is padding-free */
		FUZZ_CHECK(!memcmp(r, s, offsetof(struct gpugov_trace_rec,
						  s.waves)));
		for (j = 0; j < r->s.nr_waves; j++) {
			const struct gpugov_wave *v = &r->s.waves[j];
			const struct gpugov_wave *w = &s->s.waves[j];

			FUZZ_CHECK(v->pc_start == w->pc_start &&
				   v->pc_end == w->pc_end &&
				   v->insts == w->insts &&
				   v->stall_cyc == w->stall_cyc &&
				   v->core_cyc == w->core_cyc &&
				   v->age_rank == w->age_rank);
		}
	}
}

static void round_trip(const struct gpugov_trace *t, const char *name)
{
	struct gpugov_trace back;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	u32 i;

	if (!f)
		abort();
	/* Every trace the reader accepts, the writer can write. */
	FUZZ_CHECK(!gpugov_trace_write_header(f, &t->hdr));
	for (i = 0; i < t->nr_rec; i++)
		FUZZ_CHECK(!gpugov_trace_write_rec(f, &t->hdr,
						   gpugov_trace_rec_at(t, i)));
	fclose(f);
	FUZZ_CHECK(!load_mem(buf, len, name, &back));
	check_same(t, &back);
	gpugov_trace_free(&back);
	free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gpugov_trace t, canon_t;
	struct fuzz_opts o;
	size_t off = fuzz_opts_parse(data, size, &o), clen;
	const char *text = (const char *)data + off;
	char *name = fuzz_padded_path("/fuzz/in.trace", o.path_len);
	char *canon;
	int ok, canon_ok;

	size -= off;
	ok = !load_mem(text, size, name, &t);
	canon = trace_canon(text, size, &clen);
	if (canon) {
		canon_ok = !load_mem(canon, clen, name, &canon_t);
		/*
		 * "010" is ten, not eight.  A reader may refuse odd forms
		 * ("08", "010") outright, but what it accepts, it must read
		 * as the spec says.
		 */
		FUZZ_CHECK(!ok || canon_ok);
		if (ok)
			check_same(&t, &canon_t);
		if (canon_ok)
			gpugov_trace_free(&canon_t);
		free(canon);
	}
	if (ok) {
		round_trip(&t, name);
		gpugov_trace_free(&t);
	}
	free(name);
	return 0;
}
