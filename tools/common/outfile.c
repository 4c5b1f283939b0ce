// SPDX-License-Identifier: GPL-2.0
/*
 * outfile.c - output files written all or nothing (outfile.h).
 *
 * outfile_open() makes a temporary file in the destination's directory,
 * where a rename() onto the destination is atomic; the tool writes it;
 * outfile_commit() checks that every write, the flush, the fsync and the
 * close succeeded, and only then renames it into place.  outfile_abort()
 * removes it: the destination keeps its old content, or stays absent.
 *
 * A destination that exists but is not a regular file (/dev/null, a
 * FIFO, a terminal) cannot be replaced - renaming over /dev/null would
 * swap a device node for a file - so it is written in place; write errors
 * on it (/dev/full) are still reported.  A regular file reached through a
 * symbolic link is replaced where the link points, the link kept, as
 * fopen() would write it; a replaced file keeps its permission bits.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "outfile.h"

/*
 * Longest part of the destination's name kept in the temporary file's
 * name: the leading '.' and mkstemp()'s ".XXXXXX" must still fit NAME_MAX.
 */
#define TMP_BASE_MAX	200

/* DIR/.BASE.XXXXXX for @dest = DIR/BASE (or BASE), BASE cut if long. */
static char *temp_name(const char *dest)
{
	const char *slash = strrchr(dest, '/'), *base = slash ? slash + 1 : dest;
	int dirlen = (int)(base - dest), baselen = (int)strlen(base);
	size_t len = strlen(dest) + sizeof("/..XXXXXX");
	char *t = malloc(len);

	if (t)
		snprintf(t, len, "%.*s.%.*s.XXXXXX", dirlen, dest,
			 baselen < TMP_BASE_MAX ? baselen : TMP_BASE_MAX, base);
	return t;
}

static void set_err(char *err, size_t errlen, const char *name, int e)
{
	snprintf(err, errlen, "%.400s: %s", name, strerror(e));
}

/* The permission bits a new file gets from fopen(): 0666 less the umask. */
static mode_t new_file_mode(void)
{
	mode_t mask = umask(0);

	umask(mask);
	return 0666 & ~mask;
}

/**
 * outfile_open() - start writing @path all or nothing
 * @o: out, the output; o->f is the stream to write
 * @path: the destination
 * @err: buffer for the error message ("PATH: cause")
 * @errlen: its size
 *
 * Return: 0, or -1 with the message in @err (nothing then to abort).
 */
int outfile_open(struct outfile *o, const char *path, char *err, size_t errlen)
{
	mode_t mode = new_file_mode();
	struct stat st;
	int fd = -1, e;

	memset(o, 0, sizeof(*o));
	if (!*path) {
		snprintf(err, errlen, "empty file name");
		return -1;
	}
	if (!(o->path = strdup(path)))
		goto fail;
	if (stat(path, &st)) {
		if (errno != ENOENT)
			goto fail;
		o->dest = strdup(path);
	} else if (S_ISREG(st.st_mode)) {
		o->dest = realpath(path, NULL);
		mode = st.st_mode & 0777;
	} else {
		o->f = fopen(path, "w");
		if (!o->f)
			goto fail;
		return 0;
	}
	if (!o->dest || !(o->tmp = temp_name(o->dest)))
		goto fail;
	fd = mkstemp(o->tmp);
	if (fd < 0) {
		free(o->tmp);
		o->tmp = NULL;
		goto fail;
	}
	if (fchmod(fd, mode) || !(o->f = fdopen(fd, "w")))
		goto fail;
	return 0;
fail:
	e = errno;
	if (fd >= 0 && !o->f)
		close(fd);
	outfile_abort(o);
	set_err(err, errlen, path, e);
	return -1;
}

/**
 * outfile_stdout() - write to standard output instead (the "-" of a
 * command line): written in place, its errors reported by outfile_close()
 * @o: out, the output
 */
void outfile_stdout(struct outfile *o)
{
	memset(o, 0, sizeof(*o));
	o->f = stdout;
}

/**
 * outfile_written() - the file the bytes go to until the commit
 * @o: an output of outfile_open()
 *
 * Return: the temporary file, or the destination when written in place.
 */
const char *outfile_written(const struct outfile *o)
{
	return o->tmp ? o->tmp : o->path;
}

/**
 * outfile_close() - finish writing: flush, sync and close, every step
 * checked, as well as every earlier write (the stream's error flag)
 * @o: the output; o->f is NULL afterwards (stdout is flushed, not closed)
 * @err: buffer for the error message
 * @errlen: its size
 *
 * A closed output is committed or aborted next; closing one that is
 * closed already does nothing.
 *
 * Return: 0, or -1 with the message in @err.
 */
int outfile_close(struct outfile *o, char *err, size_t errlen)
{
	bool bad;
	int e = 0;

	if (!o->f)
		return 0;
	/* an earlier write failed: its errno is gone, its data too */
	bad = ferror(o->f);
	if (fflush(o->f))
		e = errno;
	else if (o->tmp && fsync(fileno(o->f)))
		e = errno;
	if (o->f == stdout)
		clearerr(stdout);	/* reported here, not again at exit */
	else if (fclose(o->f) && !e)
		e = errno;
	o->f = NULL;
	if (!bad && !e)
		return 0;
	snprintf(err, errlen, "%.400s: write error%s%s",
		 o->path ? o->path : "standard output", e ? ": " : "",
		 e ? strerror(e) : "");
	return -1;
}

/**
 * outfile_commit() - close @o and put it into place
 * @o: the output; released, also on failure (its temporary file removed)
 * @err: buffer for the error message
 * @errlen: its size
 *
 * Return: 0, or -1 with the message in @err.
 */
int outfile_commit(struct outfile *o, char *err, size_t errlen)
{
	if (outfile_close(o, err, errlen))
		goto fail;
	if (o->tmp && rename(o->tmp, o->dest)) {
		set_err(err, errlen, o->path, errno);
		goto fail;
	}
	free(o->tmp);
	o->tmp = NULL;
	outfile_abort(o);
	return 0;
fail:
	outfile_abort(o);
	return -1;
}

/**
 * outfile_abort() - give up @o: close it and remove its temporary file
 * @o: the output, released; aborting a released output does nothing
 */
void outfile_abort(struct outfile *o)
{
	if (o->f && o->f != stdout)
		fclose(o->f);
	if (o->tmp)
		unlink(o->tmp);
	free(o->tmp);
	free(o->dest);
	free(o->path);
	memset(o, 0, sizeof(*o));
}

static const char *stdout_prog;

/*
 * Data the tool wrote to stdout may still sit in its buffer at exit, and
 * an earlier write may have failed: a result lost on the way must not
 * leave exit status 0.
 */
static void check_stdout(void)
{
	bool bad = ferror(stdout);
	int e = 0;

	if (fclose(stdout))
		e = errno;
	if (!bad && !e)
		return;
	fprintf(stderr, "%s: standard output: write error%s%s\n", stdout_prog,
		e ? ": " : "", e ? strerror(e) : "");
	_exit(1);
}

/**
 * outfile_check_stdout_at_exit() - make the exit status 1 when what the
 * program wrote to standard output did not all get there
 * @prog: the program's name, for the message
 *
 * Call it first in main(): it checks at exit, whichever way the program
 * exits (return from main() or exit()).
 */
void outfile_check_stdout_at_exit(const char *prog)
{
	stdout_prog = prog;
	atexit(check_stdout);
}
