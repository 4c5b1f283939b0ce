// SPDX-License-Identifier: GPL-2.0
/*
 * 43_profile.c - the `profile` knob: each profile sets the objective and
 * the deadline tunables it documents (and nothing else), reads back as
 * itself until one of them is changed by hand ("custom"), and again once
 * they are written back; "custom" cannot be written; under
 * `performance` the device runs at its top OPP; a profile survives a
 * switch away and back.  (40_tunables.c checks its input handling.)
 */
#include "vmtap.h"

struct profile {
	const char *name, *objective, *util, *util_max, *slack;
};

/* As Documentation/ABI/testing/sysfs-class-devfreq-gpugov states them. */
static const struct profile profiles[] = {
	{ "battery", "deadline", "100", "100", "10" },
	{ "balanced", "deadline", "90", "100", "1" },
	{ "performance", "performance", "90", "100", "1" },
};

static bool reads(const char *file, const char *want)
{
	char got[64];

	return !vt_read_line(vt_tunable(0, file), got, sizeof(got)) &&
	       !strcmp(got, want);
}

static bool has_values(const struct profile *p)
{
	return reads("objective", p->objective) && reads("util", p->util) &&
	       reads("util_max", p->util_max) && reads("slack", p->slack);
}

/* Tunables no profile touches, set to non-defaults before each profile. */
static const char *const others[][2] = {
	{ "hysteresis", "3" },
	{ "max_slowdown", "20" },
	{ "predictor", "stall" },
	{ "power_dyn_uw", "1500000" },
};

static bool others_kept(void)
{
	size_t i;

	for (i = 0; i < sizeof(others) / sizeof(others[0]); i++)
		if (!reads(others[i][0], others[i][1]))
			return false;
	return true;
}

static void check_profile(const struct profile *p)
{
	char in[32];

	vt_ok(!vt_write_str(vt_tunable(0, "profile"), p->name) &&
	      reads("profile", p->name) && has_values(p) && others_kept(),
	      "%s: objective %s, util %s, util_max %s, slack %s; the other tunables as they were",
	      p->name, p->objective, p->util, p->util_max, p->slack);
	vt_ok(!vt_write_str(vt_tunable(0, "slack"), "7") &&
	      reads("profile", "custom"), "%s, then slack 7: reads custom",
	      p->name);
	vt_ok(!vt_write_str(vt_tunable(0, "slack"), p->slack) &&
	      reads("profile", p->name), "slack %s again: reads %s", p->slack,
	      p->name);
	snprintf(in, sizeof(in), "%s\n", p->name);
	vt_ok(!vt_write_str(vt_tunable(0, "util"), "55") &&
	      !vt_write_str(vt_tunable(0, "profile"), in) &&
	      reads("util", p->util) && reads("profile", p->name),
	      "util 55, then '%s\\n' again: util %s", p->name, p->util);
}

int main(void)
{
	size_t i;

	vt_ok(!vt_setup(NULL), "modules load");
	vt_replay_loop(DATA_DIR "/sweep.blob", 65536);
	vt_ok(reads("profile", "balanced") && has_values(&profiles[1]),
	      "a fresh device reads balanced, with balanced's values");
	for (i = 0; i < sizeof(others) / sizeof(others[0]); i++)
		vt_write_str(vt_tunable(0, others[i][0]), others[i][1]);
	vt_ok(others_kept(), "hysteresis, max_slowdown, predictor, power_dyn_uw set");
	for (i = 0; i < sizeof(profiles) / sizeof(profiles[0]); i++)
		check_profile(&profiles[i]);

	vt_ok(!vt_write_str(vt_tunable(0, "hysteresis"), "0") &&
	      !vt_write_str(vt_tunable(0, "profile"), "performance") &&
	      vt_wait_polls(0, 3, 5000) &&
	      vt_key(vt_govdbg(0, "decision"), "chosen") ==
	      vt_key(vt_govdbg(0, "decision"), "allowed_hi"),
	      "performance: the device runs at its highest allowed OPP");
	vt_ok(vt_write_str(vt_tunable(0, "profile"), "custom") == -EINVAL &&
	      reads("profile", "performance"),
	      "writing custom: EINVAL, profile kept");
	vt_ok(vt_write_str(vt_tunable(0, "profile"), "performance ") == -EINVAL &&
	      reads("profile", "performance"),
	      "a profile name with a trailing space: EINVAL");

	vt_ok(!vt_write_str(vt_tunable(0, "profile"), "battery") &&
	      !vt_set_governor(0, "simple_ondemand") &&
	      !vt_set_governor(0, "gpugov") && reads("profile", "battery") &&
	      has_values(&profiles[0]),
	      "battery survives a switch to simple_ondemand and back");
	vt_ok(vt_wait_polls(0, 3, 5000) &&
	      vt_key(vt_govdbg(0, "stats"), "decisions") > 0,
	      "and gpugov decides under it");
	vt_ok(!vt_set_governor(0, "simple_ondemand"), "back to simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
