// SPDX-License-Identifier: GPL-2.0
/*
 * strnum.c - strict number parsing (strnum.h).  Each function returns 0
 * and sets *out, or returns -1 and leaves *out alone.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "strnum.h"

/* Value of digit @c in @base, or @base if it is none. */
static unsigned int digit(char c, unsigned int base)
{
	unsigned int d;

	if (c >= '0' && c <= '9')
		d = (unsigned int)(c - '0');
	else if (c >= 'a' && c <= 'f')
		d = (unsigned int)(c - 'a') + 10;
	else if (c >= 'A' && c <= 'F')
		d = (unsigned int)(c - 'A') + 10;
	else
		return base;
	return d < base ? d : base;
}

static int parse_base(const char *s, size_t len, unsigned int base, u64 *out)
{
	u64 v = 0;
	size_t i;

	if (!len)
		return -1;
	for (i = 0; i < len; i++) {
		unsigned int d = digit(s[i], base);

		if (d == base || v > (U64_MAX - d) / base)
			return -1;
		v = v * base + d;
	}
	*out = v;
	return 0;
}

/* @len decimal digits; leading zeros are just zeros, not octal. */
int parse_u64(const char *s, size_t len, u64 *out)
{
	return parse_base(s, len, 10, out);
}

int parse_u32(const char *s, size_t len, u32 *out)
{
	u64 v;

	if (parse_u64(s, len, &v) || v > U32_MAX)
		return -1;
	*out = (u32)v;
	return 0;
}

/* @len hexadecimal digits, without a "0x" (the caller decides on it). */
int parse_x64(const char *s, size_t len, u64 *out)
{
	return parse_base(s, len, 16, out);
}

/*
 * A whole NUL-terminated string as a finite double: no blanks around it,
 * no nan or inf, nothing that overflows.
 */
int parse_finite(const char *s, double *out)
{
	char *end;
	double v;

	if (!*s || isspace((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (*end || errno == ERANGE || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}
