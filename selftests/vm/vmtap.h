/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vmtap.h - helpers for the kselftest-style TAP programs that run inside
 * the test guest (tools/vm): TAP output, module load/unload with exact
 * errno, sysfs/debugfs access, and setting up gpugov + gpugov_sim.
 *
 * Each program prints "ok N - ..." / "not ok N - ..." lines (those of
 * selftests/unit/tap.h) and ends with the plan "1..N" and no RESULT line
 * (tools/vm/parse-log.sh reports for the guest); it exits non-zero if a
 * test failed.
 */
#ifndef GPUGOV_VMTAP_H
#define GPUGOV_VMTAP_H

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "../unit/tap.h"

#define SYSFS_DEVFREQ	"/sys/class/devfreq"
#define DEBUGFS_GOV	"/sys/kernel/debug/gpugov"
#define DEBUGFS_SIM	"/sys/kernel/debug/gpugov_sim"
#define SIM_DEV		"gpugov_sim."
#define DATA_DIR	"/data"

/* TAP output: the unit tests' helpers, without their RESULT line. */
#define vt_ok(cond, ...)	tap_ok(cond, __VA_ARGS__)
#define vt_diag(...)		tap_diag(__VA_ARGS__)
#define vt_done()		tap_plan()

static inline void vt_sleep_ms(unsigned int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* ---- files ---- */

/* Write @len bytes in one write(); 0 or -errno. */
static inline int vt_write(const char *path, const void *buf, size_t len)
{
	int fd = open(path, O_WRONLY);
	ssize_t n;
	int err = 0;

	if (fd < 0)
		return -errno;
	n = write(fd, buf, len);
	if (n < 0)
		err = -errno;
	else if ((size_t)n != len)
		err = -EIO;
	close(fd);
	return err;
}

static inline int vt_write_str(const char *path, const char *s)
{
	return vt_write(path, s, strlen(s));
}

/* Read a whole (small) file into @buf, NUL-terminated; length or -errno. */
static inline int vt_read(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	size_t len = 0;
	ssize_t n;

	if (fd < 0)
		return -errno;
	while (len + 1 < size && (n = read(fd, buf + len, size - 1 - len)) > 0)
		len += n;
	buf[len] = 0;
	close(fd);
	return (int)len;
}

/* First line of @path without its newline, in @buf. */
static inline int vt_read_line(const char *path, char *buf, size_t size)
{
	int n = vt_read(path, buf, size);

	if (n < 0)
		return n;
	buf[strcspn(buf, "\n")] = 0;
	return 0;
}

/* Value of "key value" line @key in the text @buf; 0 or -ENOENT/-EINVAL. */
static inline int vt_buf_key(const char *buf, const char *key,
			     unsigned long long *v)
{
	size_t klen = strlen(key);
	const char *line;

	for (line = buf; line && *line; line = strchr(line, '\n'),
	     line = line ? line + 1 : NULL) {
		if (!strncmp(line, key, klen) && line[klen] == ' ') {
			char *end;

			errno = 0;
			*v = strtoull(line + klen + 1, &end, 0);
			if (errno || (*end != '\n' && *end))
				return -EINVAL;
			return 0;
		}
	}
	return -ENOENT;
}

/*
 * The whitespace-separated numbers of the first line of @path (such as
 * devfreq's available_frequencies) into @v, in order; their count, or -1.
 */
static inline int vt_read_numbers(const char *path, unsigned long *v, int max)
{
	char buf[1024], *tok, *save;
	int n = 0;

	if (vt_read_line(path, buf, sizeof(buf)))
		return -1;
	for (tok = strtok_r(buf, " ", &save); tok && n < max;
	     tok = strtok_r(NULL, " ", &save))
		v[n++] = strtoul(tok, NULL, 10);
	return n;
}

/* Value of "key value" line @key in @path; 0 or -errno/-ENOENT. */
static inline int vt_read_key(const char *path, const char *key, unsigned long long *v)
{
	static char buf[65536];
	int n = vt_read(path, buf, sizeof(buf));

	return n < 0 ? n : vt_buf_key(buf, key, v);
}

static inline bool vt_exists(const char *path)
{
	struct stat st;

	return !stat(path, &st);
}

/* ---- modules ---- */

static const char *vt_kver(void)
{
	static struct utsname u;

	if (!u.release[0])
		uname(&u);
	return u.release;
}

/* finit_module of @path with @params; 0 or -errno. */
static inline int vt_insmod(const char *path, const char *params)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int err = 0;

	if (fd < 0)
		return -errno;
	if (syscall(SYS_finit_module, fd, params ? params : "", 0))
		err = -errno;
	close(fd);
	return err;
}

/* An out-of-tree module of ours by name (extra/NAME.ko). */
static inline int vt_load(const char *name, const char *params)
{
	char path[256];

	snprintf(path, sizeof(path), "/lib/modules/%s/extra/%s.ko", vt_kver(),
		 name);
	return vt_insmod(path, params);
}

/* delete_module without waiting; 0 or -errno (-EWOULDBLOCK while in use). */
static inline int vt_unload(const char *name)
{
	if (syscall(SYS_delete_module, name, O_NONBLOCK))
		return -errno;
	return 0;
}

static inline bool vt_module_loaded(const char *name)
{
	char path[256];

	snprintf(path, sizeof(path), "/sys/module/%s", name);
	return vt_exists(path);
}

/* simple_ondemand from the guest kernel's own modules. */
static inline int vt_load_ondemand(void)
{
	char path[256];
	int err;

	if (vt_module_loaded("governor_simpleondemand"))
		return 0;
	snprintf(path, sizeof(path),
		 "/lib/modules/%s/kernel/drivers/devfreq/governor_simpleondemand.ko",
		 vt_kver());
	err = vt_insmod(path, NULL);
	return err == -EEXIST ? 0 : err;
}

/* ---- gpugov + gpugov_sim ---- */

static char vt_pathbuf[8][512];
static int vt_pathidx;

/* A path of device @dev: fmt gets the device name (gpugov_sim.N). */
__attribute__((format(printf, 1, 0)))
static const char *vt_path(const char *fmt, int dev, const char *file)
{
	char *p = vt_pathbuf[vt_pathidx++ & 7];
	char name[32];

	snprintf(name, sizeof(name), SIM_DEV "%d", dev);
	snprintf(p, 512, fmt, name, file);
	return p;
}

#define vt_devfreq(dev, file)	vt_path(SYSFS_DEVFREQ "/%s/%s", dev, file)
#define vt_tunable(dev, file)	vt_path(SYSFS_DEVFREQ "/%s/gpugov/%s", dev, file)
#define vt_govdbg(dev, file)	vt_path(DEBUGFS_GOV "/%s/%s", dev, file)
#define vt_simdbg(dev, file)	vt_path(DEBUGFS_SIM "/%s/%s", dev, file)

/*
 * gpugov's OPP table on device @dev (debugfs opps, its indices in order)
 * in kHz into @khz; its size, or -1.
 */
static inline int vt_gov_khz(int dev, unsigned long *khz, int max)
{
	static char buf[8192];
	unsigned int idx, k;
	char *line;
	int n = 0;

	if (vt_read(vt_govdbg(dev, "opps"), buf, sizeof(buf)) <= 0)
		return -1;
	line = strchr(buf, '\n');
	while (line && *++line && n < max) {
		if (sscanf(line, "%u %u", &idx, &k) != 2 || (int)idx != n)
			return -1;
		khz[n++] = k;
		line = strchr(line, '\n');
	}
	return n;
}

static inline int vt_set_governor(int dev, const char *gov)
{
	return vt_write_str(vt_devfreq(dev, "governor"), gov);
}

static inline bool vt_governor_is(int dev, const char *gov)
{
	char buf[64];

	return !vt_read_line(vt_devfreq(dev, "governor"), buf, sizeof(buf)) &&
	       !strcmp(buf, gov);
}

/* Load a blob file into device @dev's trace file, in @chunk-byte writes. */
static inline int vt_load_blob(int dev, const char *blob, size_t chunk)
{
	static char buf[1 << 16];
	int in = open(blob, O_RDONLY), out;
	ssize_t n;
	int err = 0;

	if (in < 0)
		return -errno;
	out = open(vt_simdbg(dev, "trace"), O_WRONLY);
	if (out < 0) {
		err = -errno;
		close(in);
		return err;
	}
	if (chunk > sizeof(buf))
		chunk = sizeof(buf);
	while (!err && (n = read(in, buf, chunk)) > 0) {
		ssize_t w = write(out, buf, n);

		if (w < 0)
			err = -errno;
		else if (w != n)
			err = -EIO;
	}
	close(in);
	close(out);
	return err;
}

static inline unsigned long long vt_key(const char *path, const char *key)
{
	unsigned long long v = 0;

	if (vt_read_key(path, key, &v))
		return ~0ULL;
	return v;
}

/*
 * Key @key of a snapshot @buf that vt_read() took of a file; keys that
 * must agree with each other (decisions and fallbacks, min <= avg <= max)
 * come from one read, since the device polls between two reads.
 */
static inline unsigned long long vt_snap_key(const char *buf, const char *key)
{
	unsigned long long v = 0;

	if (vt_buf_key(buf, key, &v))
		return ~0ULL;
	return v;
}

/* Wait up to @ms for the sim device's replay to finish. */
static inline bool vt_wait_done(int dev, unsigned int ms)
{
	unsigned int t;

	for (t = 0; t < ms; t += 20) {
		if (vt_key(vt_simdbg(dev, "status"), "done") == 1)
			return true;
		vt_sleep_ms(20);
	}
	return false;
}

/* Wait until the sim device's run reached segment @pos (or ended). */
static inline bool vt_wait_pos(int dev, unsigned long long pos)
{
	unsigned int t;

	for (t = 0; t < 20000; t += 2) {
		char st[1024];

		if (vt_read(vt_simdbg(dev, "status"), st, sizeof(st)) > 0 &&
		    (vt_snap_key(st, "pos") >= pos || vt_snap_key(st, "done") == 1))
			return true;
		vt_sleep_ms(2);
	}
	return false;
}

/* What a device's devfreq and gpugov state was, as TAP comments. */
static inline void vt_dump_device(int dev)
{
	static const char *const sysfs[] = { "governor", "polling_interval",
		"timer", "cur_freq", "min_freq", "max_freq" };
	static char buf[4096];
	unsigned int i;
	int n, j;

	for (i = 0; i < sizeof(sysfs) / sizeof(sysfs[0]); i++) {
		n = vt_read(vt_devfreq(dev, sysfs[i]), buf, sizeof(buf));
		vt_diag("%s: %s", sysfs[i], n > 0 ? strtok(buf, "\n") : "?");
	}
	n = vt_read(vt_simdbg(dev, "status"), buf, sizeof(buf));
	for (j = 0; j < n; j++)
		buf[j] = buf[j] == '\n' ? ' ' : buf[j];
	vt_diag("sim status: %s", n > 0 ? buf : "?");
	n = vt_read(vt_govdbg(dev, "stats"), buf, sizeof(buf));
	for (j = 0; j < n; j++)
		buf[j] = buf[j] == '\n' ? ' ' : buf[j];
	vt_diag("gpugov stats: %s", n > 0 ? buf : "?");
}

/*
 * Wait until the device has been polled @n more times; if it is not, say
 * what its state was (a device that stops polling is what to debug).
 */
static inline bool vt_wait_polls(int dev, unsigned long long n, unsigned int ms)
{
	unsigned long long start = vt_key(vt_simdbg(dev, "status"), "polls");
	unsigned int t;

	for (t = 0; t < ms; t += 10) {
		unsigned long long p = vt_key(vt_simdbg(dev, "status"), "polls");

		if (p != ~0ULL && p >= start + n)
			return true;
		vt_sleep_ms(10);
	}
	vt_diag("device %d: fewer than %llu polls in %u ms", dev, n, ms);
	vt_dump_device(dev);
	return false;
}

/* The thermal cooling device of gpugov_sim.0, or NULL. */
static inline const char *vt_cooling_dir(void)
{
	static char dir[512];
	char path[576], type[64];
	struct dirent *e;
	DIR *d = opendir("/sys/class/thermal");
	bool found = false;

	while (d && !found && (e = readdir(d))) {
		if (strncmp(e->d_name, "cooling_device", 14))
			continue;
		snprintf(path, sizeof(path), "/sys/class/thermal/%s/type", e->d_name);
		if (!vt_read_line(path, type, sizeof(type)) &&
		    !strcmp(type, "devfreq-" SIM_DEV "0")) {
			snprintf(dir, sizeof(dir), "/sys/class/thermal/%s", e->d_name);
			found = true;
		}
	}
	if (d)
		closedir(d);
	return found ? dir : NULL;
}

/* simple_ondemand, gpugov and gpugov_sim with @sim_params, all fresh. */
static inline int vt_setup(const char *sim_params)
{
	int err = vt_load_ondemand();

	if (!err)
		err = vt_load("gpugov", NULL);
	if (!err)
		err = vt_load("gpugov_sim", sim_params);
	return err;
}

/*
 * Device 0 replays @blob, loaded in @chunk-byte writes, in a loop under
 * gpugov: three checks.
 */
static inline void vt_replay_loop(const char *blob, size_t chunk)
{
	vt_ok(!vt_load_blob(0, blob, chunk), "trace loaded");
	vt_ok(!vt_set_governor(0, "gpugov"), "device -> gpugov");
	vt_ok(!vt_write_str(vt_simdbg(0, "loop"), "1") &&
	      !vt_write_str(vt_simdbg(0, "run"), "1"), "replay running");
}

static inline int vt_teardown(void)
{
	int err = 0, e;

	if (vt_module_loaded("gpugov_sim"))
		err = vt_unload("gpugov_sim");
	if (vt_module_loaded("gpugov")) {
		e = vt_unload("gpugov");
		err = err ? err : e;
	}
	return err;
}

#endif /* GPUGOV_VMTAP_H */
