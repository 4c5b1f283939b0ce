// SPDX-License-Identifier: GPL-2.0
/*
 * import_out.c - where `gpugov-replay import` writes: one file name per
 * kernel, unique and safe, and trace files written all or nothing.
 *
 * Every trace goes to a temporary file in the output directory (outfile.h);
 * only when all are written and each reads back with the trace reader are
 * they renamed into place.  On any error the temporary files (and the output
 * directory, if this import made it) are removed: bad input changes
 * nothing, and no trace the reader would refuse is ever left behind.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "import.h"
#include "strmap.h"
#include "trace.h"

/* Longest file name stem: room for ".trace" and the temporary suffix. */
#define NAME_STEM_MAX	200

/* @key as a file name stem: no path separators, blanks or shell specials. */
static char *file_stem(const char *key)
{
	size_t i, n = strlen(key) < NAME_STEM_MAX ? strlen(key) : NAME_STEM_MAX;
	char *s = malloc(n + 1);

	if (!s)
		return NULL;
	for (i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)key[i];

		s[i] = ch <= ' ' || ch == 0x7f || strchr("/\\:*?\"<>|#", ch) ||
		       (!i && ch == '.') ? '_' : (char)ch;
	}
	s[n] = '\0';
	return s;
}

/**
 * import_names() - the file name stem of each kernel's trace
 * @keys: the kernels' names, in file order
 * @lines: the line each first appears on
 * @n: how many
 * @src: the input file, for messages
 * @names: out, @n allocated stems (freed by the caller, also on failure)
 * @err: buffer for the error message
 * @errlen: its size
 *
 * Characters a file name cannot or should not hold become '_'; a stem
 * another kernel already has gets "-2", "-3"... - with a warning naming
 * both kernels and their lines, so no trace overwrites another.
 *
 * Return: 0, or -1 (out of memory) with the message in @err.
 */
int import_names(const char *const *keys, const size_t *lines, size_t n,
		 const char *src, char **names, char *err, size_t errlen)
{
	char **natural = calloc(n ? n : 1, sizeof(*natural));
	/* every natural stem; each stem given out so far, to its kernel;
	 * the next suffix to try for a stem, so each is tried once */
	struct strmap nat = { 0 }, given = { 0 }, next = { 0 };
	size_t i, j, k, len;
	int ret = -1;

	for (i = 0; natural && i < n; i++)
		if (!(natural[i] = file_stem(keys[i])) || strmap_put(&nat, natural[i], i))
			goto out;
	for (i = 0; natural && i < n; i++) {
		if (strlen(keys[i]) > NAME_STEM_MAX)
			fprintf(stderr, "gpugov-replay import: warning: %s:%zu: kernel name "
				"longer than %d bytes, cut for its file name %s.trace\n",
				src, lines[i], NAME_STEM_MAX, natural[i]);
		if (!strmap_get(&given, natural[i], &j)) {
			if (!(names[i] = strdup(natural[i])) ||
			    strmap_put(&given, names[i], i))
				goto out;
			continue;
		}
		len = strlen(natural[i]) + 24;
		if (!(names[i] = malloc(len)))
			goto out;
		if (!strmap_get(&next, natural[i], &k))
			k = 2;
		for (;; k++) {
			size_t any;

			snprintf(names[i], len, "%s-%zu", natural[i], k);
			if (!strmap_get(&nat, names[i], &any) &&
			    !strmap_get(&given, names[i], &any))
				break;
		}
		if (strmap_put(&next, natural[i], k + 1) || strmap_put(&given, names[i], i))
			goto out;
		fprintf(stderr, "gpugov-replay import: warning: %s: kernels '%s' (line %zu) "
			"and '%s' (line %zu) have the same file name %s.trace: '%s' is "
			"written to %s.trace\n", src, keys[j], lines[j], keys[i], lines[i],
			natural[i], keys[i], names[i]);
	}
	ret = natural ? 0 : -1;
out:
	strmap_free(&nat);
	strmap_free(&given);
	strmap_free(&next);
	for (i = 0; natural && i < n; i++)
		free(natural[i]);
	free(natural);
	if (ret)
		snprintf(err, errlen, "out of memory");
	return ret;
}

/**
 * import_out_begin() - start writing into @dir
 * @o: out, the state
 * @dir: output directory, made if missing
 * @err: buffer for the error message
 * @errlen: its size
 *
 * Return: 0, or -1 with the message in @err.
 */
int import_out_begin(struct import_out *o, const char *dir, char *err, size_t errlen)
{
	struct stat st;

	memset(o, 0, sizeof(*o));
	o->dir = dir;
	if (!mkdir(dir, 0755)) {
		o->made_dir = true;
		return 0;
	}
	if (errno == EEXIST && !stat(dir, &st) && S_ISDIR(st.st_mode))
		return 0;
	snprintf(err, errlen, "%.400s: %s", dir,
		 errno == EEXIST ? "not a directory" : strerror(errno));
	return -1;
}

/**
 * import_out_open() - start writing the trace DIR/@name.trace
 * @o: the state
 * @name: file name stem
 * @err: buffer for the error message
 * @errlen: its size
 *
 * Return: the stream to write (to be closed with import_out_close()), or
 * NULL with the message in @err.
 */
FILE *import_out_open(struct import_out *o, const char *name, char *err, size_t errlen)
{
	size_t len = strlen(o->dir) + strlen(name) + sizeof("/.trace");
	char *path;
	int ret;

	if (o->nr == o->cap) {
		size_t ncap = o->cap ? 2 * o->cap : 16;
		struct outfile *nf = realloc(o->files, ncap * sizeof(*nf));

		if (!nf) {
			snprintf(err, errlen, "out of memory");
			return NULL;
		}
		o->files = nf;
		o->cap = ncap;
	}
	path = malloc(len);
	if (!path) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	snprintf(path, len, "%s/%s.trace", o->dir, name);
	ret = outfile_open(&o->files[o->nr], path, err, errlen);
	free(path);
	return ret ? NULL : o->files[o->nr++].f;
}

/**
 * import_out_close() - finish writing the trace import_out_open() opened last
 * @o: the state
 * @err: buffer for the error message
 * @errlen: its size
 *
 * Return: 0, or -1 with the message in @err (then call import_out_abort()).
 */
int import_out_close(struct import_out *o, char *err, size_t errlen)
{
	return outfile_close(&o->files[o->nr - 1], err, errlen);
}

static void out_free(struct import_out *o)
{
	size_t i;

	for (i = 0; i < o->nr; i++)
		outfile_abort(&o->files[i]);
	free(o->files);
	o->files = NULL;
	o->nr = o->cap = 0;
}

/**
 * import_out_commit() - check every file written, then put them in place
 * @o: the state; released on success
 * @err: buffer for the error message
 * @errlen: its size
 *
 * Return: 0, or -1 with the message in @err (then call import_out_abort()).
 */
int import_out_commit(struct import_out *o, char *err, size_t errlen)
{
	char msg[GPUGOV_TRACE_ERR_MAX];
	struct gpugov_trace t;
	size_t i;

	for (i = 0; i < o->nr; i++) {
		/* a trace written in place (a device, a FIFO) cannot be read back */
		if (!o->files[i].tmp)
			continue;
		if (gpugov_trace_load(outfile_written(&o->files[i]), &t, msg, sizeof(msg))) {
			snprintf(err, errlen, "internal error: the trace for %.200s does not "
				 "read back (%.250s); nothing written", o->files[i].path, msg);
			return -1;
		}
		gpugov_trace_free(&t);
	}
	for (i = 0; i < o->nr; i++)
		if (outfile_commit(&o->files[i], err, errlen))
			return -1;
	out_free(o);
	return 0;
}

/**
 * import_out_abort() - remove every temporary file, and the directory if
 * this import made it
 * @o: the state; released
 */
void import_out_abort(struct import_out *o)
{
	out_free(o);
	if (o->made_dir)
		rmdir(o->dir);
}
