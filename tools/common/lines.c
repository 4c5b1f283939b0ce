// SPDX-License-Identifier: GPL-2.0
/*
 * lines.c - text input read line by line (lines.h), with getline() so
 * that no line is too long, and every way a read can fail reported.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "errfmt.h"
#include "lines.h"

/**
 * lines_open() - open @path for reading
 * @l: the reader, closed with lines_close() whatever this returns
 * @path: the file; kept for messages, so it must outlive @l
 *
 * Return: 0, or LINES_ERR_READ (@l->err says why; lines_error() tells).
 */
int lines_open(struct lines *l, const char *path)
{
	memset(l, 0, sizeof(*l));
	l->path = path;
	l->f = fopen(path, "r");
	if (!l->f) {
		l->err = errno;
		return LINES_ERR_READ;
	}
	return 0;
}

/**
 * lines_next() - read the next line into @l->buf
 * @l: an open reader
 *
 * Return: 1 with the line in @l->buf and @l->len and its number in @l->nr,
 * 0 at the end of the file, LINES_ERR_READ (again on every later call) or
 * LINES_ERR_NUL.
 */
int lines_next(struct lines *l)
{
	ssize_t got;

	if (l->err)
		return LINES_ERR_READ;
	errno = 0;
	got = getline(&l->buf, &l->cap, l->f);
	if (got < 0) {
		if (feof(l->f) && !ferror(l->f))
			return 0;
		/* a read error, or no memory for the line (no ferror() then) */
		l->err = errno ? errno : EIO;
		return LINES_ERR_READ;
	}
	l->nr++;
	l->len = (size_t)got;
	if (memchr(l->buf, '\0', l->len))
		return LINES_ERR_NUL;
	if (l->len && l->buf[l->len - 1] == '\n')
		l->len--;
	if (l->len && l->buf[l->len - 1] == '\r')
		l->len--;
	l->buf[l->len] = '\0';
	return 1;
}

/**
 * lines_error() - what went wrong, as "PATH[:LINE]: message"
 * @l: the reader
 * @rc: what lines_open() or lines_next() returned, below 0
 * @buf: the message
 * @size: its size
 */
void lines_error(const struct lines *l, int rc, char *buf, size_t size)
{
	if (rc == LINES_ERR_NUL)
		gpugov_err_at(buf, size, l->path, l->nr, "NUL byte");
	else if (!l->f)
		gpugov_err_at(buf, size, l->path, 0, "%s", strerror(l->err));
	else	/* the line being read when it failed, if any was read */
		gpugov_err_at(buf, size, l->path, l->nr ? l->nr + 1 : 0,
			      "read error: %s", strerror(l->err));
}

void lines_close(struct lines *l)
{
	if (l->f)
		fclose(l->f);
	free(l->buf);
	l->f = NULL;
	l->buf = NULL;
	l->cap = 0;
}

/**
 * lines_split() - split @s in place at every @sep
 * @s: the line
 * @sep: the separator
 * @field: the fields, @max of them at most
 * @max: room in @field
 *
 * Every field is kept, empty ones too: "5,,1" has three fields, the
 * second empty, and "" has one.  A parser that dropped empty fields
 * would read "5,,1,2" as the valid row "5,1,2".
 *
 * Return: the number of fields, or -1 if there are more than @max.
 */
int lines_split(char *s, char sep, char **field, int max)
{
	int n = 0;

	for (;;) {
		char *end = strchr(s, sep);

		if (n == max)
			return -1;
		field[n++] = s;
		if (!end)
			return n;
		*end = '\0';
		s = end + 1;
	}
}
