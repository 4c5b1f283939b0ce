/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lines.h - text input read line by line, for every line-oriented file the
 * tools read (row files, sample files, the simulator's descriptions).
 *
 * A line may be of any length: a fixed buffer would cut a long comment
 * and hand its tail to the parser as data.  A read error (a directory
 * given as a file, an I/O error) is an error, never an early end of file,
 * and a NUL byte inside a line is refused, since C strings would silently
 * drop what follows it.
 */
#ifndef GPUGOV_LINES_H
#define GPUGOV_LINES_H

#include <stdio.h>
#include <sys/types.h>

/**
 * struct lines - a text file being read
 * @f: the stream
 * @path: its name, for messages
 * @nr: number of the line last read, from 1 (0: none yet)
 * @buf: that line, NUL-terminated, without its "\n" or "\r\n"
 * @len: its length
 * @cap: allocated bytes of @buf
 * @err: errno of the failed open or read, 0 otherwise
 */
struct lines {
	FILE *f;
	const char *path;
	unsigned long nr;
	char *buf;
	size_t len;
	size_t cap;
	int err;
};

/* lines_next()'s results below 0 */
enum {
	LINES_ERR_READ = -1,	/* the file could not be read: @err says why */
	LINES_ERR_NUL = -2,	/* line @nr holds a NUL byte: malformed text */
};

int lines_open(struct lines *l, const char *path);
int lines_next(struct lines *l);
void lines_error(const struct lines *l, int rc, char *buf, size_t size);
void lines_close(struct lines *l);
int lines_split(char *s, char sep, char **field, int max);

#endif /* GPUGOV_LINES_H */
