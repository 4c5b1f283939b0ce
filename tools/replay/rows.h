/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rows.h - read back gpugov-replay's own CSV output.
 */
#ifndef GPUGOV_ROWS_H
#define GPUGOV_ROWS_H

#define ROWS_MAX_FIELDS 16

/*
 * One data row's @n fields (empty ones kept); NULL if taken, else why it
 * is refused.
 */
typedef const char *(*rows_fn)(char **f, int n, void *ctx);

int read_rows(const char *path, const char *header, rows_fn row, void *ctx);

#endif /* GPUGOV_ROWS_H */
