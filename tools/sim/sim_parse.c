// SPDX-License-Identifier: GPL-2.0
/*
 * sim_parse.c - line tokenizer shared by the GPU description and workload
 * parsers.  Numbers may carry a binary size suffix (k, m, g: 2^10, 2^20,
 * 2^30), so footprints read naturally ("footprint 64m").
 */
#include <stdarg.h>
#include <string.h>

#include "errfmt.h"
#include "sim_parse.h"
#include "strnum.h"

int sim_lex_open(struct sim_lexer *lx, const char *path, char *err)
{
	int rc;

	memset(lx, 0, sizeof(*lx));
	lx->path = path;
	lx->err = err;
	rc = lines_open(&lx->in, path);
	if (rc)
		lines_error(&lx->in, rc, err, SIM_ERR_MAX);
	return rc ? -1 : 0;
}

void sim_lex_close(struct sim_lexer *lx)
{
	lines_close(&lx->in);
}

int sim_lex_err(struct sim_lexer *lx, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	gpugov_verr_at(lx->err, SIM_ERR_MAX, lx->path, lx->in.nr, fmt, ap);
	va_end(ap);
	return -1;
}

/* Next non-empty line split into lx->tok; returns ntok, 0 at EOF, -1. */
int sim_lex_next(struct sim_lexer *lx)
{
	for (;;) {
		int rc = lines_next(&lx->in);
		char *p, *save;

		if (rc <= 0) {
			if (rc)
				lines_error(&lx->in, rc, lx->err, SIM_ERR_MAX);
			return rc ? -1 : 0;
		}
		p = strchr(lx->in.buf, '#');
		if (p)
			*p = '\0';
		lx->ntok = 0;
		for (p = strtok_r(lx->in.buf, " \t\r", &save); p;
		     p = strtok_r(NULL, " \t\r", &save)) {
			if (lx->ntok == SIM_TOK_MAX)
				return sim_lex_err(lx, "more than %d words",
						   SIM_TOK_MAX);
			lx->tok[lx->ntok++] = p;
		}
		if (lx->ntok)
			return lx->ntok;
	}
}

/*
 * Decimal digits and an optional binary suffix; a value whose suffix
 * shifts bits out of 64 is refused, not wrapped.
 */
int sim_lex_u64(struct sim_lexer *lx, const char *s, u64 *v)
{
	size_t len = strlen(s);
	u32 shift = 0;
	u64 x;

	if (*s == '-')
		return sim_lex_err(lx, "'%s': must not be negative", s);
	switch (len ? s[len - 1] : 0) {
	case 'k': case 'K': shift = 10; break;
	case 'm': case 'M': shift = 20; break;
	case 'g': case 'G': shift = 30; break;
	}
	if (parse_u64(s, len - !!shift, &x))
		return sim_lex_err(lx, "'%s': not a number (decimal digits, "
				   "then k, m or g)", s);
	if (x > U64_MAX >> shift)
		return sim_lex_err(lx, "'%s': more than 64 bits", s);
	*v = x << shift;
	return 0;
}

int sim_lex_u32(struct sim_lexer *lx, const char *s, u32 *v)
{
	u64 x;

	if (sim_lex_u64(lx, s, &x))
		return -1;
	if (x > U32_MAX)
		return sim_lex_err(lx, "'%s': too large", s);
	*v = (u32)x;
	return 0;
}

/* A finite number >= 0: nan and inf would reach float-to-integer casts. */
int sim_lex_double(struct sim_lexer *lx, const char *s, double *v)
{
	double x;

	if (parse_finite(s, &x) || x < 0)
		return sim_lex_err(lx, "'%s': not a finite non-negative number",
				   s);
	*v = x;
	return 0;
}
