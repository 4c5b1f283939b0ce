/* SPDX-License-Identifier: GPL-2.0 */
/*
 * selftest_tracer.h - run gpugov-trace (and gpugov-replay) from the VM
 * selftests (selftests/vm/97_*, 98_*): start it in the background with its
 * output in files, wait until it has attached, stop it with SIGINT, and
 * read the summary it prints on exit.
 */
#ifndef GT_SELFTEST_TRACER_H
#define GT_SELFTEST_TRACER_H

#include <signal.h>
#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/wait.h>

#include "vmtap.h"

#define GT_TRACE_BIN	"/bin/gpugov-trace"
#define GT_REPLAY_BIN	"/bin/gpugov-replay"
#define GT_READY	"Tracing gpugov decisions"

struct tracer {
	pid_t pid;
	int status;		/* wait status once it has exited */
	char out[64];		/* its stdout */
	char err[64];		/* its stderr */
};

/* Counts from "gpugov-trace: D decisions, S samples, L lost". */
struct tracer_summary {
	unsigned long long decisions, samples, lost;
};

/*
 * Fork and exec @argv[0] with stdout/stderr to @out/@err.  With @nobpf,
 * as root without the capabilities BPF needs (dropped from the bounding
 * set, so the exec does not give them back): files stay readable, bpf()
 * is refused.
 */
static inline pid_t gt_spawn(char *const argv[], const char *out,
			     const char *err, bool nobpf)
{
	pid_t pid = fork();

	if (pid)
		return pid;
	if (dup2(open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644), 1) < 0 ||
	    dup2(open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644), 2) < 0)
		_exit(126);
	if (nobpf && (prctl(PR_CAPBSET_DROP, CAP_SYS_ADMIN) ||
		      prctl(PR_CAPBSET_DROP, CAP_PERFMON) ||
		      prctl(PR_CAPBSET_DROP, CAP_BPF)))
		_exit(126);
	execv(argv[0], argv);
	_exit(127);
}

/* Run to completion; the exit status, or -1 if it did not exit normally. */
static inline int gt_run(char *const argv[], const char *out, const char *err,
			 bool nobpf)
{
	pid_t pid = gt_spawn(argv, out, err, nobpf);
	int st;

	if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

static inline bool gt_file_has(const char *path, const char *needle)
{
	static char buf[1 << 16];

	return vt_read(path, buf, sizeof(buf)) > 0 && strstr(buf, needle);
}

/* Its stderr as TAP diagnostics (at most 12 lines): why it failed. */
static inline void tracer_diag_err(const struct tracer *t)
{
	static char buf[1 << 12];
	char *line, *save;
	int n = 0;

	if (vt_read(t->err, buf, sizeof(buf)) <= 0)
		return;
	for (line = strtok_r(buf, "\n", &save); line && n < 12;
	     line = strtok_r(NULL, "\n", &save), n++)
		vt_diag("gpugov-trace: %s", line);
}

/*
 * Start @argv (NULL-terminated) in the background, its stdout and stderr
 * in /tmp/@name.out and .err, and wait up to @ms until its stdout (or,
 * with @in_err, its stderr) contains @ready.  0, or -1 if it exited or
 * did not get there in time.
 */
static inline int tracer_spawn(struct tracer *t, char *const argv[],
			       const char *name, bool in_err,
			       const char *ready, unsigned int ms)
{
	unsigned int w;

	snprintf(t->out, sizeof(t->out), "/tmp/%s.out", name);
	snprintf(t->err, sizeof(t->err), "/tmp/%s.err", name);
	t->status = -1;
	t->pid = gt_spawn(argv, t->out, t->err, false);
	if (t->pid < 0)
		return -1;
	for (w = 0; w < ms; w += 20) {
		if (gt_file_has(in_err ? t->err : t->out, ready))
			return 0;
		if (waitpid(t->pid, &t->status, WNOHANG) == t->pid) {
			t->pid = -1;
			break;
		}
		vt_sleep_ms(20);
	}
	return -1;
}

/*
 * Start gpugov-trace with @args (NULL-terminated) and wait until it says
 * it is attached.  0, or -1 if it exited or did not attach within 60 s
 * (its stderr is then shown as diagnostics).
 */
static inline int tracer_start(struct tracer *t, const char *name,
			       const char *const *args)
{
	char *argv[16];
	unsigned int i;

	argv[0] = (char *)GT_TRACE_BIN;
	for (i = 0; args[i] && i < 14; i++)
		argv[i + 1] = (char *)args[i];
	argv[i + 1] = NULL;
	if (!tracer_spawn(t, argv, name, true, GT_READY, 60000))
		return 0;
	tracer_diag_err(t);
	return -1;
}

/* Wait up to @ms for it to exit by itself; its exit status or -1. */
static inline int tracer_wait(struct tracer *t, unsigned int ms)
{
	unsigned int w;

	for (w = 0; t->pid > 0 && w <= ms; w += 20) {
		if (waitpid(t->pid, &t->status, WNOHANG) == t->pid) {
			t->pid = -1;
			break;
		}
		vt_sleep_ms(20);
	}
	if (t->pid > 0 || !WIFEXITED(t->status))
		return -1;
	return WEXITSTATUS(t->status);
}

/*
 * SIGINT, then its exit status (-1: killed after 30 s or not normal).
 * A signal can come too early: bpftrace prints "Attaching N probes..."
 * before it attaches, and once, in a guest running beside another one,
 * it was still running 30 s after a SIGINT sent a second after that line
 * (docs/results.md, Tests).  So while it runs, SIGTERM follows every 5 s:
 * bpftrace and gpugov-trace stop on it as on SIGINT, and unlike SIGINT
 * bpftrace keeps its handler for it while it prints its maps.  Why it did
 * not exit is shown as a diagnostic.
 */
static inline int tracer_stop(struct tracer *t)
{
	unsigned int waited;
	int ret = -1;

	if (t->pid <= 0)
		return tracer_wait(t, 0);
	kill(t->pid, SIGINT);
	for (waited = 0;; waited += 5000) {
		ret = tracer_wait(t, 5000);
		if (t->pid <= 0 || waited + 5000 >= 30000)
			break;
		kill(t->pid, SIGTERM);
	}
	if (t->pid > 0) {
		vt_diag("%s: still running 30 s after SIGINT: killed", t->err);
		kill(t->pid, SIGKILL);
		waitpid(t->pid, &t->status, 0);
		t->pid = -1;
	} else if (WIFSIGNALED(t->status)) {
		vt_diag("%s: killed by signal %d", t->err, WTERMSIG(t->status));
	} else if (waited) {
		vt_diag("%s: exited on a SIGTERM sent %u s after SIGINT",
			t->err, waited / 1000);
	}
	return ret;
}

static inline int tracer_summary(const struct tracer *t,
				 struct tracer_summary *s)
{
	static char buf[1 << 16];
	const char *p;

	if (vt_read(t->err, buf, sizeof(buf)) <= 0)
		return -1;
	p = strstr(buf, "gpugov-trace: ");
	while (p && sscanf(p, "gpugov-trace: %llu decisions, %llu samples, %llu lost",
			   &s->decisions, &s->samples, &s->lost) != 3)
		p = strstr(p + 1, "gpugov-trace: ");
	return p ? 0 : -1;
}

#endif /* GT_SELFTEST_TRACER_H */
