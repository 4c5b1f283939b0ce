/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sim_parse.h - line tokenizer for the simulator's description files
 * (GPU descriptions, workloads).  Blank lines and '#' comments are
 * skipped; every error, a read error too, is reported as
 * "file:line: message".
 */
#ifndef SIM_PARSE_H
#define SIM_PARSE_H

#include "gpugov_shim.h"
#include "lines.h"

#define SIM_TOK_MAX	32
#define SIM_ERR_MAX	512

struct sim_lexer {
	struct lines in;
	const char *path;
	int ntok;
	char *tok[SIM_TOK_MAX];
	char *err;		/* caller's buffer of SIM_ERR_MAX bytes */
};

int sim_lex_open(struct sim_lexer *lx, const char *path, char *err);
void sim_lex_close(struct sim_lexer *lx);
int sim_lex_next(struct sim_lexer *lx);
int sim_lex_err(struct sim_lexer *lx, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int sim_lex_u64(struct sim_lexer *lx, const char *s, u64 *v);
int sim_lex_u32(struct sim_lexer *lx, const char *s, u32 *v);
int sim_lex_double(struct sim_lexer *lx, const char *s, double *v);

#endif /* SIM_PARSE_H */
