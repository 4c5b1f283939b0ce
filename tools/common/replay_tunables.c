// SPDX-License-Identifier: GPL-2.0
/*
 * replay_tunables.c - the map from gpugov's sysfs tunables to the
 * gpugov-replay options that set the same values.
 *
 * Every writable file of the gpugov/ group is here, because every one of
 * them can change a decision; selftests/unit/test_replay_tunables.c
 * checks the table against the (RW) files the ABI document lists (and
 * `make abi-check` the ABI document against the module's attributes).
 * The read-only files are not tunables: the available_* lists, and
 * power_model, whose energy-model powers a recording carries in its OPP
 * table; nor are the writable aliases of replay_aliases[].
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "replay_tunables.h"

const struct replay_tunable replay_tunables[] = {
	{ "predictor", "predictor" },
	{ "objective", "objective" },
	{ "max_slowdown", "max-slowdown" },
	{ "util", "util" },
	{ "util_max", "util-max" },
	{ "slack", "slack" },
	{ "hysteresis", "hysteresis" },
	{ "frame_period_us", "frame-period-us" },
	{ "react", "react" },
	{ "target", "target" },
	{ "power_dyn_uw", "dyn-uw" },
	{ "power_static_uw", "static-uw" },
	{ "power_uncore_uw", "uncore-uw" },
	{ "power_idle_uw", "idle-uw" },
	{ "power_idle_static_uw", "idle-static-uw" },
	{ "pcstall_entries", "pcstall-entries" },
	{ "pcstall_shift", "pcstall-shift" },
	{ "pcstall_age_half", "pcstall-age-half" },
	{ "coremem_gpu", "coremem-gpu" },
};

const size_t replay_nr_tunables = sizeof(replay_tunables) /
				  sizeof(replay_tunables[0]);

/*
 * Writable files that hold no value of their own: writing `profile` sets
 * objective, util, util_max and slack, and reading it is computed from
 * them, so a recording carries it through those.
 */
const char *const replay_aliases[] = { "profile" };

const size_t replay_nr_aliases = sizeof(replay_aliases) /
				 sizeof(replay_aliases[0]);

/* The first line of @path, without its newline: 0, or -1 with @err set. */
static int read_value(const char *path, char *val, size_t size, char *err,
		      size_t errlen)
{
	FILE *f = fopen(path, "r");
	int ok;

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	ok = fgets(val, (int)size, f) != NULL;
	fclose(f);
	if (ok)
		val[strcspn(val, "\n")] = '\0';
	/* One word, as every tunable shows its value. */
	if (!ok || !val[0] || strpbrk(val, " \t#")) {
		snprintf(err, errlen, "%s: not one value", path);
		return -1;
	}
	return 0;
}

/**
 * replay_tunables_options() - the replay options matching a device's
 * tunables now
 * @dir: the device's gpugov/ directory (or a copy of its files)
 * @out: out, "--predictor crisp --objective deadline ..." for every
 *	tunable of the table
 * @size: size of @out
 * @err: out, what failed
 * @errlen: size of @err
 *
 * A tunable left out would make the replay use its default, so every one
 * must be read.
 *
 * Return: 0, or -1 with @err set if a file cannot be read or the options
 * do not fit @size.
 */
int replay_tunables_options(const char *dir, char *out, size_t size,
			    char *err, size_t errlen)
{
	char path[512], val[64];
	size_t i, len = 0;

	if (size)
		out[0] = '\0';
	for (i = 0; i < replay_nr_tunables; i++) {
		const struct replay_tunable *t = &replay_tunables[i];

		snprintf(path, sizeof(path), "%s/%s", dir, t->sysfs);
		if (read_value(path, val, sizeof(val), err, errlen))
			return -1;
		len += (size_t)snprintf(out + len, size > len ? size - len : 0,
					"%s--%s %s", len ? " " : "", t->option,
					val);
		if (len >= size) {
			snprintf(err, errlen, "the options of %s do not fit %zu bytes",
				 dir, size);
			return -1;
		}
	}
	return 0;
}
