// SPDX-License-Identifier: GPL-2.0
/*
 * status_report.c - gpugov-status --report: one tarball for a bug report.
 *
 * It holds gpugov-report/ with status.txt and status.json (the status of
 * every device given), versions.txt (kernel, the gpugov packages, the
 * loaded module), dmesg.txt (the kernel log's lines naming gpugov), and,
 * for each device running gpugov, DEV.trace: a short recording by
 * gpugov-trace --record where gpugov-trace is installed (its messages in
 * DEV.trace.log).  What could not be collected is said in the file that
 * would have held it; only the tarball itself must be written.  It is
 * built in a scratch directory and renamed into place when complete: a
 * failure leaves no partial file (and an earlier one as it was).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "status.h"
#include "version.h"

/*
 * Run @argv with stdout and stderr appended to @out.  Returns its exit
 * status; 127 when it is not installed, -1 when it could not be started
 * or ended by a signal.
 */
static int run(const char *out, char *const argv[])
{
	int status;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid) {
		int fd = open(out, O_WRONLY | O_CREAT | O_APPEND, 0644);
		int null = open("/dev/null", O_RDONLY);

		if (fd < 0 || null < 0 || dup2(null, 0) < 0 || dup2(fd, 1) < 0 ||
		    dup2(fd, 2) < 0)
			_exit(126);
		execvp(argv[0], argv);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Open @dir/@name for writing; NULL with @err set. */
static FILE *create(const char *dir, const char *name, char *err, size_t errlen)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
	return f;
}

static int finish(FILE *f, const char *name, char *err, size_t errlen)
{
	bool bad = ferror(f);

	if (fclose(f) || bad) {
		snprintf(err, errlen, "%s: write error", name);
		return -1;
	}
	return 0;
}

static int write_status(const char *dir, const struct st_dev *devs, int n,
			char *err, size_t errlen)
{
	FILE *f = create(dir, "status.txt", err, errlen);
	int i;

	if (!f)
		return -1;
	for (i = 0; i < n; i++) {
		fputs(i ? "\n" : "", f);
		st_print_text(f, &devs[i]);
	}
	if (finish(f, "status.txt", err, errlen))
		return -1;
	f = create(dir, "status.json", err, errlen);
	if (!f)
		return -1;
	st_print_json(f, devs, n);
	return finish(f, "status.json", err, errlen);
}

/* The first line of @path into @f after @label, or "(none)". */
static void copy_line(FILE *f, const char *label, const char *path)
{
	char line[512] = "(none)";
	FILE *in = fopen(path, "r");

	if (in) {
		if (!fgets(line, sizeof(line), in))
			strcpy(line, "(empty)");
		fclose(in);
	}
	line[strcspn(line, "\n")] = '\0';
	fprintf(f, "%s: %s\n", label, line);
}

static int write_versions(const char *dir, char *err, size_t errlen)
{
	char path[PATH_MAX];
	char *const dpkg[] = { "dpkg-query", "-W", "gpugov-tools", "gpugov-dkms", NULL };
	struct utsname u;
	FILE *f = create(dir, "versions.txt", err, errlen);
	int st;

	if (!f)
		return -1;
	fprintf(f, "gpugov-status: %s\n", gpugov_version);
	if (!uname(&u))
		fprintf(f, "uname: %s %s %s %s\n", u.sysname, u.release, u.version,
			u.machine);
	snprintf(path, sizeof(path), "%s/proc/version", st_root());
	copy_line(f, "/proc/version", path);
	snprintf(path, sizeof(path), "%s/sys/module/gpugov/srcversion", st_root());
	copy_line(f, "gpugov module srcversion", path);
	fputs("packages (dpkg-query -W):\n", f);
	if (finish(f, "versions.txt", err, errlen))
		return -1;
	snprintf(path, sizeof(path), "%s/versions.txt", dir);
	st = run(path, dpkg);
	if (st == 127) {
		f = fopen(path, "a");
		if (f) {
			fputs("(no dpkg-query: not a Debian system)\n", f);
			fclose(f);
		}
	}
	return 0;
}

/* The kernel log's lines that name gpugov. */
static int write_dmesg(const char *dir, char *err, size_t errlen)
{
	char all[PATH_MAX], line[1024];
	char *const dmesg[] = { "dmesg", NULL };
	FILE *in, *f;
	int st;

	snprintf(all, sizeof(all), "%s/dmesg.all", dir);
	st = run(all, dmesg);
	f = create(dir, "dmesg.txt", err, errlen);
	if (!f)
		return -1;
	if (st)
		fprintf(f, "(dmesg exited %d: run gpugov-status --report as root)\n", st);
	in = fopen(all, "r");
	while (in && fgets(line, sizeof(line), in))
		if (strstr(line, "gpugov"))
			fputs(line, f);
	if (in)
		fclose(in);
	unlink(all);
	return finish(f, "dmesg.txt", err, errlen);
}

/* A short recording of each device running gpugov. */
static void record_traces(const char *dir, const struct st_dev *devs, int n,
			  unsigned int secs)
{
	char trace[PATH_MAX], log[PATH_MAX + 8], dur[16];
	int i, st;

	snprintf(dur, sizeof(dur), "%u", secs);
	for (i = 0; i < n && secs; i++) {
		char *argv[] = { "gpugov-trace", "--record", trace, "-d",
				 (char *)devs[i].name, "--duration", dur, NULL };

		if (!devs[i].gpugov)
			continue;
		snprintf(trace, sizeof(trace), "%s/%s.trace", dir, devs[i].name);
		snprintf(log, sizeof(log), "%s.log", trace);
		st = run(log, argv);
		if (st) {
			FILE *f = fopen(log, "a");

			if (f) {
				fprintf(f, "(gpugov-trace %s, status %d: no trace)\n",
					st == 127 ? "is not installed" : "failed", st);
				fclose(f);
			}
			unlink(trace);
		}
	}
}

int st_report(const char *path, const struct st_dev *devs, int n,
	      unsigned int trace_secs, char *err, size_t errlen)
{
	char tmp[] = "/tmp/gpugov-report.XXXXXX";
	char dir[64], out[PATH_MAX + 8], log[64];
	char *const rm[] = { "rm", "-rf", tmp, NULL };
	int fd, ret = -1;

	if (!mkdtemp(tmp)) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		return -1;
	}
	snprintf(dir, sizeof(dir), "%s/gpugov-report", tmp);
	snprintf(log, sizeof(log), "%s/tar.log", tmp);
	snprintf(out, sizeof(out), "%s.XXXXXX", path);
	if (mkdir(dir, 0755)) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		goto out;
	}
	if (write_status(dir, devs, n, err, errlen) ||
	    write_versions(dir, err, errlen) || write_dmesg(dir, err, errlen))
		goto out;
	record_traces(dir, devs, n, trace_secs);
	fd = mkstemp(out);
	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto out;
	}
	close(fd);
	{
		char *const tar[] = { "tar", "-czf", out, "-C", tmp, "gpugov-report", NULL };

		if (run(log, tar)) {
			snprintf(err, errlen, "%s: tar failed (a full disk?)", path);
			unlink(out);
			goto out;
		}
	}
	if (chmod(out, 0644) || rename(out, path)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		unlink(out);
		goto out;
	}
	ret = 0;
out:
	run("/dev/null", rm);
	return ret;
}
