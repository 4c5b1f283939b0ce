/* SPDX-License-Identifier: GPL-2.0 */
/*
 * status.h - what gpugov-status reads about one devfreq device: the
 * devfreq class files, gpugov's sysfs group and its debugfs directory
 * (docs/governor.md), as the governor writes them.
 */
#ifndef GPUGOV_STATUS_H
#define GPUGOV_STATUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define ST_NAME_MAX	64
#define ST_VAL_MAX	1024
#define ST_KV_MAX	48
#define ST_OPPS_MAX	64

/* One "key value" line of a debugfs file, or one file of a directory. */
struct st_kv {
	char key[ST_NAME_MAX];
	char val[ST_VAL_MAX];
};

struct st_kvs {
	struct st_kv kv[ST_KV_MAX];
	int n;
};

/* One line of debugfs opps (the columns the status shows). */
struct st_opp {
	unsigned long long khz, uv, power_uw;
};

/**
 * struct st_dev - one devfreq device
 * @name: its name in /sys/class/devfreq
 * @driver: the driver bound to its parent device, or "" when unknown
 * @dev: the devfreq class files (governor, cur_freq, min_freq, max_freq,
 *	available_frequencies, available_governors, polling_interval)
 * @gpugov: gpugov governs it (its sysfs group is there)
 * @tun: gpugov's sysfs files (tunables and read-only companions)
 * @debugfs: gpugov's debugfs directory of the device was readable
 * @decision, @stats, @sample: its debugfs files
 * @opps: its OPP table (debugfs opps), @nr_opps lines
 */
struct st_dev {
	char name[ST_NAME_MAX];
	char driver[ST_NAME_MAX];
	struct st_kvs dev;
	bool gpugov;
	struct st_kvs tun;
	bool debugfs;
	struct st_kvs decision, stats, sample;
	struct st_opp opps[ST_OPPS_MAX];
	int nr_opps;
};

/* A tunable whose value differs from the governor's default. */
struct st_diff {
	const char *key;
	const char *val;
	char def[ST_VAL_MAX];
};

const char *st_root(void);
int st_list(char names[][ST_NAME_MAX], int max, char *err, size_t errlen);
int st_read(const char *name, struct st_dev *d, char *err, size_t errlen);
const char *st_get(const struct st_kvs *s, const char *key);
int st_diffs(const struct st_dev *d, struct st_diff *out, int max);
void st_fallback_why(const struct st_dev *d, char *buf, size_t len);

void st_print_text(FILE *f, const struct st_dev *d);
void st_print_json(FILE *f, const struct st_dev *devs, int n);

int st_report(const char *path, const struct st_dev *devs, int n,
	      unsigned int trace_secs,
	      char *err, size_t errlen);

#endif /* GPUGOV_STATUS_H */
