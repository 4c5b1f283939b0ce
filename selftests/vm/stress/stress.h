/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stress.h - helpers of the guest stress programs (selftests/vm/stress/):
 * time budgets, forked workers that run until told to stop, and counters
 * shared between them (anonymous shared memory, atomic adds).
 *
 * A program maps one struct st_shared, forks its workers with st_spawn()
 * (each loops on its job until st_stopping()), sleeps or drives the main
 * loop itself, then st_stop_all() ends the workers and reports any that
 * did not exit 0.  Counts are printed as TAP diagnostics by the program.
 */
#ifndef GPUGOV_STRESS_H
#define GPUGOV_STRESS_H

#include <dirent.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include "vmtap.h"

#define ST_MAX_WORKERS	16
#define ST_MAX_COUNTERS	32

/**
 * struct st_shared - what the workers and the main process share
 * @stop: set by the main process to end the workers
 * @count: event counters, indices chosen by each program
 */
struct st_shared {
	volatile int stop;
	unsigned long long count[ST_MAX_COUNTERS];
};

static struct st_shared *st;
static pid_t st_pids[ST_MAX_WORKERS];
static int st_nr_pids;

static inline void st_init(void)
{
	st = mmap(NULL, sizeof(*st), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (st == MAP_FAILED) {
		perror("mmap");
		exit(1);
	}
	memset(st, 0, sizeof(*st));
}

static inline void st_add(int counter, unsigned long long n)
{
	__atomic_fetch_add(&st->count[counter], n, __ATOMIC_RELAXED);
}

static inline unsigned long long st_get(int counter)
{
	return __atomic_load_n(&st->count[counter], __ATOMIC_RELAXED);
}

static inline bool st_stopping(void)
{
	return __atomic_load_n(&st->stop, __ATOMIC_RELAXED);
}

static inline unsigned long long st_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000ULL + ts.tv_nsec / 1000000;
}

/*
 * A time budget, in ms, of @base_s seconds under the guest's default limit
 * of 600 s per program, scaled to the limit the runner set: VM_TEST_TIMEOUT
 * on the kernel command line, which /init passes on (the debug kernel's
 * 900 s, tools/vm/init.sh).  The programs run until they have done enough
 * or their budget is spent; how much fits is the host's speed, so they
 * print their counts and require only a floor far below what the slowest
 * host seen reaches: they fail on what they are for (a failed operation,
 * a device that stops deciding, a kernel report), never on a slow host.
 */
static inline unsigned long long st_budget_ms(unsigned int base_s)
{
	const char *e = getenv("VM_TEST_TIMEOUT");
	unsigned long long lim = e ? strtoull(e, NULL, 10) : 0;

	if (!lim || lim > 86400)
		lim = 600;
	return base_s * 1000ULL * lim / 600;
}

/* Fork a worker running @fn(@arg) until st_stopping(); 0 or -1. */
static inline int st_spawn(void (*fn)(int arg), int arg)
{
	pid_t pid;

	if (st_nr_pids == ST_MAX_WORKERS)
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid) {
		fn(arg);
		_exit(0);
	}
	st_pids[st_nr_pids++] = pid;
	return 0;
}

/* Stop and reap every worker; the number that did not exit 0. */
static inline int st_stop_all(void)
{
	int i, status, bad = 0;

	__atomic_store_n(&st->stop, 1, __ATOMIC_RELAXED);
	for (i = 0; i < st_nr_pids; i++) {
		if (waitpid(st_pids[i], &status, 0) != st_pids[i] ||
		    !WIFEXITED(status) || WEXITSTATUS(status))
			bad++;
	}
	st_nr_pids = 0;
	__atomic_store_n(&st->stop, 0, __ATOMIC_RELAXED);
	return bad;
}

/* Tiny per-process PRNG (xorshift), seeded per worker. */
static inline unsigned int st_rand(unsigned int *state)
{
	unsigned int x = *state;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*state = x;
	return x;
}

/*
 * Read every file of gpugov's debugfs directory of device @dev (and the
 * sim's status); counts the reads that returned data.  A directory or
 * file that vanishes under us (the device left gpugov) is not an error;
 * any other errno is returned as a negative count of failures.
 */
static inline int st_read_gov_debugfs(int dev, int *failures)
{
	static char buf[1 << 16];
	char dir[256], path[512];
	struct dirent *de;
	DIR *d;
	int n = 0, r;

	snprintf(dir, sizeof(dir), DEBUGFS_GOV "/" SIM_DEV "%d", dev);
	d = opendir(dir);
	if (!d)
		return 0;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		r = vt_read(path, buf, sizeof(buf));
		if (r > 0)
			n++;
		else if (r < 0 && r != -ENOENT && r != -ENODEV)
			(*failures)++;
	}
	closedir(d);
	if (vt_read(vt_simdbg(dev, "status"), buf, sizeof(buf)) > 0)
		n++;
	return n;
}

/* Governors to switch among: those of @want the kernel has. */
static inline int st_governors(const char *const *want, int nr_want,
			       const char **out)
{
	static char list[512];
	char path[256];
	int i, n = 0;

	/* A kernel with these as modules has them in its tree. */
	for (i = 0; i < nr_want; i++) {
		snprintf(path, sizeof(path),
			 "/lib/modules/%s/kernel/drivers/devfreq/governor_%s.ko",
			 vt_kver(), want[i]);
		if (vt_exists(path))
			vt_insmod(path, NULL);
	}
	if (vt_read_line(vt_devfreq(0, "available_governors"), list,
			 sizeof(list)))
		return 0;
	for (i = 0; i < nr_want; i++) {
		char *p = strstr(list, want[i]);
		size_t l = strlen(want[i]);

		while (p && !((p == list || p[-1] == ' ') &&
			      (p[l] == ' ' || !p[l])))
			p = strstr(p + 1, want[i]);
		if (p)
			out[n++] = want[i];
	}
	return n;
}

#endif /* GPUGOV_STRESS_H */

/* ---- tunable writers ---- */

/**
 * struct st_write - one write to a gpugov tunable
 * @file: file under /sys/class/devfreq/<dev>/gpugov/
 * @val: what to write
 * @valid: in the documented range: must succeed if the file exists
 */
struct st_write {
	const char *file, *val;
	bool valid;
};

static const struct st_write st_writes[] = {
	{ "hysteresis", "10", true }, { "hysteresis", "0", true },
	{ "hysteresis", "101", false }, { "util", "90", true },
	{ "util", "-1", false }, { "slack", "5", true },
	{ "util_max", "95", true }, { "util_max", "101", false },
	{ "max_slowdown", "1000", true }, { "max_slowdown", "1001", false },
	{ "objective", "edp", true }, { "objective", "deadline", true },
	{ "objective", "target", true }, { "objective", "performance", true },
	{ "objective", "bogus", false }, { "predictor", "crisp", true },
	{ "predictor", "stall", true }, { "predictor", "busy", true },
	{ "predictor", "pcstall", true }, { "target", "50%", true },
	{ "target", "4294967295", true }, { "target", "4294967296", false },
	{ "target", "0%", false }, { "power_dyn_uw", "2000000", true },
	{ "power_dyn_uw", "1000000001", false }, { "pcstall_entries", "64", true },
	{ "pcstall_entries", "3", false }, { "pcstall_shift", "4", true },
	{ "pcstall_age_half", "8", true },
};

/*
 * One write of a random entry of st_writes to device @dev.  Counters:
 * @c_ok writes that did what they should (valid accepted, invalid
 * refused with EINVAL), @c_gone writes that found gpugov not running on
 * the device (ENOENT: no group; ENODEV: stopping), @c_bad anything else.
 */
static inline void st_write_tunable(int dev, unsigned int *seed, int c_ok,
				    int c_gone, int c_bad)
{
	const struct st_write *w = &st_writes[st_rand(seed) %
		(sizeof(st_writes) / sizeof(st_writes[0]))];
	int err = vt_write_str(vt_tunable(dev, w->file), w->val);

	if (err == -ENOENT || err == -ENODEV)
		st_add(c_gone, 1);
	else if (w->valid ? !err : err == -EINVAL)
		st_add(c_ok, 1);
	else
		st_add(c_bad, 1);
}
