// SPDX-License-Identifier: GPL-2.0
/*
 * test_trace.c - trace format v1: round trips of sample and sweep traces,
 * tolerance of unknown columns and lines, refusal of other versions, and
 * errors that name the file and line; the per-SM traces' "domain" key;
 * a recording's allowed OPPs per record and its replay-options line.
 */
#include <malloc.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "rng.h"
#include "trace.h"

static void fill_table(struct gpugov_opp_table *t, u32 n)
{
	u32 i;

	memset(t, 0, sizeof(*t));
	t->nr = n;
	for (i = 0; i < n; i++) {
		t->opp[i].core_khz = 100000 * (i + 1);
		t->opp[i].uv = 550000 + 75000 * i;
	}
}

static void fill_rec(struct gpugov_trace_rec *r, const struct gpugov_trace_hdr *h,
		     u32 seg, u32 opp, u32 nwaves)
{
	u32 i;

	memset(r, 0, sizeof(*r));
	r->seg = seg;
	r->opp = opp;
	r->energy_pj = rng_u64() >> 20;
	r->s.core_khz = h->opps.opp[opp].core_khz;
	r->s.mem_khz = 924000;
	r->s.interval_ns = 1 + (rng_u64() >> 40);
	r->s.busy_ns = r->s.interval_ns - (r->s.interval_ns >> 3);
	r->s.caps = h->caps;
	r->s.insts = rng_u64() >> 30;
	r->s.load_stall_cyc = rng_u64() >> 40;
	r->s.store_stall_cyc = rng_u64() >> 40;
	r->s.lcp_cyc = rng_u64() >> 38;
	r->s.load_out_cyc = rng_u64() >> 38;
	r->s.lead_cyc = rng_u64() >> 39;
	r->s.crit_cyc = rng_u64() >> 39;
	r->s.dram_txn = rng_u64() >> 44;
	r->s.l2_hits = rng_u64() >> 45;
	r->s.l2_txn = rng_u64() >> 43;
	r->s.gld_txn = rng_u64() >> 44;
	r->s.gst_txn = rng_u64() >> 44;
	r->s.mem_insts = rng_u64() >> 44;
	r->s.shm_txn = rng_u64() >> 44;
	r->s.warps = rng_u64() >> 54;
	r->s.occupancy_q16 = rng_u64() >> 48;
	r->s.energy_uj = r->energy_pj / 1000000;
	r->s.nr_waves = nwaves;
	for (i = 0; i < nwaves; i++) {
		struct gpugov_wave *w = &r->s.waves[i];

		w->pc_start = rng_u64() >> 40;
		w->pc_end = rng_u64() >> 40;
		w->insts = rng_u64() >> 50;
		w->stall_cyc = rng_u64() >> 50;
		w->core_cyc = rng_u64() >> 50;
		w->age_rank = i;
	}
	if (!nwaves)
		r->s.caps &= ~GPUGOV_CAP_WAVES;
}

static int rec_equal(const struct gpugov_trace_rec *a,
		     const struct gpugov_trace_rec *b)
{
	/* Compare field by field up to the valid waves (padding aside). */
	const struct gpugov_sample *x = &a->s, *y = &b->s;
	u32 i;

	if (a->seg != b->seg || a->opp != b->opp ||
	    a->energy_pj != b->energy_pj || x->nr_waves != y->nr_waves ||
	    x->caps != y->caps || x->interval_ns != y->interval_ns ||
	    x->busy_ns != y->busy_ns || x->core_khz != y->core_khz ||
	    x->mem_khz != y->mem_khz || x->insts != y->insts ||
	    x->load_stall_cyc != y->load_stall_cyc ||
	    x->store_stall_cyc != y->store_stall_cyc ||
	    x->lcp_cyc != y->lcp_cyc || x->load_out_cyc != y->load_out_cyc ||
	    x->lead_cyc != y->lead_cyc || x->crit_cyc != y->crit_cyc ||
	    x->dram_txn != y->dram_txn || x->l2_hits != y->l2_hits ||
	    x->l2_txn != y->l2_txn || x->gld_txn != y->gld_txn ||
	    x->gst_txn != y->gst_txn || x->mem_insts != y->mem_insts ||
	    x->shm_txn != y->shm_txn || x->warps != y->warps ||
	    x->occupancy_q16 != y->occupancy_q16 ||
	    x->energy_uj != y->energy_uj)
		return 0;
	for (i = 0; i < x->nr_waves; i++) {
		const struct gpugov_wave *v = &x->waves[i], *w = &y->waves[i];

		if (v->pc_start != w->pc_start || v->pc_end != w->pc_end ||
		    v->insts != w->insts || v->stall_cyc != w->stall_cyc ||
		    v->core_cyc != w->core_cyc || v->age_rank != w->age_rank)
			return 0;
	}
	return 1;
}

/* Parse @text as a trace named "fixture"; returns 0/-1, err filled. */
static int load_text(const char *text, struct gpugov_trace *t, char *err)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	int rc;

	rc = gpugov_trace_load_file(f, "fixture", t, err, GPUGOV_TRACE_ERR_MAX);
	fclose(f);
	return rc;
}

static void test_sweep_round_trip(void)
{
	enum { NSEG = 5, NOPP = 7 };
	static struct gpugov_trace_rec in[NSEG * NOPP];
	struct gpugov_trace_hdr h;
	struct gpugov_trace t;
	char err[GPUGOV_TRACE_ERR_MAX], *buf = NULL;
	size_t len = 0;
	FILE *f;
	u32 s, o, bad = 0;
	int rc;

	gpugov_trace_hdr_init(&h, GPUGOV_TRACE_SWEEP, GPUGOV_INTERVAL_SEGMENT,
			      200000);
	strcpy(h.device, "test-gpu");
	strcpy(h.source, "test_trace seed=1");
	fill_table(&h.opps, NOPP);
	f = open_memstream(&buf, &len);
	rc = gpugov_trace_write_header(f, &h);
	for (s = 0; s < NSEG; s++)
		for (o = 0; o < NOPP; o++) {
			fill_rec(&in[s * NOPP + o], &h, s, o, (s * 7 + o) % 65);
			rc |= gpugov_trace_write_rec(f, &h, &in[s * NOPP + o]);
		}
	fclose(f);
	tap_ok(!rc, "sweep trace written");

	rc = load_text(buf, &t, err);
	if (!tap_ok(!rc, "sweep trace read back"))
		tap_diag("%s", err);
	if (rc) {
		free(buf);
		return;
	}
	tap_ok(t.nr_seg == NSEG && t.nr_rec == NSEG * NOPP,
	       "sweep has %u segments of %u OPPs", t.nr_seg, t.hdr.opps.nr);
	tap_ok(!strcmp(t.hdr.device, "test-gpu") &&
	       !strcmp(t.hdr.source, "test_trace seed=1") &&
	       t.hdr.interval == GPUGOV_INTERVAL_SEGMENT &&
	       t.hdr.interval_size == 200000 &&
	       !memcmp(&t.hdr.opps, &h.opps, sizeof(h.opps)),
	       "header round-trips");
	tap_ok(t.hdr.caps == GPUGOV_CAP_ALL, "all caps found (0x%x)",
	       t.hdr.caps);
	for (s = 0; s < NSEG; s++)
		for (o = 0; o < NOPP; o++)
			bad += !rec_equal(gpugov_trace_sweep_at(&t, s, o),
					  &in[s * NOPP + o]);
	tap_ok(!bad, "every (segment, OPP) record round-trips (%u differ)", bad);
	tap_ok(!gpugov_trace_sweep_at(&t, NSEG, 0) &&
	       !gpugov_trace_sweep_at(&t, 0, NOPP), "out-of-range lookups fail");
	gpugov_trace_free(&t);

	/* Drop the last record: the trace ends inside a segment. */
	*strrchr(buf, 'r') = '\0';
	rc = load_text(buf, &t, err);
	tap_ok(rc && strstr(err, "fixture:") && strstr(err, "ends inside segment"),
	       "truncated sweep refused: %s", err);
	free(buf);
}

static void test_sample_subset(void)
{
	struct gpugov_trace_hdr h;
	struct gpugov_trace_rec in[3];
	struct gpugov_trace t;
	char err[GPUGOV_TRACE_ERR_MAX], *buf = NULL;
	size_t len = 0;
	FILE *f;
	u32 i, bad = 0;

	/* A stock driver: busy/total only. */
	gpugov_trace_hdr_init(&h, GPUGOV_TRACE_SAMPLE, GPUGOV_INTERVAL_POLL,
			      50000000);
	h.caps = 0;
	strcpy(h.device, "panfrost");
	fill_table(&h.opps, 4);
	f = open_memstream(&buf, &len);
	gpugov_trace_write_header(f, &h);
	for (i = 0; i < 3; i++) {
		fill_rec(&in[i], &h, i, i + 1, 0);
		gpugov_trace_write_rec(f, &h, &in[i]);
	}
	fclose(f);
	if (!tap_ok(!load_text(buf, &t, err), "busy-only sample trace read"))
		tap_diag("%s", err);
	tap_ok(t.hdr.caps == 0 && t.nr_rec == 3, "no optional caps, 3 records");
	for (i = 0; i < t.nr_rec; i++) {
		const struct gpugov_trace_rec *r = gpugov_trace_rec_at(&t, i);

		bad += r->s.busy_ns != in[i].s.busy_ns || r->opp != in[i].opp ||
		       r->s.insts || r->s.caps;
	}
	bad += gpugov_trace_rec_at(&t, 3) != NULL;
	tap_ok(!bad, "busy/total and OPP round-trip, absent counters are 0");
	gpugov_trace_free(&t);
	free(buf);
}

static const char fixture_extra[] =
	"# a trace from a newer writer\n"
	"gpugov-trace 1\n"
	"device dev0\n"
	"kind sample\n"
	"interval poll 10000000\n"
	"colour blue            # unknown header key\n"
	"opp 200000 0 600000 0\n"
	"opp 400000 0 700000 0\n"
	"opp 800000 0 900000 0\n"
	"columns busy_ns temperature core_khz interval_ns insts\n"
	"data\n"
	"r 5000000 55 400000 10000000 1234\n"
	"x something a later version writes\n"
	"\n"
	"r 7000000 56 790000 10000000 99   # comment\n";

static void test_unknown_ignored(void)
{
	const struct gpugov_trace_rec *r0, *r1;
	struct gpugov_trace t;
	char err[GPUGOV_TRACE_ERR_MAX];
	int rc = load_text(fixture_extra, &t, err);

	if (!tap_ok(!rc, "unknown header keys, columns and lines ignored"))
		tap_diag("%s", err);
	if (rc)
		return;
	r0 = gpugov_trace_rec_at(&t, 0);
	r1 = gpugov_trace_rec_at(&t, 1);
	tap_ok(t.nr_rec == 2 && r0->s.busy_ns == 5000000 &&
	       r0->s.insts == 1234 && r1->s.core_khz == 790000,
	       "known columns read by name in any order");
	tap_ok(r0->opp == 1 && r1->opp == 2,
	       "without an opp column, records map to the nearest OPP");
	tap_ok(r0->seg == 0 && r1->seg == 1,
	       "without a seg column, sample records are numbered");
	tap_ok(t.hdr.caps == GPUGOV_CAP_INSTS && r0->s.caps == GPUGOV_CAP_INSTS,
	       "caps follow the columns present");
	gpugov_trace_free(&t);
}

/*
 * A recording's allowed_lo/allowed_hi columns and replay-options line
 * round-trip; without the columns every OPP is allowed; a range outside
 * the table, or one column alone, is refused with the line.
 */
static void test_allowed(void)
{
	static const char opts[] = "--predictor crisp --objective deadline "
				   "--util 70 --util-max 85 --slack 3 --target 50%";
	static const char *const bad[][2] = {
		{ "r 10 5 100 2 1\n", "allowed OPPs 2..1" },
		{ "r 10 5 100 0 4\n", "allowed OPPs 0..4" },
	};
	struct gpugov_trace_hdr h;
	struct gpugov_trace_rec in[3];
	struct gpugov_trace t;
	char err[GPUGOV_TRACE_ERR_MAX], text[2048], *buf = NULL;
	size_t len = 0;
	FILE *f;
	u32 i, wrong = 0;
	int rc;

	gpugov_trace_hdr_init(&h, GPUGOV_TRACE_SAMPLE, GPUGOV_INTERVAL_POLL, 1000000);
	h.caps = 0;
	h.allowed = true;
	strcpy(h.replay_options, opts);
	fill_table(&h.opps, 4);
	f = open_memstream(&buf, &len);
	gpugov_trace_write_header(f, &h);
	for (i = 0; i < 3; i++) {
		fill_rec(&in[i], &h, i, i, 0);
		in[i].allowed_lo = i / 2;
		in[i].allowed_hi = 3 - i;
		gpugov_trace_write_rec(f, &h, &in[i]);
	}
	fclose(f);
	rc = load_text(buf, &t, err);
	if (!tap_ok(!rc && t.hdr.allowed && !strcmp(t.hdr.replay_options, opts),
		    "allowed columns and replay-options read back"))
		tap_diag("%s", rc ? err : t.hdr.replay_options);
	for (i = 0; !rc && i < t.nr_rec; i++)
		wrong += gpugov_trace_rec_at(&t, i)->allowed_lo != in[i].allowed_lo ||
			 gpugov_trace_rec_at(&t, i)->allowed_hi != in[i].allowed_hi;
	tap_ok(!rc && t.nr_rec == 3 && !wrong,
	       "every record's allowed range round-trips (%u differ)", wrong);
	if (!rc)
		gpugov_trace_free(&t);
	free(buf);

	rc = load_text(fixture_extra, &t, err);
	tap_ok(!rc && !t.hdr.allowed && !t.hdr.replay_options[0] &&
	       gpugov_trace_rec_at(&t, 0)->allowed_lo == 0 &&
	       gpugov_trace_rec_at(&t, 1)->allowed_hi == 2,
	       "a trace without allowed columns: every OPP allowed (0..2)");
	if (!rc)
		gpugov_trace_free(&t);

	for (i = 0; i < 2; i++) {
		snprintf(text, sizeof(text), "gpugov-trace 1\nkind sample\ninterval poll 1\n"
			 "opp 100 0 0 0\nopp 200 0 0 0\nopp 300 0 0 0\nopp 400 0 0 0\n"
			 "columns interval_ns busy_ns core_khz allowed_lo allowed_hi\n"
			 "data\n%s", bad[i][0]);
		rc = load_text(text, &t, err);
		tap_ok(rc && strstr(err, "fixture:10:") && strstr(err, bad[i][1]),
		       "allowed range %.3s refused: %s", bad[i][0] + 11, err);
	}
	rc = load_text("gpugov-trace 1\nkind sample\ninterval poll 1\nopp 100 0 0 0\n"
		       "columns interval_ns busy_ns core_khz allowed_hi\ndata\n", &t, err);
	tap_ok(rc && strstr(err, "fixture:5:") && strstr(err, "come together"),
	       "allowed_hi without allowed_lo refused: %s", err);
	snprintf(text, sizeof(text), "gpugov-trace 1\nkind sample\ninterval poll 1\n"
		 "opp 100 0 0 0\nreplay-options %01100d\n", 0);
	rc = load_text(text, &t, err);
	tap_ok(rc && strstr(err, "fixture:5:") && strstr(err, "replay-options longer"),
	       "a replay-options line too long refused: %s", err);
	h.allowed = false;
	strcpy(h.replay_options, "--util 5 # no");
	f = fopen("/dev/null", "w");
	tap_ok(f && gpugov_trace_write_header(f, &h),
	       "the writer refuses replay-options with a '#'");
	if (f)
		fclose(f);
}

/* Each broken fixture must fail with "fixture:LINE:" and a hint. */
static void test_errors(void)
{
	static const struct {
		const char *text, *want, *what;
	} bad[] = {
		{ "gpugov-trace 2\n", "fixture:1:", "version 2 refused" },
		{ "hello\n", "fixture:1:", "not a trace" },
		{ "gpugov-trace 1\ndevice d\nkind sample\ninterval poll 1\n"
		  "opp 100 0 0 0\ncolumns interval_ns busy_ns\ndata\n",
		  "fixture:7:", "required column missing" },
		{ "gpugov-trace 1\ndevice d\nkind sample\ninterval poll 1\n"
		  "opp 100 0 0 0\ncolumns interval_ns busy_ns core_khz\ndata\n"
		  "r 10 5 100\nr 10 x 100\n", "fixture:9:", "bad number" },
		{ "gpugov-trace 1\ndevice d\nkind sample\ninterval poll 1\n"
		  "opp 100 0 0 0\ncolumns interval_ns busy_ns core_khz\ndata\n"
		  "r 10 50 100\n", "fixture:8:", "busy > interval" },
		{ "gpugov-trace 1\ndevice d\nkind sample\ninterval poll 1\n"
		  "opp 100 0 0 0\ncolumns interval_ns busy_ns core_khz\ndata\n"
		  "r 10 5\n", "fixture:8:", "short record" },
		{ "gpugov-trace 1\ndevice d\nkind sweep\ninterval segment 1\n"
		  "opp 100 0 0 0\nopp 200 0 0 0\n"
		  "columns seg opp interval_ns busy_ns core_khz\ndata\n"
		  "r 0 1 10 5 200\n", "fixture:9:", "sweep out of order" },
		{ "gpugov-trace 1\ndevice d\nkind sweep\ninterval segment 1\n"
		  "opp 200 0 0 0\nopp 100 0 0 0\n"
		  "columns seg opp interval_ns busy_ns core_khz\ndata\n",
		  "fixture:6:", "descending OPPs" },
		{ "gpugov-trace 1\ndevice d\nkind sample\ninterval poll 1\n",
		  "fixture:4:", "no data line" },
		{ "gpugov-trace 1\ndevice d\nkind sample\ninterval poll 1\n"
		  "opp 100 0 0 0\ncolumns interval_ns busy_ns core_khz\ndata\n"
		  "w 1 2 3\n", "fixture:8:", "wave before record" },
	};
	struct gpugov_trace t;
	char err[GPUGOV_TRACE_ERR_MAX];
	u32 i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int rc = load_text(bad[i].text, &t, err);

		tap_ok(rc && strstr(err, bad[i].want), "%s: %s", bad[i].what,
		       rc ? err : "accepted");
	}
	tap_ok(gpugov_trace_load("/nonexistent/x.trace", &t, err, sizeof(err)) &&
	       strstr(err, "/nonexistent/x.trace"), "missing file named: %s", err);
}

/*
 * Heap bytes in use (glibc: small blocks plus mmap()ed ones).  Under a
 * sanitizer its own allocator replaces glibc's, whose figures then mean
 * nothing (and MSan cannot see mallinfo2() fill them in).
 */
#if defined(__SANITIZE_ADDRESS__)
#define HEAP_MEASURED 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define HEAP_MEASURED 0
#endif
#endif
#ifndef HEAP_MEASURED
#define HEAP_MEASURED 1
#endif

static size_t heap_bytes(void)
{
	struct mallinfo2 mi = mallinfo2();

	return mi.uordblks + mi.hblkhd;
}

/*
 * A sweep trace without waves is stored compactly (records hold only the
 * waves they have), yet every record reads as a full struct, waves and
 * all; records with waves keep them.
 */
static void test_compact(void)
{
	enum { NSEG = 5000, NOPP = 4 };
	struct gpugov_trace_rec *r = malloc(sizeof(*r)), *copy = malloc(sizeof(*r));
	struct gpugov_trace_hdr h;
	struct gpugov_trace t;
	char err[GPUGOV_TRACE_ERR_MAX], *buf = NULL;
	size_t len = 0, before, per_rec;
	u32 s, o, bad = 0;
	FILE *f;

	gpugov_trace_hdr_init(&h, GPUGOV_TRACE_SWEEP, GPUGOV_INTERVAL_SEGMENT, 1);
	fill_table(&h.opps, NOPP);
	f = open_memstream(&buf, &len);
	gpugov_trace_write_header(f, &h);
	for (s = 0; s < NSEG; s++)
		for (o = 0; o < NOPP; o++) {
			/* one record in 1000 has waves */
			fill_rec(r, &h, s, o, (s * NOPP + o) % 1000 ? 0 : 64);
			gpugov_trace_write_rec(f, &h, r);
		}
	fclose(f);
	before = heap_bytes();
	if (!tap_ok(!load_text(buf, &t, err), "%u-record sweep read", NSEG * NOPP)) {
		tap_diag("%s", err);
		goto out;
	}
	if (HEAP_MEASURED) {
		per_rec = (heap_bytes() - before) / t.nr_rec;
		tap_ok(per_rec < 300, "%zu bytes a record in memory (a full struct "
		       "gpugov_trace_rec is %zu)", per_rec, sizeof(*r));
	} else {
		tap_diag("bytes a record in memory: not measured under a sanitizer");
	}
	for (s = 0; s < NSEG; s++)
		for (o = 0; o < NOPP; o++) {
			const struct gpugov_trace_rec *x = gpugov_trace_sweep_at(&t, s, o);

			*copy = *x;	/* a whole-struct read stays in bounds */
			bad += copy->seg != s || copy->opp != o ||
			       copy->s.nr_waves != ((s * NOPP + o) % 1000 ? 0 : 64);
			if (x->s.nr_waves)
				bad += x->s.waves[63].age_rank != 63;
		}
	tap_ok(!bad, "records with and without waves read back (%u bad)", bad);
	gpugov_trace_free(&t);
out:
	free(buf);
	free(r);
	free(copy);
}

/*
 * "domain sm ID COUNT" (per-SM traces of gpugov-sim sweep --per-sm): read
 * into the header, written back, refused when malformed; absent, the
 * trace is the whole device's (count 0).
 */
static void test_domain(void)
{
	static const char head[] = "gpugov-trace 1\ndevice d\nkind sweep\n"
		"interval epoch 1000\n";
	static const char tail[] = "opp 100 0 0 0\n"
		"columns seg opp interval_ns busy_ns core_khz\ndata\n"
		"r 0 0 10 5 100\n";
	static const char *const bad[] = {
		"domain sm 15 15", "domain sm 0 0", "domain core 1 2",
		"domain sm 1", "domain sm x 2", "domain sm 1 4294967296",
	};
	char text[512], out[4096] = "", err[GPUGOV_TRACE_ERR_MAX];
	struct gpugov_trace t;
	FILE *f;
	u32 i;
	int rc;

	snprintf(text, sizeof(text), "%sdomain sm 3 15\n%s", head, tail);
	rc = load_text(text, &t, err);
	if (!tap_ok(!rc && t.hdr.domain_sm == 3 && t.hdr.domain_count == 15,
		    "domain sm 3 15 read"))
		tap_diag("%s", rc ? err : "wrong values");
	if (!rc) {
		f = fmemopen(out, sizeof(out), "w");
		tap_ok(f && !gpugov_trace_write_header(f, &t.hdr) &&
		       !fclose(f) && strstr(out, "\ndomain sm 3 15\n"),
		       "domain written back");
		t.hdr.domain_sm = 15;
		f = fmemopen(out, sizeof(out), "w");
		tap_ok(f && gpugov_trace_write_header(f, &t.hdr) && !fclose(f),
		       "writer refuses an ID not below the count");
		gpugov_trace_free(&t);
	}
	snprintf(text, sizeof(text), "%s%s", head, tail);
	rc = load_text(text, &t, err);
	tap_ok(!rc && !t.hdr.domain_count, "no domain line: the device");
	if (!rc)
		gpugov_trace_free(&t);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(text, sizeof(text), "%s%s\n%s", head, bad[i], tail);
		rc = load_text(text, &t, err);
		tap_ok(rc && strstr(err, "fixture:5:"), "'%s' refused: %s",
		       bad[i], rc ? err : "accepted");
	}
}

int main(void)
{
	rng_seed(1);
	test_domain();
	test_sweep_round_trip();
	test_compact();
	test_sample_subset();
	test_unknown_ignored();
	test_errors();
	test_allowed();
	return tap_done("trace");
}
