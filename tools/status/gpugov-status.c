// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov-status - what gpugov is doing on each devfreq device, on one
 * screen per device (or as JSON), and --report: one tarball for a bug
 * report (status_report.c).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "status.h"
#include "strnum.h"
#include "version.h"

#define MAX_DEVS	16
#define TRACE_SECS	5
#define TRACE_SECS_MAX	600

static const char usage[] =
"Usage: gpugov-status [--json] [DEV]\n"
"       gpugov-status --report [-o FILE] [--trace-seconds N] [DEV]\n"
"\n"
"For each devfreq device (or DEV): the driver, the governor, and where\n"
"gpugov governs it, the model and objective in use (and why the model\n"
"fell back), the profile, the deadline source, the OPP table with the\n"
"OPP in force, the chosen one and the allowed range, the last decision,\n"
"and the tunables that differ from their defaults.  The model in use, the\n"
"OPPs and the decisions come from debugfs (/sys/kernel/debug/gpugov).\n"
"\n"
"  --json               all of it as one JSON object\n"
"  --report             write a tarball for a bug report: the status as\n"
"                       text and JSON, kernel and package versions, the\n"
"                       kernel log's gpugov lines, and a short recording of\n"
"                       each device running gpugov (gpugov-trace; root)\n"
"  -o, --output FILE    the tarball (default gpugov-report.tar.gz)\n"
"  --trace-seconds N    length of each recording, 0..600 (default 5; 0: none)\n"
"  -h, --help           this help\n"
"  -V, --version        the version\n"
"\n"
"Exit status: 0 done, 1 no such device or the report could not be\n"
"written, 2 bad usage.\n";

static int bad_usage(const char *msg, const char *arg)
{
	fprintf(stderr, "gpugov-status: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
	fprintf(stderr, "Try 'gpugov-status --help'.\n");
	return 2;
}

int main(int argc, char **argv)
{
	static char names[MAX_DEVS][ST_NAME_MAX];
	const char *dev = NULL, *output = "gpugov-report.tar.gz";
	bool json = false, report = false;
	u32 secs = TRACE_SECS;
	struct st_dev *devs;
	char err[PATH_MAX + 256];
	int i, n, ret = 0;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			fputs(usage, stdout);
			return 0;
		} else if (is_version_opt(a)) {
			return print_version("gpugov-status");
		} else if (!strcmp(a, "--json")) {
			json = true;
		} else if (!strcmp(a, "--report")) {
			report = true;
		} else if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
			if (++i == argc || !*argv[i])
				return bad_usage("-o/--output needs a file name", NULL);
			output = argv[i];
		} else if (!strcmp(a, "--trace-seconds")) {
			if (++i == argc || parse_u32(argv[i], strlen(argv[i]), &secs) ||
			    secs > TRACE_SECS_MAX)
				return bad_usage("--trace-seconds: bad value (accepted: 0..600)",
						 i < argc ? argv[i] : NULL);
		} else if (a[0] == '-') {
			return bad_usage("unknown option", a);
		} else if (dev) {
			return bad_usage("one device at most", a);
		} else {
			dev = a;
		}
	}
	if (json && report)
		return bad_usage("--json and --report exclude each other", NULL);

	if (dev) {
		n = 1;
		snprintf(names[0], ST_NAME_MAX, "%.*s", ST_NAME_MAX - 1, dev);
	} else {
		n = st_list(names, MAX_DEVS, err, sizeof(err));
		if (n < 0) {
			fprintf(stderr, "gpugov-status: %s\n", err);
			return 1;
		}
	}
	devs = calloc(n ? n : 1, sizeof(*devs));
	if (!devs) {
		fprintf(stderr, "gpugov-status: out of memory\n");
		return 1;
	}
	for (i = 0; i < n; i++) {
		if (st_read(dev ? dev : names[i], &devs[i], err, sizeof(err))) {
			fprintf(stderr, "gpugov-status: %s\n", err);
			free(devs);
			return 1;
		}
	}
	if (report) {
		if (st_report(output, devs, n, secs, err, sizeof(err))) {
			fprintf(stderr, "gpugov-status: %s\n", err);
			ret = 1;
		} else {
			printf("gpugov-status: wrote %s\n", output);
		}
	} else if (json) {
		st_print_json(stdout, devs, n);
	} else if (!n) {
		printf("no devfreq devices\n");
	} else {
		for (i = 0; i < n; i++) {
			if (i)
				putchar('\n');
			st_print_text(stdout, &devs[i]);
		}
	}
	free(devs);
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "gpugov-status: write error on standard output\n");
		return 1;
	}
	return ret;
}
