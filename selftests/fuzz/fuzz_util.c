// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_util.c - option line, scratch files and byte reader of the harnesses.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_util.h"

void fuzz_fail(const char *file, int line, const char *what)
{
	fprintf(stderr, "%s:%d: invariant violated: %s\n", file, line, what);
	abort();
}

size_t fuzz_opts_parse(const uint8_t *data, size_t size, struct fuzz_opts *o)
{
	static const char tag[] = "#fuzz:";
	const uint8_t *nl;
	char line[256], *tok, *save;
	size_t len;

	memset(o, 0, sizeof(*o));
	o->scale = 1.0;
	if (size < sizeof(tag) - 1 || memcmp(data, tag, sizeof(tag) - 1))
		return 0;
	nl = memchr(data, '\n', size);
	len = nl ? (size_t)(nl - data) : size;
	snprintf(line, sizeof(line), "%.*s", (int)len, (const char *)data);
	for (tok = strtok_r(line + sizeof(tag) - 1, " \t\r", &save); tok;
	     tok = strtok_r(NULL, " \t\r", &save)) {
		if (!strncmp(tok, "path=", 5)) {
			o->path_len = strtoull(tok + 5, NULL, 10);
			if (o->path_len > FUZZ_PATH_MAX)
				o->path_len = FUZZ_PATH_MAX;
		} else if (!strncmp(tok, "scale=", 6)) {
			o->scale = atof(tok + 6);	/* as gpugov-sim reads it */
			o->has_scale = 1;
		} else if (!strncmp(tok, "opps=", 5)) {
			snprintf(o->opps, sizeof(o->opps), "%s", tok + 5);
		}
	}
	return nl ? len + 1 : size;
}

static char tmpdir[256];

static void rm_tmpdir(void)
{
	if (tmpdir[0]) {
		fuzz_clear_dir(tmpdir);
		rmdir(tmpdir);
	}
}

/* A private scratch directory, made at first use and removed at exit. */
const char *fuzz_tmpdir(void)
{
	const char *base = getenv("TMPDIR");

	if (tmpdir[0])
		return tmpdir;
	snprintf(tmpdir, sizeof(tmpdir), "%s/gpugov-fuzz.XXXXXX",
		 base && *base && strlen(base) < 200 ? base : "/tmp");
	if (!mkdtemp(tmpdir)) {
		perror(tmpdir);
		abort();
	}
	atexit(rm_tmpdir);
	return tmpdir;
}

/* Write @data to @name in the scratch directory; returns its path. */
char *fuzz_write_file(const char *name, const uint8_t *data, size_t size)
{
	char *path;
	FILE *f;

	if (asprintf(&path, "%s/%s", fuzz_tmpdir(), name) < 0)
		abort();
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f)) {
		perror(path);
		abort();
	}
	return path;
}

/*
 * The same file as @path under a name of at least @len characters:
 * "dir/./././base", with one "//" to reach an odd length.
 */
char *fuzz_padded_path(const char *path, size_t len)
{
	const char *slash = strrchr(path, '/');
	size_t dir = slash ? (size_t)(slash - path) : 0;
	size_t plen = strlen(path), pad = len > plen ? len - plen : 0;
	char *out = malloc(plen + pad + 2), *p;

	if (!out || !slash)
		abort();
	memcpy(out, path, dir);
	p = out + dir;
	*p++ = '/';
	if (pad & 1)
		*p++ = '/';
	for (; pad >= 2; pad -= 2) {
		*p++ = '.';
		*p++ = '/';
	}
	strcpy(p, slash + 1);
	return out;
}

/* Remove the files and empty directories in @dir. */
void fuzz_clear_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
		    unlinkat(dirfd(d), e->d_name, 0))
			unlinkat(dirfd(d), e->d_name, AT_REMOVEDIR);
	closedir(d);
}

int fuzz_has(const uint8_t *data, size_t size, const char *needle)
{
	return memmem(data, size, needle, strlen(needle)) != NULL;
}

/*
 * Whether the message @err names @path as gpugov_err_at() does: the path,
 * or "..." and the path's tail where the whole does not fit, then ':'.
 */
int fuzz_names_path(const char *err, const char *path)
{
	size_t plen = strlen(path);
	const char *colon;

	if (!strncmp(err, path, plen))
		return err[plen] == ':';
	if (strncmp(err, "...", 3))
		return 0;
	for (colon = strchr(err + 3, ':'); colon; colon = strchr(colon + 1, ':')) {
		size_t n = colon - (err + 3);

		if (n <= plen && !memcmp(err + 3, path + plen - n, n))
			return 1;
	}
	return 0;
}

/**
 * fuzz_run_captured() - run a command's entry point with its stdout in
 *	memory
 * @cmd: the entry (cmd_realtime(), cmd_rtsummary(), ...)
 * @argc: its argument count
 * @argv: its arguments
 * @out: what it wrote to stdout (NUL-terminated; the caller frees it)
 * @len: its length
 *
 * Return: the command's exit status.
 */
int fuzz_run_captured(int (*cmd)(int argc, char **argv), int argc, char **argv,
		      char **out, size_t *len)
{
	FILE *mem, *real_stdout = stdout;
	int rc;

	*out = NULL;
	mem = open_memstream(out, len);
	if (!mem)
		abort();
	stdout = mem;
	rc = cmd(argc, argv);
	stdout = real_stdout;
	if (fclose(mem))
		abort();
	return rc;
}

u8 fuzz_u8(struct fuzz_bytes *b)
{
	if (!b->left)
		return 0;
	b->left--;
	return *b->p++;
}

u32 fuzz_u32(struct fuzz_bytes *b)
{
	u32 v = 0;
	int i;

	for (i = 0; i < 4; i++)
		v = v << 8 | fuzz_u8(b);
	return v;
}

u64 fuzz_u64(struct fuzz_bytes *b)
{
	u64 hi = fuzz_u32(b);

	return hi << 32 | fuzz_u32(b);
}

/*
 * A counter value biased to the edges that break arithmetic: 0, 1, small,
 * around 2^32, near U64_MAX, powers of two, or anything.
 */
u64 fuzz_edgy_u64(struct fuzz_bytes *b)
{
	u8 sel = fuzz_u8(b);

	switch (sel & 7) {
	case 0: return 0;
	case 1: return 1;
	case 2: return fuzz_u8(b);
	case 3: return U32_MAX - (sel >> 3);
	case 4: return (1ULL << 32) + fuzz_u8(b);
	case 5: return U64_MAX - fuzz_u8(b);
	case 6: return 1ULL << (fuzz_u8(b) & 63);
	default: return fuzz_u64(b);
	}
}
