// SPDX-License-Identifier: GPL-2.0
/*
 * rows.c - the CSV files gpugov-replay writes itself (`run --csv`,
 * `run --sequence`), read back row by row for plots and for evaluating
 * OPP sequences that came from elsewhere (and the allowed-OPP schedules
 * of `run --allowed-schedule`).
 */
#include <stdio.h>
#include <string.h>
#include "errfmt.h"
#include "lines.h"
#include "replay.h"
#include "rows.h"

/*
 * Call @row for each data row of @path, split at commas; comment lines,
 * blank lines and the @header line are skipped.  A row @row refuses is an
 * error naming the file and line.
 *
 * Return: 0; EXIT_FAILURE_RUN if @path cannot be read; EXIT_USAGE if a
 * row is malformed.  Either error is reported on stderr.
 */
int read_rows(const char *path, const char *header, rows_fn row, void *ctx)
{
	char *f[ROWS_MAX_FIELDS], msg[512];
	const char *why = NULL;
	struct lines l;
	int rc = lines_open(&l, path);

	while (!rc && !why && (rc = lines_next(&l)) > 0) {
		int n;

		rc = 0;
		if (l.buf[0] == '#' || !l.len || !strcmp(l.buf, header))
			continue;
		n = lines_split(l.buf, ',', f, ROWS_MAX_FIELDS);
		why = n < 0 ? "too many fields" : row(f, n, ctx);
	}
	if (why)
		gpugov_err_at(msg, sizeof(msg), path, l.nr, "unexpected row (want %s): %s",
			      header, why);
	else if (rc)
		lines_error(&l, rc, msg, sizeof(msg));
	if (why || rc)
		fprintf(stderr, "gpugov-replay: %s\n", msg);
	lines_close(&l);
	if (why || rc == LINES_ERR_NUL)
		return EXIT_USAGE;
	return rc ? EXIT_FAILURE_RUN : EXIT_OK;
}
