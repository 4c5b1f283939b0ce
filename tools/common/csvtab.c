// SPDX-License-Identifier: GPL-2.0
/*
 * csvtab.c - a whole CSV file in memory, columns found by header name.
 */
#include "csvtab.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((format(printf, 3, 4)))
static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return CSVTAB_BAD;
}

/* Running out of memory is a run-time failure, not bad input. */
static int oom(char *err, size_t errlen, const char *path)
{
	fail(err, errlen, "%s: out of memory", path);
	return CSVTAB_FAIL;
}

static int push(char ***v, size_t *n, size_t *cap, char *s)
{
	if (*n == *cap) {
		size_t ncap = *cap ? 2 * *cap : 64;
		char **nv = realloc(*v, ncap * sizeof(**v));

		if (!nv)
			return -1;
		*v = nv;
		*cap = ncap;
	}
	(*v)[(*n)++] = s;
	return 0;
}

static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
		*--e = '\0';
	return s;
}

/*
 * Split one record starting at *pp into fields (in place), advancing *pp
 * past its line end and *line past the lines it spans.  Returns the number
 * of fields, or CSVTAB_BAD or CSVTAB_FAIL with a message.
 */
static long parse_record(const char *path, char **pp, size_t *line,
			 char ***f, size_t *nf, size_t *cap, int *blank,
			 char *err, size_t errlen)
{
	char *p = *pp;
	size_t start = *line;

	*nf = 0;
	*blank = (*p == '\n' || *p == '\r');
	for (;;) {
		char *w = p, *field = p, c;

		if (*p == '"') {
			p++;
			for (;;) {
				if (!*p)
					return fail(err, errlen,
						    "%s:%zu: unterminated quoted field",
						    path, start);
				if (*p == '"') {
					if (p[1] != '"') {
						p++;
						break;
					}
					p++;
				}
				if (*p == '\n')
					(*line)++;
				*w++ = *p++;
			}
			if (*p && *p != ',' && *p != '\n' && *p != '\r')
				return fail(err, errlen,
					    "%s:%zu: text after a closing quote",
					    path, *line);
		} else {
			while (*p && *p != ',' && *p != '\n' && *p != '\r')
				*w++ = *p++;
		}
		c = *p;
		*w = '\0';
		if (push(f, nf, cap, field))
			return oom(err, errlen, path);
		if (c == ',') {
			p++;
			continue;
		}
		/* the delimiter at p may have been overwritten by the NUL */
		if (c == '\r' || c == '\n') {
			p++;
			if (c == '\r' && *p == '\n')
				p++;
			(*line)++;
		}
		break;
	}
	*pp = p;
	return (long)*nf;
}

/*
 * The whole of @path into t->buf, NUL-terminated.  Read to the end rather
 * than sized with fseek()/ftell(): those fail on a pipe, and on a
 * directory ftell() can return LLONG_MAX (ext4), which made a malloc() of
 * 2^63 bytes; a directory's read error is reported as such.
 */
static int read_all(struct csvtab *t, const char *path, size_t *size, char *err,
		    size_t errlen)
{
	size_t cap = 0, n = 0, got;
	FILE *fp = fopen(path, "rb");
	int rc = 0;

	if (!fp) {
		fail(err, errlen, "%s: %s", path, strerror(errno));
		return CSVTAB_FAIL;
	}
	do {
		if (cap - n < 2) {
			size_t ncap = cap ? 2 * cap : 65536;
			char *nb = ncap > cap ? realloc(t->buf, ncap) : NULL;

			if (!nb) {
				rc = oom(err, errlen, path);
				break;
			}
			t->buf = nb;
			cap = ncap;
		}
		got = fread(t->buf + n, 1, cap - n - 1, fp);
		n += got;
	} while (got);
	if (!rc && ferror(fp)) {
		fail(err, errlen, "%s: read error: %s", path, strerror(errno));
		rc = CSVTAB_FAIL;
	}
	fclose(fp);
	if (rc)
		return rc;
	t->buf[n] = '\0';
	*size = n;
	return 0;
}

/**
 * csvtab_load() - read and split a CSV file
 * @t: table to fill (freed with csvtab_free(), also after a failure)
 * @path: file name
 * @err: buffer for the error message
 * @errlen: its size
 *
 * Return: 0; CSVTAB_BAD with "path:line: what" in @err for malformed
 * content; CSVTAB_FAIL with "path: cause" when the file cannot be read
 * (missing, a directory, an I/O error) or memory runs out.
 */
int csvtab_load(struct csvtab *t, const char *path, char *err, size_t errlen)
{
	char *p, **f = NULL, **cells = NULL;
	size_t nf = 0, fcap = 0, ncells = 0, ccap = 0, line = 1, i;
	size_t lcap = 0, size;
	long n;
	int blank, rc;

	memset(t, 0, sizeof(*t));
	t->path = strdup(path);
	if (!t->path)
		return oom(err, errlen, path);
	rc = read_all(t, path, &size, err, errlen);
	if (rc)
		return rc;
	if (strlen(t->buf) != size) {
		/* the line of the first NUL: the text before it counts */
		for (p = t->buf; *p; p++)
			line += *p == '\n';
		return fail(err, errlen, "%s:%zu: contains a NUL byte", path, line);
	}

	p = t->buf;
	if (!strncmp(p, "\xef\xbb\xbf", 3))
		p += 3;
	while (*p == '\n' || *p == '\r') {
		line += (*p == '\n');
		p++;
	}
	if (!*p)
		return fail(err, errlen, "%s: empty file, no header", path);
	n = parse_record(path, &p, &line, &f, &nf, &fcap, &blank, err, errlen);
	if (n < 0) {
		rc = (int)n;
		goto out;
	}
	t->ncols = nf;
	t->hdr = malloc(nf * sizeof(*t->hdr));
	if (!t->hdr) {
		rc = oom(err, errlen, path);
		goto out;
	}
	for (i = 0; i < nf; i++)
		t->hdr[i] = trim(f[i]);

	while (*p) {
		size_t start = line;

		n = parse_record(path, &p, &line, &f, &nf, &fcap, &blank, err,
				 errlen);
		if (n < 0) {
			rc = (int)n;
			goto out;
		}
		if (blank && nf == 1 && !*f[0])
			continue;
		if (nf != t->ncols) {
			rc = fail(err, errlen, "%s:%zu: %zu fields, the header has %zu",
				  path, start, nf, t->ncols);
			goto out;
		}
		for (i = 0; i < nf; i++)
			if (push(&cells, &ncells, &ccap, f[i])) {
				rc = oom(err, errlen, path);
				goto out;
			}
		if (t->nrows == lcap) {
			size_t ncap = lcap ? 2 * lcap : 64;
			size_t *nl = realloc(t->line, ncap * sizeof(*nl));

			if (!nl) {
				rc = oom(err, errlen, path);
				goto out;
			}
			t->line = nl;
			lcap = ncap;
		}
		t->line[t->nrows++] = start;
	}
out:
	free(f);
	t->cell = cells;
	return rc;
}

/**
 * csvtab_free() - release a table
 * @t: table
 */
void csvtab_free(struct csvtab *t)
{
	free(t->path);
	free(t->buf);
	free(t->hdr);
	free(t->cell);
	free(t->line);
	memset(t, 0, sizeof(*t));
}

/**
 * csvtab_col() - index of the first column named @name
 * @t: table
 * @name: header name
 *
 * Return: the index, or -1 if there is no such column.
 */
int csvtab_col(const struct csvtab *t, const char *name)
{
	size_t i;

	for (i = 0; i < t->ncols; i++)
		if (!strcmp(t->hdr[i], name))
			return (int)i;
	return -1;
}

/**
 * csvtab_need() - index of a column that must exist
 * @t: table
 * @name: header name
 * @err: buffer for the error message
 * @errlen: its size
 *
 * Return: the index, or -1 with "path:1: no column 'name'" in @err.
 */
int csvtab_need(const struct csvtab *t, const char *name, char *err,
		size_t errlen)
{
	int c = csvtab_col(t, name);

	if (c < 0)
		fail(err, errlen, "%s:1: no column '%s' in the header", t->path,
		     name);
	return c;
}

/**
 * csvtab_str() - a cell as text
 * @t: table
 * @row: data row, 0-based
 * @col: column index from csvtab_col()
 */
const char *csvtab_str(const struct csvtab *t, size_t row, int col)
{
	return t->cell[row * t->ncols + (size_t)col];
}

/**
 * csvtab_num() - a cell as a finite number
 * @t: table
 * @row: data row, 0-based
 * @col: column index from csvtab_col()
 * @v: out, the value
 * @err: buffer for the error message
 * @errlen: its size
 *
 * Return: 0, or -1 with "path:line: column 'name': ..." in @err.
 */
int csvtab_num(const struct csvtab *t, size_t row, int col, double *v,
	       char *err, size_t errlen)
{
	const char *s = csvtab_str(t, row, col);
	char *end;

	while (*s == ' ' || *s == '\t')
		s++;
	if (!*s)
		return fail(err, errlen, "%s:%zu: column '%s' is empty", t->path,
			    t->line[row], t->hdr[col]);
	errno = 0;
	*v = strtod(s, &end);
	while (*end == ' ' || *end == '\t')
		end++;
	/* strtod() also takes hex ("0x1p4"): not what a CSV cell means */
	if (*end || errno == ERANGE || !isfinite(*v) || strpbrk(s, "xX"))
		return fail(err, errlen,
			    "%s:%zu: column '%s': '%s' is not a finite decimal number",
			    t->path, t->line[row], t->hdr[col], s);
	return 0;
}

/**
 * csvtab_uint() - a cell times @scale, rounded, as an integer in [0, @max]
 * @t: table
 * @row: data row, 0-based
 * @col: column index from csvtab_col()
 * @scale: unit conversion, e.g. 1e6 for ms to ns
 * @max: largest result accepted (UINT64_MAX: anything a u64 holds)
 * @out: out, the value
 * @err: buffer for the error message
 * @errlen: its size
 *
 * Return: 0, or -1 with "path:line: column 'name': ..." in @err: an empty
 * cell, not a number, negative, or out of range (the message gives the
 * range in the column's own unit).
 */
int csvtab_uint(const struct csvtab *t, size_t row, int col, double scale,
		uint64_t max, uint64_t *out, char *err, size_t errlen)
{
	double v, x;

	if (csvtab_num(t, row, col, &v, err, errlen))
		return -1;
	x = round(v * scale);
	if (v < 0)
		return fail(err, errlen, "%s:%zu: column '%s': %s is negative",
			    t->path, t->line[row], t->hdr[col], csvtab_str(t, row, col));
	/* 0x1p64 is the first double a u64 cannot hold */
	if (!(x < 0x1p64) || x > (double)max)
		return fail(err, errlen,
			    "%s:%zu: column '%s': %s is out of range (at most %.10g)",
			    t->path, t->line[row], t->hdr[col],
			    csvtab_str(t, row, col), (double)max / scale);
	*out = (uint64_t)x;
	return 0;
}
