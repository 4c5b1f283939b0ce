// SPDX-License-Identifier: GPL-2.0
/*
 * 40_tunables.c - every gpugov tunable accepts valid values (read back
 * exactly) and rejects malformed, negative, overflowing, out-of-range,
 * empty and 4 KiB input with EINVAL, leaving the value unchanged; files
 * are root-only writable (0644) and the read-only ones refuse writes.
 */
#include "vmtap.h"

struct num_tunable {
	const char *name;
	unsigned int min, max;
};

static const struct num_tunable nums[] = {
	{ "max_slowdown", 0, 1000 },
	{ "hysteresis", 0, 100 },
	{ "power_dyn_uw", 0, 1000000000 },
	{ "power_static_uw", 0, 1000000000 },
	{ "power_uncore_uw", 0, 1000000000 },
	{ "power_idle_uw", 0, 1000000000 },
	{ "pcstall_entries", 1, 1024 },
	{ "pcstall_shift", 0, 32 },
	{ "pcstall_age_half", 0, 1024 },
};

static char big_ones[4097], big_zeros[4097];

/* Write @in (with length @len); must fail with EINVAL and keep @path. */
static void reject(const char *path, const char *what, const char *in,
		   size_t len)
{
	char before[256], after[256];
	int err;

	vt_read_line(path, before, sizeof(before));
	err = vt_write(path, in, len);
	vt_read_line(path, after, sizeof(after));
	vt_ok(err == -EINVAL && !strcmp(before, after),
	      "%s: %s rejected with EINVAL (%s), value kept", path, what,
	      strerror(-err));
}

static void accept(const char *path, const char *in, const char *expect)
{
	char after[256];
	int err = vt_write_str(path, in);

	vt_read_line(path, after, sizeof(after));
	vt_ok(!err && !strcmp(after, expect), "%s: '%s' accepted, reads '%s'",
	      path, expect, after);
}

static void common_rejects(const char *path)
{
	reject(path, "empty line", "\n", 1);
	reject(path, "4 KiB of digits", big_ones, 4096);
	reject(path, "4 KiB of zeros", big_zeros, 4096);
	reject(path, "embedded NUL", "1\0" "2", 3);
	reject(path, "garbage", "x1", 2);
	reject(path, "two newlines", "1\n\n", 3);
}

static void check_numeric(const struct num_tunable *t)
{
	const char *path = vt_tunable(0, t->name);
	char buf[64], mid[32], over[32];
	struct stat st;

	vt_ok(!stat(path, &st) && (st.st_mode & 0777) == 0644 && !st.st_uid,
	      "%s: mode 0644 owned by root", t->name);
	snprintf(buf, sizeof(buf), "%u", t->max);
	accept(path, buf, buf);
	snprintf(mid, sizeof(mid), "%u", (t->min + t->max) / 2);
	accept(path, mid, mid);
	snprintf(buf, sizeof(buf), "%u\n", t->min);
	buf[strlen(buf) - 1] = 0;
	accept(path, buf, buf);
	accept(path, mid, mid);
	common_rejects(path);
	reject(path, "negative", "-1", 2);
	reject(path, "minus zero", "-0", 2);
	reject(path, "hex", "0x10", 4);
	reject(path, "leading space", " 5", 2);
	reject(path, "trailing space", "5 ", 2);
	reject(path, "fraction", "1.5", 3);
	reject(path, "two numbers", "1 2", 3);
	reject(path, "2^32", "4294967296", 10);
	reject(path, "2^64", "18446744073709551616", 20);
	reject(path, "huge", "99999999999999999999999999", 26);
	snprintf(over, sizeof(over), "%llu", (unsigned long long)t->max + 1);
	reject(path, "max + 1", over, strlen(over));
	vt_ok(vt_write(path, "", 0) == 0 &&
	      !vt_read_line(path, buf, sizeof(buf)) && !strcmp(buf, mid),
	      "%s: zero-length write changes nothing", t->name);
}

static void check_named(const char *file, const char *avail)
{
	const char *path = vt_tunable(0, file);
	char list[1024], orig[64], *tok, *save;
	struct stat st;
	int n = 0;

	vt_ok(!stat(path, &st) && (st.st_mode & 0777) == 0644,
	      "%s: mode 0644", file);
	vt_read_line(path, orig, sizeof(orig));
	vt_ok(!vt_read_line(vt_tunable(0, avail), list, sizeof(list)) &&
	      strstr(list, orig), "%s lists the current %s '%s'", avail, file,
	      orig);
	for (tok = strtok_r(list, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save)) {
		char in[80];

		snprintf(in, sizeof(in), "%s\n", tok);
		accept(path, in, tok);
		n++;
	}
	vt_ok(n >= 2, "%s offers %d choices", avail, n);
	accept(path, orig, orig);
	common_rejects(path);
	reject(path, "unknown name", "no_such_thing", 13);
	reject(path, "trailing space", "edp ", 4);
	reject(path, "upper case", "EDP", 3);
	reject(path, "negative", "-1", 2);
	reject(path, "prefix", "e", 1);
	vt_ok(vt_write(vt_tunable(0, avail), "x", 1) == -EACCES,
	      "%s is read-only", avail);
}

/* target: "N%" with N in 1..100, or an absolute rate "N" >= 1 */
static void check_target(void)
{
	const char *path = vt_tunable(0, "target");
	struct stat st;

	vt_ok(!stat(path, &st) && (st.st_mode & 0777) == 0644,
	      "target: mode 0644");
	accept(path, "75%", "75%");
	accept(path, "1%\n", "1%");
	accept(path, "100%", "100%");
	accept(path, "2000000000", "2000000000");
	accept(path, "18446744073709551615", "18446744073709551615");
	accept(path, "50%", "50%");
	common_rejects(path);
	reject(path, "0%", "0%", 2);
	reject(path, "101%", "101%", 4);
	reject(path, "absolute 0", "0", 1);
	reject(path, "percent alone", "%", 1);
	reject(path, "two percent signs", "5%%", 3);
	reject(path, "negative", "-5%", 3);
	reject(path, "space before %", "5 %", 3);
	reject(path, "fraction", "7.5%", 4);
	reject(path, "2^64", "18446744073709551616", 20);
}

int main(void)
{
	size_t i;

	memset(big_ones, '1', 4096);
	memset(big_zeros, '0', 4096);
	big_zeros[4095] = '1';
	vt_ok(!vt_setup(NULL), "modules load");
	vt_ok(!vt_set_governor(0, "gpugov"), "device -> gpugov");
	for (i = 0; i < sizeof(nums) / sizeof(nums[0]); i++)
		check_numeric(&nums[i]);
	check_named("predictor", "available_predictors");
	check_named("objective", "available_objectives");
	check_target();
	reject(vt_tunable(0, "pcstall_entries"), "not a power of two", "3", 1);
	reject(vt_tunable(0, "pcstall_entries"), "zero", "0", 1);
	vt_ok(vt_write(vt_tunable(0, "power_model"), "x", 1) == -EACCES,
	      "power_model is read-only");
	vt_ok(vt_wait_polls(0, 3, 5000) &&
	      vt_key(vt_govdbg(0, "stats"), "decisions") > 0,
	      "governor keeps deciding after all that");
	vt_ok(!vt_set_governor(0, "simple_ondemand"), "back to simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
