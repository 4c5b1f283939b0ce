/* SPDX-License-Identifier: GPL-2.0 */
/*
 * csvtab.h - a whole CSV file in memory, columns found by header name.
 *
 * For the validators that read third-party reference data: the first line
 * is the header, fields may be quoted ("a,b" and "" for a quote), blank
 * lines are skipped, CRLF is accepted.  A data line with a different number
 * of fields than the header is an error naming the file and the line.
 * Errors are written to a caller-provided buffer.
 */
#ifndef GPUGOV_CSVTAB_H
#define GPUGOV_CSVTAB_H

#include <stddef.h>
#include <stdint.h>

/* csvtab_load()'s failures: input to refuse, or a file it cannot read */
#define CSVTAB_BAD	(-1)
#define CSVTAB_FAIL	(-2)

struct csvtab {
	char *path;
	char *buf;
	size_t ncols;
	size_t nrows;
	char **hdr;
	char **cell;	/* nrows * ncols */
	size_t *line;	/* 1-based line number of each row */
};

int csvtab_load(struct csvtab *t, const char *path, char *err, size_t errlen);
void csvtab_free(struct csvtab *t);
int csvtab_col(const struct csvtab *t, const char *name);
int csvtab_need(const struct csvtab *t, const char *name, char *err,
		size_t errlen);
const char *csvtab_str(const struct csvtab *t, size_t row, int col);
int csvtab_num(const struct csvtab *t, size_t row, int col, double *v,
	       char *err, size_t errlen);
int csvtab_uint(const struct csvtab *t, size_t row, int col, double scale,
		uint64_t max, uint64_t *out, char *err, size_t errlen);

#endif /* GPUGOV_CSVTAB_H */
