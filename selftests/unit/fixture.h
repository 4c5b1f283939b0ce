/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fixture.h - for the tests of the tools' parsers: input files in a
 * scratch directory, a path to one of them padded with "./" to any length
 * (paths run to PATH_MAX, error buffers are far shorter), and a check run
 * in a child process, so that input which crashes a parser shows as one
 * failed check instead of ending the suite.
 */
#ifndef GPUGOV_FIXTURE_H
#define GPUGOV_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define FX_MAX_FILES	32
#define FX_PATH_MAX	4096

static char fx_dir[32];
static char fx_files[FX_MAX_FILES][64];
static int fx_nfiles;

/* Create the scratch directory; 0 or -1. */
static inline int fx_init(void)
{
	strcpy(fx_dir, "/tmp/gpugov-fx-XXXXXX");
	return mkdtemp(fx_dir) ? 0 : -1;
}

/*
 * Write @text to the scratch file @name (again: overwrite it); returns its
 * path or NULL.  At most FX_MAX_FILES different names.
 */
static inline const char *fx_write(const char *name, const char *text)
{
	char want[sizeof(fx_files[0])];
	char *path;
	FILE *f;
	int i;

	snprintf(want, sizeof(want), "%s/%s", fx_dir, name);
	for (i = 0; i < fx_nfiles && strcmp(fx_files[i], want); i++)
		;
	if (i == FX_MAX_FILES)
		return NULL;
	path = fx_files[i];
	strcpy(path, want);
	f = fopen(path, "w");
	if (!f)
		return NULL;
	if (i == fx_nfiles)
		fx_nfiles++;
	fputs(text, f);
	return fclose(f) ? NULL : path;
}

/*
 * "DIR/././.../NAME" naming the scratch file @name, @len characters long
 * (give or take one), in @out of FX_PATH_MAX bytes.
 */
static inline const char *fx_long_path(const char *name, size_t len, char *out)
{
	size_t n = (size_t)snprintf(out, FX_PATH_MAX, "%s/", fx_dir);

	while (n + 2 + strlen(name) < len && n + 2 < FX_PATH_MAX - 64) {
		memcpy(out + n, "./", 2);
		n += 2;
	}
	snprintf(out + n, FX_PATH_MAX - n, "%s", name);
	return out;
}

/*
 * A guard after a buffer under test: fx_guard_set() fills it, and
 * fx_guard_ok() says whether nothing was written into it since.
 */
#define FX_GUARD_BYTE	0x5a

static inline void fx_guard_set(char *g, size_t n)
{
	memset(g, FX_GUARD_BYTE, n);
}

static inline int fx_guard_ok(const char *g, size_t n)
{
	while (n--)
		if (g[n] != FX_GUARD_BYTE)
			return 0;
	return 1;
}

/* Run @fn in a child: true if it returned true and did not crash. */
static inline int fx_in_child(int (*fn)(void))
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		int ok = fn();

		fflush(stdout);		/* _exit() does not */
		_exit(ok ? 0 : 1);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return 0;
	if (WIFSIGNALED(status))
		printf("# the check died of signal %d\n", WTERMSIG(status));
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* Remove the scratch files and directory. */
static inline void fx_done(void)
{
	while (fx_nfiles)
		unlink(fx_files[--fx_nfiles]);
	rmdir(fx_dir);
}

#endif /* GPUGOV_FIXTURE_H */
