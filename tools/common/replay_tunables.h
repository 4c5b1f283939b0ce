/* SPDX-License-Identifier: GPL-2.0 */
/*
 * replay_tunables.h - which gpugov-replay option reproduces each tunable
 * of /sys/class/devfreq/<dev>/gpugov/: the one table gpugov-trace
 * --record writes a recording's replay-options header line from.
 */
#ifndef GPUGOV_REPLAY_TUNABLES_H
#define GPUGOV_REPLAY_TUNABLES_H

#include <stddef.h>

/**
 * struct replay_tunable - one writable tunable and its replay option
 * @sysfs: the file in the device's gpugov/ directory
 * @option: the gpugov-replay option (without "--") that takes its value
 *	as the file shows it
 */
struct replay_tunable {
	const char *sysfs;
	const char *option;
};

extern const struct replay_tunable replay_tunables[];
extern const size_t replay_nr_tunables;
extern const char *const replay_aliases[];
extern const size_t replay_nr_aliases;

int replay_tunables_options(const char *dir, char *out, size_t size,
			    char *err, size_t errlen);

#endif /* GPUGOV_REPLAY_TUNABLES_H */
