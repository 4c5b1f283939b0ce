// SPDX-License-Identifier: GPL-2.0
/*
 * test_trace_limits.c - numbers and error messages of the trace reader at
 * their edges:
 *  - numbers are decimal as docs/trace-format.md says: a leading zero is
 *    not octal ("opp 0200000" is 200 MHz, not 65.5), a sign is refused,
 *    "0x" hex still reads, and 2^64 does not wrap;
 *  - gpugov_err_at() never writes past its buffer, and shortens a long
 *    path from its head so the line and message stay;
 *  - a malformed trace read through a 3800-character path reports its
 *    file name, line and message inside the reader's 512 bytes (the path
 *    once pushed the message past the end of the buffer).
 */
#include "errfmt.h"
#include "fixture.h"
#include "tap.h"
#include "trace.h"

#define HDR	"gpugov-trace 1\ndevice d\nkind sample\ninterval poll 1\n"

static struct gpugov_trace t;
static char err[GPUGOV_TRACE_ERR_MAX];

/*
 * A sample trace with OPP line @opp and record @rec (columns interval_ns
 * busy_ns core_khz caps), read as "fixture"; 0 or -1 (err).  The record
 * is on line 8.
 */
static int load(const char *opp, const char *rec)
{
	char text[512];
	FILE *f;
	int rc;

	snprintf(text, sizeof(text), HDR "%s\ncolumns interval_ns busy_ns "
		 "core_khz caps\ndata\n%s\n", opp, rec);
	f = fmemopen(text, strlen(text), "r");
	if (!f)
		return -1;
	err[0] = '\0';
	rc = gpugov_trace_load_file(f, "fixture", &t, err, sizeof(err));
	fclose(f);
	return rc;
}

static const struct gpugov_trace_rec *first(void)
{
	return gpugov_trace_rec_at(&t, 0);
}

static void test_numbers(void)
{
	static const struct {
		const char *opp, *rec, *want, *what;
	} bad[] = {
		{ "opp +200000 0 0 0", "r 10 5 200000 0x0", "fixture:5: opp core_khz",
		  "'+' sign" },
		{ "opp 200000 0 0 0", "r 10 -5 200000 0x0", "fixture:8: busy_ns",
		  "'-' sign" },
		{ "opp 200000 0 0 0", "r 18446744073709551616 5 200000 0x0",
		  "fixture:8: interval_ns", "2^64" },
		{ "opp 200000 0 0 0", "r 10 5 200000 0x", "fixture:8: caps",
		  "'0x' without digits" },
		{ "opp 200000 0 0 0", "r 10 5 200000 0x1g", "fixture:8: caps",
		  "'0x1g'" },
		{ "opp 200000 0 0 0", "r 10 5 0x 0x0", "fixture:8: core_khz",
		  "'0x' as a value" },
	};
	const struct gpugov_trace_rec *r;
	u32 i;
	int rc;

	rc = load("opp 0200000 0 0 0", "r 0100 050 0200000 0x0");
	tap_ok(!rc && t.hdr.opps.opp[0].core_khz == 200000 && (r = first()) &&
	       r->s.interval_ns == 100 && r->s.busy_ns == 50 &&
	       r->s.core_khz == 200000,
	       "leading zeros are decimal: opp 0200000 is 200000 kHz (%u)",
	       t.hdr.opps.opp[0].core_khz);
	gpugov_trace_free(&t);
	tap_ok(!load("opp 200000 0 0 0", "r 18446744073709551615 5 200000 0x3") &&
	       (r = first()) && r->s.interval_ns == U64_MAX &&
	       r->s.caps == (GPUGOV_CAP_ALL & 0x3 & t.hdr.caps),
	       "2^64 - 1 and hex caps read");
	gpugov_trace_free(&t);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		rc = load(bad[i].opp, bad[i].rec);
		tap_ok(rc && strstr(err, bad[i].want), "%s refused: %s",
		       bad[i].what, rc ? err : "accepted");
		gpugov_trace_free(&t);
	}
}

static void test_err_at(void)
{
	static struct {
		char buf[64];
		char guard[256];
	} b;
	char path[300];

	memset(path, 'p', sizeof(path) - 1);
	path[sizeof(path) - 1] = '\0';
	memcpy(path + sizeof(path) - 6, "/x.wl", 5);
	fx_guard_set(b.guard, sizeof(b.guard));
	gpugov_err_at(b.buf, sizeof(b.buf), path, 7, "bad %s", "thing");
	tap_ok(strlen(b.buf) < sizeof(b.buf) && !strncmp(b.buf, "...", 3) &&
	       strstr(b.buf, "/x.wl:7: bad thing") &&
	       !strcmp(b.buf + strlen(b.buf) - 18, "/x.wl:7: bad thing"),
	       "a long path gives way from its head: %s", b.buf);
	gpugov_err_at(b.buf, sizeof(b.buf), "a.wl", 3, "%0200d", 1);
	tap_ok(strlen(b.buf) == sizeof(b.buf) - 1 && !strncmp(b.buf, "a.wl:3: 000", 11),
	       "a message longer than the buffer is cut at its end");
	gpugov_err_at(b.buf, sizeof(b.buf), path, 0, "%0200d", 1);
	tap_ok(strlen(b.buf) == sizeof(b.buf) - 1 && !strncmp(b.buf, "...p", 4) &&
	       strstr(b.buf, "p/x.wl: 000"),
	       "path and message both too long: the path's tail, then the message");
	gpugov_err_at(b.buf, sizeof(b.buf), "a.wl", 0, "gone");
	tap_ok(!strcmp(b.buf, "a.wl: gone"), "line 0: file and message only");
	gpugov_err_at(b.buf, 8, path, 12, "message");
	tap_ok(!strcmp(b.buf, "message"), "a tiny buffer holds the message alone");
	tap_ok(fx_guard_ok(b.guard, sizeof(b.guard)),
	       "nothing written past the buffer");
}

/* A malformed trace read through a path of 3800 characters. */
static int long_trace_path(void)
{
	static char path[FX_PATH_MAX];
	struct gpugov_trace_reader r;
	int ok;

	if (!fx_write("bad.trace", HDR "opp 100 0 0 0\ncolumns interval_ns "
		      "busy_ns core_khz\ndata\nr 10 5 100\nr 1x 5 100\n"))
		return 0;
	fx_long_path("bad.trace", 3800, path);
	ok = gpugov_trace_load(path, &t, err, sizeof(err)) &&
	     strlen(err) < sizeof(err) && !strncmp(err, "...", 3) &&
	     strstr(err, "/bad.trace:9: interval_ns: bad number '1x'");
	if (!ok)
		printf("# %.*s\n", (int)sizeof(err), err);
	/* the streaming reader's own buffer, on a header error */
	if (!fx_write("badhdr.trace", "gpugov-trace 1\ndevice d\nkind bogus\n"))
		return 0;
	fx_long_path("badhdr.trace", 3800, path);
	if (!gpugov_trace_open(&r, path)) {
		gpugov_trace_close(&r);
		return 0;
	}
	if (strlen(r.err) >= sizeof(r.err) ||
	    !strstr(r.err, "/badhdr.trace:3: kind must be sample or sweep")) {
		printf("# %.*s\n", (int)sizeof(r.err), r.err);
		ok = 0;
	}
	return ok;
}

int main(void)
{
	if (!tap_ok(!fx_init(), "scratch directory"))
		return tap_done("trace_limits");
	test_numbers();
	test_err_at();
	tap_ok(fx_in_child(long_trace_path),
	       "malformed trace at a 3800-character path: file, line and message "
	       "kept in the buffer");
	fx_done();
	return tap_done("trace_limits");
}
