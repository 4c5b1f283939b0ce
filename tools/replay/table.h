/* SPDX-License-Identifier: GPL-2.0 */
/*
 * table.h - one way to print every result table as aligned text, CSV or
 * JSON (--csv / --json), so that every table a subcommand prints is also
 * machine-readable.
 */
#ifndef GPUGOV_TABLE_H
#define GPUGOV_TABLE_H

#include <stdio.h>

enum table_format { TABLE_TEXT, TABLE_CSV, TABLE_JSON };

#define TABLE_MAX_COLS	24
#define TABLE_CELL	48
/* A value that does not exist: "-" in text and CSV, null in JSON. */
#define TABLE_NONE	"-"

struct table {
	const char *name;
	enum table_format fmt;
	int ncols;
	const char *cols[TABLE_MAX_COLS];
	int width[TABLE_MAX_COLS];
	int nrows;
	int cap;
	char (*cells)[TABLE_CELL];
};

void table_init(struct table *t, const char *name, enum table_format fmt,
		const char *const *cols, int ncols);
void table_add(struct table *t, ...);
void table_num(char *cell, const char *fmt, double v);
void table_print(struct table *t, FILE *f);
void table_free(struct table *t);
void table_json_begin(FILE *f, enum table_format fmt);
void table_json_end(FILE *f, enum table_format fmt);

#endif /* GPUGOV_TABLE_H */
