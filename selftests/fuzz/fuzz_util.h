/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fuzz_util.h - what the libFuzzer harnesses share.
 *
 * Text inputs may start with one harness option line,
 *	#fuzz: path=N scale=X opps=LIST
 * which the harness strips before the tool sees the rest: path=N makes the
 * file name the tool is given N characters long (it still names the same
 * file: "./" components pad it), so that error paths that print the name
 * are exercised with long names; scale=X is gpugov-sim's --scale;
 * opps=LIST is gpugov-replay's --opps (the `sample` target).  The
 * line starts with '#' so that a reproducer stays a valid comment-bearing
 * input for the real tools.
 *
 * struct fuzz_bytes reads typed values from binary inputs; past the end it
 * returns zeros, so every input is usable.
 */
#ifndef GPUGOV_FUZZ_UTIL_H
#define GPUGOV_FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include "gpugov_shim.h"

#define FUZZ_PATH_MAX	3000	/* longest padded path: well below PATH_MAX */

struct fuzz_opts {
	size_t path_len;	/* 0: the plain short name */
	double scale;		/* 1.0 unless given */
	int has_scale;
	char opps[200];		/* "" unless given */
};

size_t fuzz_opts_parse(const uint8_t *data, size_t size, struct fuzz_opts *o);

const char *fuzz_tmpdir(void);
char *fuzz_write_file(const char *name, const uint8_t *data, size_t size);
char *fuzz_padded_path(const char *path, size_t len);
void fuzz_clear_dir(const char *dir);
int fuzz_has(const uint8_t *data, size_t size, const char *needle);
int fuzz_names_path(const char *err, const char *path);
int fuzz_run_captured(int (*cmd)(int argc, char **argv), int argc, char **argv,
		      char **out, size_t *len);

struct fuzz_bytes {
	const uint8_t *p;
	size_t left;
};

u8 fuzz_u8(struct fuzz_bytes *b);
u32 fuzz_u32(struct fuzz_bytes *b);
u64 fuzz_u64(struct fuzz_bytes *b);
u64 fuzz_edgy_u64(struct fuzz_bytes *b);

#define FUZZ_CHECK(cond) do {						\
	if (!(cond))							\
		fuzz_fail(__FILE__, __LINE__, #cond);			\
} while (0)

void fuzz_fail(const char *file, int line, const char *what)
	__attribute__((noreturn));

#endif /* GPUGOV_FUZZ_UTIL_H */
