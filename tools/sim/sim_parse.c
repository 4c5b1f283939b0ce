// SPDX-License-Identifier: GPL-2.0
/*
 * sim_parse.c - line tokenizer shared by the GPU description and workload
 * parsers.  Numbers may carry a binary size suffix (k, m, g: 2^10, 2^20,
 * 2^30), so footprints read naturally ("footprint 64m").
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "sim_parse.h"

int sim_lex_open(struct sim_lexer *lx, const char *path, char *err)
{
	memset(lx, 0, sizeof(*lx));
	lx->path = path;
	lx->err = err;
	lx->f = fopen(path, "r");
	if (!lx->f) {
		snprintf(err, SIM_ERR_MAX, "%s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

void sim_lex_close(struct sim_lexer *lx)
{
	if (lx->f)
		fclose(lx->f);
	free(lx->buf);
	lx->f = NULL;
	lx->buf = NULL;
}

int sim_lex_err(struct sim_lexer *lx, const char *fmt, ...)
{
	va_list ap;
	int n;

	n = snprintf(lx->err, SIM_ERR_MAX, "%s:%lu: ", lx->path, lx->line);
	va_start(ap, fmt);
	vsnprintf(lx->err + n, SIM_ERR_MAX - n, fmt, ap);
	va_end(ap);
	return -1;
}

/* Next non-empty line split into lx->tok; returns ntok, 0 at EOF, -1. */
int sim_lex_next(struct sim_lexer *lx)
{
	for (;;) {
		ssize_t len = getline(&lx->buf, &lx->bufsz, lx->f);
		char *p, *save;

		if (len < 0)
			return 0;
		lx->line++;
		p = strchr(lx->buf, '#');
		if (p)
			*p = '\0';
		lx->ntok = 0;
		for (p = strtok_r(lx->buf, " \t\r\n", &save); p;
		     p = strtok_r(NULL, " \t\r\n", &save)) {
			if (lx->ntok == SIM_TOK_MAX)
				return sim_lex_err(lx, "more than %d words",
						   SIM_TOK_MAX);
			lx->tok[lx->ntok++] = p;
		}
		if (lx->ntok)
			return lx->ntok;
	}
}

int sim_lex_u64(struct sim_lexer *lx, const char *s, u64 *v)
{
	char *end;
	u64 x;

	errno = 0;
	if (*s == '-')
		return sim_lex_err(lx, "'%s': must not be negative", s);
	x = strtoull(s, &end, 10);
	if (errno || end == s)
		return sim_lex_err(lx, "'%s': not a number", s);
	switch (*end) {
	case 'k': case 'K': x <<= 10; end++; break;
	case 'm': case 'M': x <<= 20; end++; break;
	case 'g': case 'G': x <<= 30; end++; break;
	}
	if (*end)
		return sim_lex_err(lx, "'%s': not a number", s);
	*v = x;
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

int sim_lex_double(struct sim_lexer *lx, const char *s, double *v)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	if (errno || end == s || *end || *v < 0)
		return sim_lex_err(lx, "'%s': not a non-negative number", s);
	return 0;
}
