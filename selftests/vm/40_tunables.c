// SPDX-License-Identifier: GPL-2.0
/*
 * 40_tunables.c - every gpugov tunable accepts valid values (read back
 * exactly) and rejects malformed, negative, overflowing, out-of-range,
 * empty-line and 4 KiB input with EINVAL, leaving the value unchanged;
 * files are root-only writable (0644) and the read-only ones refuse
 * writes.  A zero-length write never reaches gpugov: the sysfs core
 * returns 0 for it and every value stays.
 *
 * `target` is parsed as a 64-bit number but its absolute form is
 * 1..4294967295 (the policies divide by it in 32 bits): 2^32 and above
 * must be refused, not truncated later.
 */
#include "vmtap.h"

struct num_tunable {
	const char *name;
	unsigned int min, max;
};

static const struct num_tunable nums[] = {
	{ "max_slowdown", 0, 1000 },
	{ "util", 0, 100 },
	{ "util_max", 0, 100 },
	{ "slack", 0, 100 },
	{ "hysteresis", 0, 100 },
	{ "power_dyn_uw", 0, 1000000000 },
	{ "power_static_uw", 0, 1000000000 },
	{ "power_uncore_uw", 0, 1000000000 },
	{ "power_idle_uw", 0, 1000000000 },
	{ "power_idle_static_uw", 0, 1000000000 },
	{ "pcstall_entries", 1, 1024 },
	{ "pcstall_shift", 0, 32 },
	{ "pcstall_age_half", 0, 1024 },
};

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static char big_ones[4097], big_zeros[4097];

/* An input to refuse; @len counts embedded NULs. */
struct bad_input {
	const char *what, *in;
	size_t len;
};

#define BAD(what, in)	{ what, in, sizeof(in) - 1 }

/* What every tunable refuses. */
static const struct bad_input bad_any[] = {
	BAD("empty line", "\n"),
	{ "4 KiB of digits", big_ones, 4096 },
	{ "4 KiB of zeros", big_zeros, 4096 },
	BAD("embedded NUL", "1\0" "2"),
	BAD("garbage", "x1"),
	BAD("two newlines", "1\n\n"),
};

static const struct bad_input bad_number[] = {
	BAD("negative", "-1"),
	BAD("minus zero", "-0"),
	BAD("hex", "0x10"),
	BAD("leading space", " 5"),
	BAD("trailing space", "5 "),
	BAD("fraction", "1.5"),
	BAD("two numbers", "1 2"),
	BAD("2^32", "4294967296"),
	BAD("2^64", "18446744073709551616"),
	BAD("huge", "99999999999999999999999999"),
};

static const struct bad_input bad_name[] = {
	BAD("unknown name", "no_such_thing"),
	BAD("trailing space", "edp "),
	BAD("upper case", "EDP"),
	BAD("negative", "-1"),
	BAD("prefix", "e"),
};

static const struct bad_input bad_target[] = {
	BAD("0%", "0%"),
	BAD("101%", "101%"),
	BAD("absolute 0", "0"),
	BAD("percent alone", "%"),
	BAD("two percent signs", "5%%"),
	BAD("negative", "-5%"),
	BAD("space before %", "5 %"),
	BAD("fraction", "7.5%"),
	BAD("2^32", "4294967296"),
	BAD("2^32 + 1", "4294967297"),
	BAD("2^33", "8589934592"),
	BAD("2^64 - 1", "18446744073709551615"),
	BAD("2^64", "18446744073709551616"),
	BAD("2^32 percent", "4294967296%"),
	BAD("2^32 + 50 percent", "4294967346%"),
};

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

/* Every input of bad_any, then the @n of @more. */
static void reject_all(const char *path, const struct bad_input *more,
		       size_t n)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad_any); i++)
		reject(path, bad_any[i].what, bad_any[i].in, bad_any[i].len);
	for (i = 0; i < n; i++)
		reject(path, more[i].what, more[i].in, more[i].len);
}

/* Writable by root only, readable by everyone. */
static void check_mode(const char *path, const char *name)
{
	struct stat st;

	vt_ok(!stat(path, &st) && (st.st_mode & 0777) == 0644 && !st.st_uid,
	      "%s: mode 0644 owned by root", name);
}

/*
 * A zero-length write (`: > file`) succeeds, writing nothing: sysfs does
 * not call the store for it (unlike "\n", an empty line, which is EINVAL).
 */
static void zero_length(const char *path, const char *name)
{
	char before[256], after[256];

	vt_read_line(path, before, sizeof(before));
	vt_ok(vt_write(path, "", 0) == 0 &&
	      !vt_read_line(path, after, sizeof(after)) &&
	      !strcmp(before, after),
	      "%s: zero-length write returns 0 and changes nothing ('%s')",
	      name, after);
}

static void check_numeric(const struct num_tunable *t)
{
	const char *path = vt_tunable(0, t->name);
	char buf[64], mid[32], over[32];

	check_mode(path, t->name);
	snprintf(buf, sizeof(buf), "%u", t->max);
	accept(path, buf, buf);
	snprintf(mid, sizeof(mid), "%u", (t->min + t->max) / 2);
	accept(path, mid, mid);
	snprintf(buf, sizeof(buf), "%u\n", t->min);
	buf[strlen(buf) - 1] = 0;
	accept(path, buf, buf);
	accept(path, mid, mid);
	reject_all(path, bad_number, ARRAY_SIZE(bad_number));
	snprintf(over, sizeof(over), "%llu", (unsigned long long)t->max + 1);
	reject(path, "max + 1", over, strlen(over));
	zero_length(path, t->name);
}

static void check_named(const char *file, const char *avail)
{
	const char *path = vt_tunable(0, file);
	char list[1024], orig[64], *tok, *save;
	int n = 0;

	check_mode(path, file);
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
	reject_all(path, bad_name, ARRAY_SIZE(bad_name));
	zero_length(path, file);
	vt_ok(vt_write(vt_tunable(0, avail), "x", 1) == -EACCES,
	      "%s is read-only", avail);
}

/* target: "N%" with N in 1..100, or an absolute rate "N" >= 1 */
static void check_target(void)
{
	const char *path = vt_tunable(0, "target");

	check_mode(path, "target");
	accept(path, "75%", "75%");
	accept(path, "1%\n", "1%");
	accept(path, "100%", "100%");
	accept(path, "2000000000", "2000000000");
	accept(path, "4294967295", "4294967295");
	accept(path, "1", "1");
	accept(path, "50%", "50%");
	reject_all(path, bad_target, ARRAY_SIZE(bad_target));
	zero_length(path, "target");
}

int main(void)
{
	size_t i;

	memset(big_ones, '1', 4096);
	memset(big_zeros, '0', 4096);
	big_zeros[4095] = '1';
	vt_ok(!vt_setup(NULL), "modules load");
	vt_ok(!vt_set_governor(0, "gpugov"), "device -> gpugov");
	/* First: the other tunables' checks leave it "custom". */
	check_named("profile", "available_profiles");
	for (i = 0; i < ARRAY_SIZE(nums); i++)
		check_numeric(&nums[i]);
	check_named("predictor", "available_predictors");
	check_named("objective", "available_objectives");
	check_named("coremem_gpu", "available_coremem_gpus");
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
