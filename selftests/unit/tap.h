/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tap.h - minimal TAP output for the userspace unit tests and, through
 * selftests/vm/vmtap.h, for the test programs in the VM guest.
 *
 * Each check prints "ok N - name" or "not ok N - name"; tap_plan() prints
 * the plan "1..N" and returns the process exit status.  tap_done() adds
 * the line "RESULT <suite>: P passed, F failed" that the test driver sums
 * over all suites (the guest's programs print none: the host's log parser
 * reports for them).
 */
#ifndef GPUGOV_TAP_H
#define GPUGOV_TAP_H

#include <stdarg.h>
#include <stdio.h>

static int tap_run, tap_failed;

__attribute__((format(printf, 2, 3)))
static inline int tap_ok(int cond, const char *fmt, ...)
{
	va_list ap;

	tap_run++;
	if (!cond)
		tap_failed++;
	printf("%sok %d - ", cond ? "" : "not ", tap_run);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
	return cond;
}

__attribute__((format(printf, 1, 2)))
static inline void tap_diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

static inline int tap_plan(void)
{
	printf("1..%d\n", tap_run);
	fflush(stdout);
	return tap_failed ? 1 : 0;
}

static inline int tap_done(const char *suite)
{
	int status = tap_plan();

	printf("RESULT %s: %d passed, %d failed\n", suite,
	       tap_run - tap_failed, tap_failed);
	return status;
}

#endif /* GPUGOV_TAP_H */
