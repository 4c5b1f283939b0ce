// SPDX-License-Identifier: GPL-2.0
/*
 * trace_canon.c - the trace harness's reference reading of numbers.
 *
 * docs/trace-format.md: "Numbers are unsigned decimal (0x hex is
 * accepted ...)".  trace_canon() copies a trace and replaces every number
 * of the numeric lines (gpugov-trace, interval, opp, r, w) by its value
 * in plain decimal as that sentence defines it, so "010" becomes "10" and
 * "0x1f" becomes "31".  Blanks and comments are kept byte for byte, and a
 * word that is not such a number, or does not fit 64 bits, is left alone.
 * A reader that follows the spec must then read the copy exactly as it
 * read the original.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_canon.h"

/* the reader's separators (and the line end) */
static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Value of @w (@n chars) as a spec number; -1 if it is not one. */
static int spec_number(const char *w, size_t n, unsigned long long *v)
{
	unsigned long long x = 0, base = 10;
	size_t i = 0;

	if (n > 2 && w[0] == '0' && (w[1] == 'x' || w[1] == 'X')) {
		base = 16;
		i = 2;
	}
	if (i == n)
		return -1;
	for (; i < n; i++) {
		char c = w[i];
		unsigned long long d;

		if (c >= '0' && c <= '9')
			d = (unsigned long long)(c - '0');
		else if (base == 16 && c >= 'a' && c <= 'f')
			d = (unsigned long long)(c - 'a' + 10);
		else if (base == 16 && c >= 'A' && c <= 'F')
			d = (unsigned long long)(c - 'A' + 10);
		else
			return -1;
		if (x > (~0ULL - d) / base)
			return -1;
		x = x * base + d;
	}
	*v = x;
	return 0;
}

static int numeric_line(const char *w, size_t n)
{
	static const char *const keys[] = { "gpugov-trace", "interval", "opp",
					     "r", "w" };
	size_t i;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (strlen(keys[i]) == n && !memcmp(keys[i], w, n))
			return 1;
	return 0;
}

/*
 * Return: a malloc'ed copy of @text with canonical numbers (length in
 * *@outlen), or NULL if @text holds a NUL byte (the reader's tokens end
 * there, the copy's would not).
 */
char *trace_canon(const char *text, size_t len, size_t *outlen)
{
	/* A number grows at most from "0x0" (3) to 20 digits. */
	char *out = malloc(len * 7 + 1), *o = out;
	const char *p = text, *end = text + len;

	if (!out)
		abort();
	if (memchr(text, '\0', len)) {
		free(out);
		return NULL;
	}
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *hash, *q;
		int first = 1, numeric = 0;

		eol = eol ? eol + 1 : end;
		hash = memchr(p, '#', (size_t)(eol - p));
		q = hash ? hash : eol;
		while (p < q) {
			size_t n;
			unsigned long long v;

			while (p < q && is_blank(*p))
				*o++ = *p++;
			if (p == q)
				break;
			for (n = 0; p + n < q && !is_blank(p[n]); n++)
				;
			if (first)
				numeric = numeric_line(p, n);
			first = 0;
			if (numeric && !spec_number(p, n, &v)) {
				o += sprintf(o, "%llu", v);
			} else {
				memcpy(o, p, n);
				o += n;
			}
			p += n;
		}
		memcpy(o, q, (size_t)(eol - q));
		o += eol - q;
		p = eol;
	}
	*o = '\0';
	*outlen = (size_t)(o - out);
	return out;
}
