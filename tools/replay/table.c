// SPDX-License-Identifier: GPL-2.0
/*
 * table.c - result tables as text, CSV or JSON.
 *
 * Rows are added as strings (callers format numbers); text output aligns
 * columns, CSV prints a header line per table preceded by "# name", JSON
 * prints {"table": name, "rows": [{col: value, ...}]} objects inside one
 * top-level array opened by table_json_begin().  Cells that parse as
 * numbers are written to JSON unquoted, TABLE_NONE as null.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "json.h"
#include "table.h"

static int json_tables;

void table_init(struct table *t, const char *name, enum table_format fmt,
		const char *const *cols, int ncols)
{
	int i;

	memset(t, 0, sizeof(*t));
	t->name = name;
	t->fmt = fmt;
	t->ncols = ncols < TABLE_MAX_COLS ? ncols : TABLE_MAX_COLS;
	for (i = 0; i < t->ncols; i++) {
		t->cols[i] = cols[i];
		t->width[i] = (int)strlen(cols[i]);
	}
}

/* table_add(t, "cell", "cell", ...): exactly t->ncols strings. */
void table_add(struct table *t, ...)
{
	va_list ap;
	int i;

	if (t->nrows == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 16;
		t->cells = realloc(t->cells, (size_t)t->cap * t->ncols * TABLE_CELL);
		if (!t->cells) {
			perror("gpugov-replay");
			exit(1);
		}
	}
	va_start(ap, t);
	for (i = 0; i < t->ncols; i++) {
		char *cell = t->cells[t->nrows * t->ncols + i];
		int len;

		snprintf(cell, TABLE_CELL, "%s", va_arg(ap, const char *));
		len = (int)strlen(cell);
		if (len > t->width[i])
			t->width[i] = len;
	}
	va_end(ap);
	t->nrows++;
}

/*
 * Number @v into @cell as @fmt (one double conversion) makes it, or
 * TABLE_NONE if it is not finite: a ratio to a total that is 0, such as
 * the energy of a trace that has none, is no value rather than "-nan",
 * which JSON does not have.
 */
void table_num(char *cell, const char *fmt, double v)
{
	if (isfinite(v))
		snprintf(cell, TABLE_CELL, fmt, v);
	else
		snprintf(cell, TABLE_CELL, "%s", TABLE_NONE);
}

/* Whether @s is a JSON number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
static int is_number(const char *s)
{
	if (*s == '-')
		s++;
	if (!isdigit((unsigned char)*s) || (*s == '0' && isdigit((unsigned char)s[1])))
		return 0;
	while (isdigit((unsigned char)*s))
		s++;
	if (*s == '.') {
		if (!isdigit((unsigned char)*++s))
			return 0;
		while (isdigit((unsigned char)*s))
			s++;
	}
	if (*s == 'e' || *s == 'E') {
		s += s[1] == '+' || s[1] == '-' ? 2 : 1;
		if (!isdigit((unsigned char)*s))
			return 0;
		while (isdigit((unsigned char)*s))
			s++;
	}
	return !*s;
}


static void print_json(const struct table *t, FILE *f)
{
	int r, c;

	fprintf(f, "%s{\"table\": \"%s\", \"rows\": [", json_tables++ ? ",\n" : "", t->name);
	for (r = 0; r < t->nrows; r++) {
		fprintf(f, "%s{", r ? ", " : "");
		for (c = 0; c < t->ncols; c++) {
			const char *cell = t->cells[r * t->ncols + c];

			/* text tables sign some numbers, JSON has no '+' */
			const char *num = cell + (cell[0] == '+');

			fprintf(f, "%s\"%s\": ", c ? ", " : "", t->cols[c]);
			if (!strcmp(cell, TABLE_NONE))
				fputs("null", f);
			else if (is_number(num))
				fputs(num, f);
			else
				json_string(cell, f);
		}
		fputc('}', f);
	}
	fputs("]}", f);
}

void table_print(struct table *t, FILE *f)
{
	int r, c;

	if (t->fmt == TABLE_JSON) {
		print_json(t, f);
		return;
	}
	if (t->fmt == TABLE_CSV)
		fprintf(f, "# %s\n", t->name);
	else
		fprintf(f, "\n%s\n", t->name);
	for (r = -1; r < t->nrows; r++) {
		for (c = 0; c < t->ncols; c++) {
			const char *cell = r < 0 ? t->cols[c] : t->cells[r * t->ncols + c];

			if (t->fmt == TABLE_CSV)
				fprintf(f, "%s%s", c ? "," : "", cell);
			else
				fprintf(f, c ? "  %*s" : "%-*s", t->width[c], cell);
		}
		fputc('\n', f);
	}
}

void table_free(struct table *t)
{
	free(t->cells);
	t->cells = NULL;
}

void table_json_begin(FILE *f, enum table_format fmt)
{
	if (fmt == TABLE_JSON) {
		json_tables = 0;
		fputs("[", f);
	}
}

void table_json_end(FILE *f, enum table_format fmt)
{
	if (fmt == TABLE_JSON)
		fputs("]\n", f);
}
