// SPDX-License-Identifier: GPL-2.0
/*
 * test_coremem_gpus.c - the core+memory model's GPU descriptions
 * (predictors/gpugov_coremem_gpus.c), the key=value file format
 * (tools/common/coremem_gpu.c) and the trace header key coremem-gpu.
 *
 * 1. The table: every entry usable, names unique and well formed, lookup
 *    by name exact, the GTX 980 entries equal to the published constants
 *    (typed in again here, not copied from the table) and to the defaults,
 *    the derived TITAN X (Pascal) departure delay consistent with its
 *    derivation.
 * 2. Per GPU, at its own memory clock: a memory-bound synthetic kernel's
 *    time follows the memory clock, a compute-bound one's the core clock,
 *    through gpugov_coremem_eval() and through the predictor.
 * 3. The file format: a full file and a "base" file read exactly, and
 *    every kind of bad input refused with FILE:LINE.
 * 4. The trace header: coremem-gpu written, read back, malformed refused.
 * 5. The writer: every built-in description written and read back
 *    exactly; a key set by name rounds to its unit and is clamped to the
 *    range the file format accepts.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "coremem_gpu.h"
#include "gpugov_coremem.h"
#include "gpugov_predict.h"
#include "tap.h"
#include "trace.h"

static void test_table(void)
{
	struct gpugov_coremem_params d;
	u32 i, j;
	int bad_ok = 0, bad_name = 0, bad_find = 0, dup = 0;

	for (i = 0; i < GPUGOV_CM_NR_GPUS; i++) {
		const struct gpugov_coremem_gpu *g = gpugov_coremem_gpu(i);
		size_t n = strlen(g->name);

		if (!gpugov_coremem_params_ok(&g->p)) {
			bad_ok++;
			tap_diag("%s: params not ok", g->name);
		}
		if (!n || n >= GPUGOV_CM_GPU_NAME_MAX ||
		    strspn(g->name, "abcdefghijklmnopqrstuvwxyz0123456789-") != n ||
		    strcmp(gpugov_coremem_gpu_name(i), g->name))
			bad_name++;
		if (gpugov_coremem_gpu_find(g->name, n) != (int)i ||
		    gpugov_coremem_gpu_find(g->name, n - 1) == (int)i)
			bad_find++;
		for (j = 0; j < i; j++)
			dup += !strcmp(gpugov_coremem_gpu(j)->name, g->name);
		if (!g->product || !g->mem_mhz || !g->bus_bits || !g->l2_kib ||
		    g->p.warp_size != 32 || g->p.warps_max != 64 ||
		    g->p.cores_sm < g->p.warp_size / 2)
			bad_ok++;
	}
	tap_ok(!bad_ok, "every table entry passes gpugov_coremem_params_ok and is complete");
	tap_ok(!bad_name && !dup, "names unique, 1..%d characters of [a-z0-9-]",
	       GPUGOV_CM_GPU_NAME_MAX - 1);
	tap_ok(!bad_find, "every name finds its own entry");
	tap_ok(gpugov_coremem_gpu_find("gtx98", 5) < 0 &&
	       gpugov_coremem_gpu_find("gtx9800", 7) < 0 &&
	       gpugov_coremem_gpu_find("GTX980", 6) < 0 &&
	       gpugov_coremem_gpu_find("", 0) < 0 &&
	       gpugov_coremem_gpu_find("v100\n", 5) < 0 &&
	       gpugov_coremem_gpu_find("a100", 4) < 0,
	       "unknown names, prefixes, other case, trailing newline refused");
	tap_ok(gpugov_coremem_gpu_find("v100\n", 4) == GPUGOV_CM_V100 &&
	       gpugov_coremem_gpu_find("p100", 4) == GPUGOV_CM_P100 &&
	       gpugov_coremem_gpu_find("titanx-pascal", 13) == GPUGOV_CM_TITANX_PASCAL &&
	       gpugov_coremem_gpu_find("gtx1080ti", 9) == GPUGOV_CM_GTX1080TI &&
	       gpugov_coremem_gpu_find("gtx980-2019", 11) == GPUGOV_CM_GTX980_2019,
	       "lookup uses the length, not a terminator");
	tap_ok(!gpugov_coremem_gpu(GPUGOV_CM_NR_GPUS) &&
	       !strcmp(gpugov_coremem_gpu_name(GPUGOV_CM_NR_GPUS), "?") &&
	       !strcmp(gpugov_coremem_gpu_name(~0U), "?"),
	       "out-of-range ids: NULL and \"?\"");

	/* the published GTX 980 constants, typed in independently */
	{
		const struct gpugov_coremem_params *p =
			&gpugov_coremem_gpu(GPUGOV_CM_GTX980)->p;
		const struct gpugov_coremem_params *q =
			&gpugov_coremem_gpu(GPUGOV_CM_GTX980_2019)->p;

		tap_ok(p->sm_count == 16 && p->cores_sm == 128 &&
		       p->ldm_a_u == 222780000 && p->ldm_b_u == 277320000 &&
		       p->ddm_a_u == 805030000 && p->ddm_b_u == 8176200 &&
		       p->l2_lat_u == 222000000 && p->l2_del_u == 1000000 &&
		       p->inst_lat_u == 4000000 && p->inst_del_u == 1200000 &&
		       p->dp_del_u == 0 && p->shm_lat_u == 28000000 &&
		       p->shm_del_u == 1000000 && p->lat_overlap == 4 &&
		       p->low_occ_u == 380000,
		       "gtx980: the 2018 constants of the Wang & Chu model");
		tap_ok(q->ldm_a_u == 78417000 && q->ldm_b_u == 97620000 &&
		       q->l2_del_u == 1200000 && q->inst_del_u == 1000000 &&
		       q->dp_del_u == 80000000 && q->ddm_a_u == p->ddm_a_u &&
		       q->sm_count == 16,
		       "gtx980-2019: the authors' later constants");
		gpugov_coremem_defaults(&d);
		tap_ok(!memcmp(&d, p, sizeof(d)),
		       "gpugov_coremem_defaults() is the gtx980 entry");
		gpugov_coremem_defaults_2019(&d);
		tap_ok(!memcmp(&d, q, sizeof(d)),
		       "gpugov_coremem_defaults_2019() is the gtx980-2019 entry");
	}
	{
		const struct gpugov_coremem_gpu *ti =
			gpugov_coremem_gpu(GPUGOV_CM_GTX1080TI);
		const struct gpugov_coremem_gpu *tx =
			gpugov_coremem_gpu(GPUGOV_CM_TITANX_PASCAL);
		u64 a = ti->p.ddm_a_u * ti->bus_bits / tx->bus_bits;
		u64 b = (u64)ti->p.ddm_b_u * ti->bus_bits / tx->bus_bits;

		tap_ok(ti->p.ddm_a_u > U32_MAX &&
		       tx->p.ddm_a_u == a && tx->p.ddm_b_u == b &&
		       tx->p.ldm_a_u == ti->p.ldm_a_u &&
		       tx->p.ldm_b_u == ti->p.ldm_b_u &&
		       tx->p.sm_count == ti->p.sm_count,
		       "titanx-pascal: the GTX 1080 Ti's departure delay scaled "
		       "by the bus widths (%u / %u), latency unchanged",
		       ti->bus_bits, tx->bus_bits);
	}
	tap_ok(gpugov_coremem_gpu(GPUGOV_CM_V100)->p.cores_sm == 64 &&
	       gpugov_coremem_gpu(GPUGOV_CM_P100)->p.cores_sm == 64 &&
	       gpugov_coremem_gpu(GPUGOV_CM_V100)->p.sm_count == 80 &&
	       gpugov_coremem_gpu(GPUGOV_CM_P100)->p.sm_count == 56,
	       "HBM2 parts: 64 FP32 cores per SM, 56 and 80 SMs (whitepapers)");
}

/* Time of one round at (fc, fm) MHz in ns: modelled cycles / fc. */
static double round_ns(const struct gpugov_coremem_params *p,
		       const struct gpugov_coremem_in *in, u32 fc, u32 fm)
{
	struct gpugov_coremem_out o;

	if (!gpugov_coremem_eval(p, in, fc * 1000, fm * 1000, &o))
		return -1;
	return (double)o.modelled / GPUGOV_CM_CYC_ONE / fc * 1000.0;
}

/*
 * A streaming kernel (64 global transactions per warp, all missing L2, one
 * instruction) and an arithmetic one (20000 instructions, one transaction,
 * all hitting L2), full occupancy, at a 1000 MHz core clock and the part's
 * own memory clock.
 */
static void test_sanity(void)
{
	struct gpugov_coremem_in mem = {
		.gmem_q = 64ULL << GPUGOV_CM_CYC_SHIFT,
		.insts_q = 1ULL << GPUGOV_CM_CYC_SHIFT,
		.l2_hit_f = 0,
		.occ_f = GPUGOV_CM_FRAC_ONE,
	};
	struct gpugov_coremem_in comp = {
		.gmem_q = 1ULL << GPUGOV_CM_CYC_SHIFT,
		.insts_q = 20000ULL << GPUGOV_CM_CYC_SHIFT,
		.l2_hit_f = GPUGOV_CM_FRAC_ONE,
		.occ_f = GPUGOV_CM_FRAC_ONE,
	};
	u32 i;

	for (i = 0; i < GPUGOV_CM_NR_GPUS; i++) {
		const struct gpugov_coremem_gpu *g = gpugov_coremem_gpu(i);
		const struct gpugov_coremem_params *p = &g->p;
		u32 fc = 1000, fm = g->mem_mhz;
		double m0 = round_ns(p, &mem, fc, fm);
		double m_mem = round_ns(p, &mem, fc, fm / 2) / m0;
		double m_core = round_ns(p, &mem, fc / 2, fm) / m0;
		double c0 = round_ns(p, &comp, fc, fm);
		double c_core = round_ns(p, &comp, fc / 2, fm) / c0;
		double c_mem = round_ns(p, &comp, fc, fm / 2) / c0;
		struct gpugov_coremem_out o;

		gpugov_coremem_eval(p, &mem, fc * 1000, fm * 1000, &o);
		tap_ok(o.regime == GPUGOV_CM_MEMORY && m_mem > 1.8 &&
		       m_core < 1.25,
		       "%s: memory-bound kernel: x%.2f at half the memory clock, "
		       "x%.2f at half the core clock", g->name, m_mem, m_core);
		gpugov_coremem_eval(p, &comp, fc * 1000, fm * 1000, &o);
		tap_ok(o.regime == GPUGOV_CM_COMPUTE && c_core > 1.95 &&
		       c_mem < 1.05,
		       "%s: compute-bound kernel: x%.2f at half the core clock, "
		       "x%.2f at half the memory clock", g->name, c_core, c_mem);
	}
}

/*
 * The predictor with each description: a memory-bound sample measured at
 * (1000 MHz, mem_mhz) predicts a longer time at half the memory clock, and
 * the description changes the prediction.
 */
static void test_predictor(void)
{
	struct gpugov_sample s;
	struct gpugov_opp_table t;
	struct gpugov_pred_state st;
	u64 tp[GPUGOV_MAX_OPPS], def[GPUGOV_MAX_OPPS];
	u32 i, grow = 0, differ = 0;

	for (i = 0; i < GPUGOV_CM_NR_GPUS; i++) {
		const struct gpugov_coremem_gpu *g = gpugov_coremem_gpu(i);

		memset(&s, 0, sizeof(s));
		s.caps = GPUGOV_CAP_MEM_KHZ | GPUGOV_CAP_MEM_TXN |
			 GPUGOV_CAP_WARPS | GPUGOV_CAP_INSTS;
		s.interval_ns = s.busy_ns = 1000000;
		s.core_khz = 1000000;
		s.mem_khz = g->mem_mhz * 1000;
		s.warps = 4096;
		s.occupancy_q16 = 65536;
		s.l2_txn = 64 * 4096;
		s.l2_hits = 0;
		s.insts = 66 * 4096;
		s.mem_insts = 64 * 4096;
		memset(&t, 0, sizeof(t));
		t.nr = 2;
		t.opp[0].core_khz = 1000000;
		t.opp[0].mem_khz = s.mem_khz / 2;
		t.opp[1].core_khz = 1000000;
		t.opp[1].mem_khz = s.mem_khz;
		gpugov_pred_init(&st);
		st.coremem = g->p;
		st.coremem_gpu = i;
		gpugov_predict(&st, GPUGOV_PRED_COREMEM, &s, &t, tp);
		grow += tp[1] == 1000000000ULL && tp[0] > 1800000000ULL;
		/* the same sample with the GTX 980 description */
		gpugov_coremem_defaults(&st.coremem);
		gpugov_predict(&st, GPUGOV_PRED_COREMEM, &s, &t, def);
		if (i != GPUGOV_CM_GTX980)
			differ += tp[0] != def[0];
	}
	tap_ok(grow == GPUGOV_CM_NR_GPUS,
	       "predictor: every description: same time at the measured OPP, "
	       "> 1.8x at half the memory clock");
	tap_ok(differ == GPUGOV_CM_NR_GPUS - 1,
	       "predictor: every other description predicts differently from gtx980");
}

static char tmpdir[] = "/tmp/gpugov-cmgpu-XXXXXX";

/* Write @text to a fresh file in the temporary directory; its path. */
static const char *put(const char *name, const char *text, size_t len)
{
	static char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	f = fopen(path, "w");
	if (!f || fwrite(text, 1, len, f) != len || fclose(f)) {
		tap_diag("cannot write %s", path);
		exit(1);
	}
	return path;
}

static const char full_980[] =
	"# GTX 980, the 2018 constants, spelt out\r\n"
	"sm_count = 16\n"
	"cores_sm=128\n"
	"  warp_size\t=\t32   # SIMT width\n"
	"warps_max = 64\n"
	"\n"
	"ldm_a = 222.78\n"
	"ldm_b = 277.32\n"
	"ddm_a = 805.03\n"
	"ddm_b = 8.1762\n"
	"l2_lat = 222\n"
	"l2_del = 1.0\n"
	"inst_lat = 4\n"
	"inst_del = 1.2\n"
	"dp_del = 0\n"
	"shm_lat = 28\n"
	"shm_del = 1\n"
	"lat_overlap = 4\n"
	"low_occ = 0.38\n";

static const char base_v100[] =
	"base = v100\nsm_count = 40\nddm_a = 7208.570001\n";

static void test_file_good(void)
{
	struct gpugov_coremem_params p, want;
	struct coremem_gpu_sel sel;
	char err[COREMEM_GPU_ERR_MAX];
	const char *path = put("full.gpu", full_980, strlen(full_980));
	int rc = coremem_gpu_parse_file(path, &p, err, sizeof(err));

	if (!tap_ok(!rc && !memcmp(&p, &gpugov_coremem_gpu(GPUGOV_CM_GTX980)->p,
				   sizeof(p)),
		    "file: all keys, CRLF, blanks and comments: exactly the gtx980 entry"))
		tap_diag("%s", rc ? err : "differs");

	path = put("base.gpu", base_v100, strlen(base_v100));
	rc = coremem_gpu_parse_file(path, &p, err, sizeof(err));
	want = gpugov_coremem_gpu(GPUGOV_CM_V100)->p;
	want.sm_count = 40;
	want.ddm_a_u = 7208570001ULL;
	if (!tap_ok(!rc && !memcmp(&p, &want, sizeof(p)),
		    "file: base = v100 plus overrides; ddm_a beyond 32 bits"))
		tap_diag("%s", rc ? err : "differs");

	rc = coremem_gpu_select("p100", &sel, err, sizeof(err));
	tap_ok(!rc && sel.set && sel.id == GPUGOV_CM_P100 &&
	       !memcmp(&sel.p, &gpugov_coremem_gpu(GPUGOV_CM_P100)->p,
		       sizeof(sel.p)),
	       "select: a built-in name");
	memset(&sel, 0, sizeof(sel));
	rc = coremem_gpu_select(path, &sel, err, sizeof(err));
	tap_ok(!rc && sel.set && sel.id == GPUGOV_CM_NR_GPUS &&
	       sel.p.sm_count == 40, "select: a file");
	memset(&sel, 0, sizeof(sel));
	rc = coremem_gpu_select("h100", &sel, err, sizeof(err));
	tap_ok(rc && !sel.set && strstr(err, "'h100'") &&
	       strstr(err, "gtx980 gtx980-2019 gtx1080ti titanx-pascal p100 v100"),
	       "select: unknown name and no such file refused, names listed");
}

static void test_file_bad(void)
{
	static const struct {
		const char *text, *want, *what;
	} bad[] = {
		{ "base = v100\nsm_count = 40\nbogus = 1\n", ":3: unknown key 'bogus'",
		  "unknown key" },
		{ "base = v100\nsm_count = 40\nsm_count = 41\n", ":3: sm_count given twice",
		  "repeated key" },
		{ "base = v100\nl2_lat = 1.2345678\n", ":2: l2_lat:",
		  "seven fraction digits" },
		{ "base = v100\nl2_lat = -1\n", ":2: l2_lat:", "negative" },
		{ "base = v100\nl2_lat = 1.\n", ":2: l2_lat:", "dot, no digits" },
		{ "base = v100\nl2_lat = .5\n", ":2: l2_lat:", "no integer part" },
		{ "base = v100\nl2_lat = 1e3\n", ":2: l2_lat:", "exponent" },
		{ "base = v100\nl2_lat = 4294.967296\n", ":2: l2_lat:",
		  "constant beyond 32 bits of micro-cycles" },
		{ "base = v100\nl2_lat =\n", ":2: l2_lat:", "empty value" },
		{ "base = v100\nl2_lat = 1 2\n", ":2: l2_lat:", "two values" },
		{ "base = v100\nsm_count = 0\n", ":2: sm_count:", "zero SMs" },
		{ "base = v100\nsm_count = 16.0\n", ":2: sm_count:",
		  "fraction in a count" },
		{ "base = v100\nwarp_size = 99999999999999999999\n", ":2: warp_size:",
		  "overflow" },
		{ "base = v100\nlow_occ = 1.000001\n", ":2: low_occ:",
		  "occupancy above 1" },
		{ "base = v100\nsm_count 40\n", ":2: 'sm_count 40': want KEY = VALUE",
		  "no '='" },
		{ "sm_count = 40\nbase = v100\n", ":2: 'base' must be the first key",
		  "base not first" },
		{ "base = v100\nbase = p100\n", ":2: 'base' must be the first key",
		  "base twice" },
		{ "base = a100\n", ":1: base: 'a100'", "unknown base" },
		{ "# nothing\n\n", ": no keys", "empty file" },
		{ "sm_count = 16\ncores_sm = 128\n",
		  ": missing key(s) (or give 'base = NAME' first): warp_size",
		  "missing keys without base" },
	};
	char err[COREMEM_GPU_ERR_MAX], name[128], want[256], longline[400];
	struct gpugov_coremem_params p;
	u32 i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *path;
		int rc;

		snprintf(name, sizeof(name), "bad%u.gpu", i);
		path = put(name, bad[i].text, strlen(bad[i].text));
		snprintf(want, sizeof(want), "%s%s", path, bad[i].want);
		rc = coremem_gpu_parse_file(path, &p, err, sizeof(err));
		if (!tap_ok(rc && strstr(err, want) == err,
			    "file refused: %s, as FILE:LINE", bad[i].what))
			tap_diag("got '%s', want '%s...'", rc ? err : "accepted",
				 want);
	}
	put("nul.gpu", "base = v100\nsm_count = 4\0000\n", 26);
	snprintf(want, sizeof(want), "%s/nul.gpu:2: NUL byte", tmpdir);
	snprintf(name, sizeof(name), "%s/nul.gpu", tmpdir);
	tap_ok(coremem_gpu_parse_file(name, &p, err, sizeof(err)) &&
	       !strcmp(err, want), "file refused: NUL byte, as FILE:LINE");
	memset(longline, ' ', sizeof(longline));
	memcpy(longline, "base = v100\n", 12);
	memcpy(longline + 300, "\n", 2);
	put("long.gpu", longline, 301);
	snprintf(want, sizeof(want), "%s/long.gpu:2: line longer than 256 bytes",
		 tmpdir);
	snprintf(name, sizeof(name), "%s/long.gpu", tmpdir);
	tap_ok(coremem_gpu_parse_file(name, &p, err, sizeof(err)) &&
	       !strcmp(err, want), "file refused: line longer than 256 bytes");
	snprintf(name, sizeof(name), "%s/none.gpu", tmpdir);
	tap_ok(coremem_gpu_parse_file(name, &p, err, sizeof(err)) &&
	       strstr(err, "none.gpu: No such file"), "missing file named");
}

/*
 * A path longer than the error buffer (PATH_MAX allows 4096 bytes, the
 * tools' buffers hold 512) gives way to the line and the reason: once the
 * message was "PATH:LINE: reason" cut after the path, naming neither.
 */
static void test_file_long_path(void)
{
	static const struct {
		const char *text, *want, *what;
	} bad[] = {
		{ "base = v100\nsm_count = 0\n", "long.cm:2: sm_count:", "a bad value" },
		{ "base = v100\n" "x = 1\n", "long.cm:2: unknown key 'x'", "an unknown key" },
		{ "# nothing\n", "long.cm: no keys", "no keys" },
		{ "sm_count = 16\n", "long.cm: missing key(s)", "missing keys" },
	};
	char err[COREMEM_GPU_ERR_MAX], path[1024];
	struct gpugov_coremem_params p;
	int n, i;
	u32 k;

	n = snprintf(path, sizeof(path), "%s/", tmpdir);
	for (i = 0; i < 400; i++)
		n += snprintf(path + n, sizeof(path) - n, "./");
	snprintf(path + n, sizeof(path) - n, "long.cm");
	for (k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		put("long.cm", bad[k].text, strlen(bad[k].text));
		if (!tap_ok(coremem_gpu_parse_file(path, &p, err, sizeof(err)) &&
			    strstr(err, bad[k].want),
			    "file refused under an 800-byte path: %s, still named as FILE:LINE",
			    bad[k].what))
			tap_diag("got '%s'", err);
	}
}

static int load_text(const char *text, struct gpugov_trace *t, char *err)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	int rc = gpugov_trace_load_file(f, "fixture", t, err,
					GPUGOV_TRACE_ERR_MAX);

	fclose(f);
	return rc;
}

static void test_trace_header(void)
{
	static const char base[] =
		"gpugov-trace 1\ndevice d\nkind sample\ninterval poll 1\n%s"
		"opp 100 0 0 0\ncolumns interval_ns busy_ns core_khz\ndata\n"
		"r 10 5 100\n";
	struct gpugov_trace_hdr h;
	struct gpugov_trace_rec r;
	struct gpugov_trace t;
	char text[512], err[GPUGOV_TRACE_ERR_MAX], *buf = NULL;
	size_t len = 0;
	FILE *f;
	int rc;

	snprintf(text, sizeof(text), base, "coremem-gpu v100\n");
	rc = load_text(text, &t, err);
	tap_ok(!rc && !strcmp(t.hdr.coremem_gpu, "v100"),
	       "trace header: coremem-gpu read");
	if (!rc)
		gpugov_trace_free(&t);
	snprintf(text, sizeof(text), base, "");
	rc = load_text(text, &t, err);
	tap_ok(!rc && !t.hdr.coremem_gpu[0],
	       "trace header: without coremem-gpu, empty");
	if (!rc)
		gpugov_trace_free(&t);
	snprintf(text, sizeof(text), base, "coremem-gpu v100 p100\n");
	rc = load_text(text, &t, err);
	tap_ok(rc && strstr(err, "fixture:5: coremem-gpu needs one name"),
	       "trace header: two names refused at FILE:LINE");
	snprintf(text, sizeof(text), base, "coremem-gpu\n");
	rc = load_text(text, &t, err);
	tap_ok(rc && strstr(err, "fixture:5:"), "trace header: no name refused");

	gpugov_trace_hdr_init(&h, GPUGOV_TRACE_SAMPLE, GPUGOV_INTERVAL_POLL, 1);
	h.caps = 0;
	h.opps.nr = 1;
	h.opps.opp[0].core_khz = 100;
	snprintf(h.coremem_gpu, sizeof(h.coremem_gpu), "titanx-pascal");
	memset(&r, 0, sizeof(r));
	r.s.interval_ns = 10;
	r.s.busy_ns = 5;
	r.s.core_khz = 100;
	f = open_memstream(&buf, &len);
	rc = gpugov_trace_write_header(f, &h) || gpugov_trace_write_rec(f, &h, &r);
	fclose(f);
	rc = rc || load_text(buf, &t, err);
	tap_ok(!rc && !strcmp(t.hdr.coremem_gpu, "titanx-pascal") &&
	       strstr(buf, "\ncoremem-gpu titanx-pascal\n"),
	       "trace header: coremem-gpu written and read back");
	if (!rc)
		gpugov_trace_free(&t);
	free(buf);
	snprintf(h.coremem_gpu, sizeof(h.coremem_gpu), "two words");
	f = open_memstream(&buf, &len);
	rc = gpugov_trace_write_header(f, &h);
	fclose(f);
	free(buf);
	tap_ok(rc < 0, "trace writer refuses a coremem-gpu with a blank");
}

static void test_write(void)
{
	struct gpugov_coremem_params p, back;
	char err[COREMEM_GPU_ERR_MAX], path[256];
	int bad = 0, i;
	u32 id;
	FILE *f;

	for (id = 0; id < GPUGOV_CM_NR_GPUS; id++) {
		snprintf(path, sizeof(path), "%s/w%u.gpu", tmpdir, id);
		f = fopen(path, "w");
		if (!f || coremem_gpu_write(f, &gpugov_coremem_gpu(id)->p) ||
		    fclose(f) ||
		    coremem_gpu_parse_file(path, &back, err, sizeof(err)) ||
		    memcmp(&back, &gpugov_coremem_gpu(id)->p, sizeof(back))) {
			bad++;
			tap_diag("%s: not read back as written", gpugov_coremem_gpu_name(id));
		}
	}
	tap_ok(!bad, "writer: every built-in description reads back exactly");

	p = gpugov_coremem_gpu(GPUGOV_CM_GTX980)->p;
	i = coremem_gpu_key_find("ldm_a");
	tap_ok(i >= 0 && coremem_gpu_key_get(&p, i) == 222.78 &&
	       coremem_gpu_key_find("sm_count") >= 0 &&
	       coremem_gpu_key_get(&p, coremem_gpu_key_find("sm_count")) == 16 &&
	       coremem_gpu_key_find("base") < 0 && coremem_gpu_key_find("ldm") < 0,
	       "keys: found by exact name, read in cycles and counts");
	coremem_gpu_key_set(&p, i, 1.0000004);
	tap_ok(p.ldm_a_u == 1000000, "keys: a constant rounds to micro-cycles");
	coremem_gpu_key_set(&p, i, -3);
	tap_ok(p.ldm_a_u == 0, "keys: a negative constant is clamped to 0");
	coremem_gpu_key_set(&p, i, 1e12);
	tap_ok(p.ldm_a_u == U32_MAX, "keys: a huge constant is clamped to the format's maximum");
	coremem_gpu_key_set(&p, i, NAN);
	tap_ok(p.ldm_a_u == 0, "keys: NaN is the minimum");
	i = coremem_gpu_key_find("ddm_a");
	coremem_gpu_key_set(&p, i, 7208.57);
	tap_ok(p.ddm_a_u == 7208570000ULL, "keys: ddm_a beyond 32 bits of micro-cycles");
	i = coremem_gpu_key_find("sm_count");
	coremem_gpu_key_set(&p, i, 0);
	tap_ok(p.sm_count == 1, "keys: a count is clamped to its minimum, 1");
}

int main(void)
{
	char cmd[64];
	int ret;

	if (!mkdtemp(tmpdir)) {
		perror("mkdtemp");
		return 1;
	}
	test_table();
	test_sanity();
	test_predictor();
	test_file_good();
	test_file_bad();
	test_file_long_path();
	test_trace_header();
	test_write();
	ret = tap_done("test_coremem_gpus");
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	if (system(cmd))
		tap_diag("could not remove %s", tmpdir);
	return ret;
}
