/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rows.h - read back gpugov-replay's own CSV output.
 */
#ifndef GPUGOV_ROWS_H
#define GPUGOV_ROWS_H

#define ROWS_MAX_FIELDS 16

int read_rows(const char *path, const char *header,
	      int (*row)(char **f, int n, void *ctx), void *ctx);

#endif /* GPUGOV_ROWS_H */
