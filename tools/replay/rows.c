// SPDX-License-Identifier: GPL-2.0
/*
 * rows.c - the CSV files gpugov-replay writes itself (`run --csv`,
 * `run --sequence`), read back row by row for plots and for evaluating
 * OPP sequences that came from elsewhere.
 */
#include <stdio.h>
#include <string.h>
#include "replay.h"
#include "rows.h"

/*
 * Call @row for each data row of @path, split at commas; comment lines,
 * blank lines and the @header line are skipped.  A row @row refuses is an
 * error naming the file and line.
 */
int read_rows(const char *path, const char *header,
	      int (*row)(char **f, int n, void *ctx), void *ctx)
{
	char line[512], *f[ROWS_MAX_FIELDS];
	unsigned long lineno = 0;
	FILE *in = fopen(path, "r");
	int n, ret = 0;

	if (!in) {
		perror(path);
		return EXIT_FAILURE_RUN;
	}
	while (!ret && fgets(line, sizeof(line), in)) {
		char *save = NULL, *tok;

		lineno++;
		line[strcspn(line, "\r\n")] = 0;
		if (line[0] == '#' || !line[0] || !strcmp(line, header))
			continue;
		for (n = 0, tok = strtok_r(line, ",", &save); tok && n < ROWS_MAX_FIELDS;
		     tok = strtok_r(NULL, ",", &save))
			f[n++] = tok;
		if (row(f, n, ctx)) {
			fprintf(stderr, "gpugov-replay: %s:%lu: unexpected row "
				"(want %s)\n", path, lineno, header);
			ret = EXIT_USAGE;
		}
	}
	fclose(in);
	return ret;
}

