// SPDX-License-Identifier: GPL-2.0
/*
 * test_replay_tunables.c - the map from sysfs tunables to gpugov-replay
 * options (tools/common/replay_tunables.c) covers every writable file the
 * ABI document lists (`make abi-check` ties that document to the
 * module's attributes), names only those, and the options line a
 * recording gets is built from every one of them.
 *
 * Argument: the ABI file (default: the one in the source tree, as `make`
 * runs the unit tests from the top directory).
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tap.h"
#include "replay_tunables.h"

#define ABI_DEFAULT	"Documentation/ABI/testing/sysfs-class-devfreq-gpugov"
#define SYSFS_PREFIX	"/sys/class/devfreq/<dev>/gpugov/"
#define MAX_FILES	64

struct abi_file {
	char name[64];
	bool rw;
};

/*
 * The files under SYSFS_PREFIX with the mode their description starts
 * with, "(RW)" or "(RO)".  Return: how many, or -1 if unreadable.
 */
static int read_abi(const char *path, struct abi_file *files)
{
	FILE *f = fopen(path, "r");
	char line[512], *p;
	int n = 0, cur = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "What:", 5)) {
			p = line + 5 + strspn(line + 5, " \t");
			p[strcspn(p, " \t\n")] = '\0';
			cur = -1;
			if (strncmp(p, SYSFS_PREFIX, strlen(SYSFS_PREFIX)) ||
			    !p[strlen(SYSFS_PREFIX)] || n == MAX_FILES)
				continue;
			cur = n++;
			snprintf(files[cur].name, sizeof(files[cur].name), "%s",
				 p + strlen(SYSFS_PREFIX));
			files[cur].rw = false;
		} else if (cur >= 0 && (p = strstr(line, "(R"))) {
			files[cur].rw = !strncmp(p, "(RW)", 4);
			cur = -1;
		}
	}
	fclose(f);
	return n;
}

static const struct replay_tunable *find_tunable(const char *sysfs)
{
	size_t i;

	for (i = 0; i < replay_nr_tunables; i++)
		if (!strcmp(replay_tunables[i].sysfs, sysfs))
			return &replay_tunables[i];
	return NULL;
}

static bool is_alias(const char *sysfs)
{
	size_t i;

	for (i = 0; i < replay_nr_aliases; i++)
		if (!strcmp(replay_aliases[i], sysfs))
			return true;
	return false;
}

static void test_against_abi(const char *abi)
{
	static struct abi_file files[MAX_FILES];
	int n = read_abi(abi, files), i, nrw = 0;
	size_t k;

	if (!tap_ok(n > 0, "%s lists the gpugov/ files (%d)", abi, n))
		return;
	for (i = 0; i < n; i++) {
		const struct replay_tunable *t = find_tunable(files[i].name);

		nrw += files[i].rw;
		if (files[i].rw && is_alias(files[i].name))
			tap_ok(!t, "%s: an alias of other tunables, not replayed itself",
			       files[i].name);
		else if (files[i].rw)
			tap_ok(t != NULL, "tunable %s: replayed with --%s", files[i].name,
			       t ? t->option : "(none: a recording would not carry it)");
		else
			tap_ok(!t, "%s is read-only: not a tunable", files[i].name);
	}
	for (k = 0; k < replay_nr_tunables; k++) {
		for (i = 0; i < n && strcmp(files[i].name, replay_tunables[k].sysfs); i++)
			;
		tap_ok(i < n && files[i].rw, "map entry %s is a documented (RW) file",
		       replay_tunables[k].sysfs);
	}
	for (k = 0; k < replay_nr_aliases; k++) {
		for (i = 0; i < n && strcmp(files[i].name, replay_aliases[k]); i++)
			;
		tap_ok(i < n && files[i].rw, "alias %s is a documented (RW) file",
		       replay_aliases[k]);
	}
	tap_ok(replay_nr_tunables + replay_nr_aliases == (size_t)nrw,
	       "%zu map entries and %zu aliases, %d (RW) files",
	       replay_nr_tunables, replay_nr_aliases, nrw);
}

/* No two entries share a file or an option; options are lower-case words. */
static void test_unique(void)
{
	size_t i, j, bad = 0;

	for (i = 0; i < replay_nr_tunables; i++) {
		const char *o = replay_tunables[i].option;

		bad += !o[0] || strspn(o, "abcdefghijklmnopqrstuvwxyz-") != strlen(o);
		for (j = 0; j < i; j++)
			bad += !strcmp(replay_tunables[j].sysfs, replay_tunables[i].sysfs) ||
			       !strcmp(replay_tunables[j].option, o);
	}
	tap_ok(!bad, "files and options unique, options well-formed (%zu bad)", bad);
}

static int write_file(const char *dir, const char *name, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f);
}

/* The options line from a directory of tunable files. */
static void test_options(void)
{
	char dir[] = "/tmp/test_replay_tunables.XXXXXX", want[1024], out[1024];
	char err[512], val[32], path[512];
	size_t i, len = 0;
	int rc, fails = 0;

	if (!tap_ok(mkdtemp(dir) != NULL, "temporary directory"))
		return;
	for (i = 0; i < replay_nr_tunables; i++) {
		/* as sysfs shows them, and without the newline */
		snprintf(val, sizeof(val), "v%zu%s", i, i % 2 ? "" : "\n");
		fails += write_file(dir, replay_tunables[i].sysfs, val) != 0;
		len += snprintf(want + len, sizeof(want) - len, "%s--%s v%zu", len ? " " : "",
				replay_tunables[i].option, i);
	}
	rc = replay_tunables_options(dir, out, sizeof(out), err, sizeof(err));
	if (!tap_ok(!fails && !rc && !strcmp(out, want),
		    "every tunable becomes '--OPTION VALUE', in table order"))
		tap_diag("got '%s' (%s), want '%s'", out, rc ? err : "", want);

	rc = replay_tunables_options(dir, out, 64, err, sizeof(err));
	tap_ok(rc && strstr(err, "do not fit"), "too small a buffer refused: %s", err);

	write_file(dir, replay_tunables[3].sysfs, "two words\n");
	rc = replay_tunables_options(dir, out, sizeof(out), err, sizeof(err));
	tap_ok(rc && strstr(err, replay_tunables[3].sysfs) && strstr(err, "not one value"),
	       "a value of two words refused: %s", err);

	for (i = 0; i < replay_nr_tunables; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, replay_tunables[i].sysfs);
		unlink(path);
	}
	rc = replay_tunables_options(dir, out, sizeof(out), err, sizeof(err));
	tap_ok(rc && strstr(err, replay_tunables[0].sysfs) && strstr(err, "No such file"),
	       "a missing tunable refused, not left out: %s", err);
	rmdir(dir);
}

int main(int argc, char **argv)
{
	test_against_abi(argc > 1 ? argv[1] : ABI_DEFAULT);
	test_unique();
	test_options();
	return tap_done("replay_tunables");
}
