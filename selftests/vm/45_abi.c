// SPDX-License-Identifier: GPL-2.0
/*
 * 45_abi.c - the ABI files Documentation/ABI/testing/sysfs-class-devfreq-gpugov
 * and debugfs-gpugov (in the guest as /data/abi/, mk/abi.mk) describe
 * exactly what the module creates: every documented file exists on a
 * device running gpugov, every file that exists is documented, with the
 * documented mode ("(RO)" 0444, "(RW)" 0644; debugfs all 0444), default
 * ("Default: X."), range ("Range: A..B.": B accepted, B + 1 refused
 * with EINVAL) and, for available_*, the list in the literal block.  /sys/kernel/debug/gpugov/ itself may hold only device
 * directories and documented files.
 *
 * Entries are parsed the way scripts/get_abi.pl reads them: one "What:"
 * line each here, the fields after it up to the next "What:".
 */
#include <dirent.h>

#include "vmtap.h"

#define ABI_SYSFS	DATA_DIR "/abi/sysfs-class-devfreq-gpugov"
#define ABI_DEBUGFS	DATA_DIR "/abi/debugfs-gpugov"
#define P_SYSFS		"/sys/class/devfreq/<dev>/gpugov/"
#define P_DBG		"/sys/kernel/debug/gpugov/"
#define P_DBG_DEV	P_DBG "<dev>/"
#define DEV		SIM_DEV "0"

#define MAX_ENTRIES	64

struct abi_entry {
	char what[256];
	char text[4096];	/* everything after the What: line */
};

static struct abi_entry ents[MAX_ENTRIES];
static int nr_ents;

/* Append the entries of @path; -1 if it cannot be read or is too big. */
static int abi_parse(const char *path)
{
	char line[512];
	FILE *f = fopen(path, "r");
	struct abi_entry *e = NULL;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "What:", 5)) {
			char *w = line + 5;

			if (nr_ents == MAX_ENTRIES) {
				fclose(f);
				return -1;
			}
			e = &ents[nr_ents++];
			w += strspn(w, " \t");
			w[strcspn(w, " \t\n")] = 0;
			snprintf(e->what, sizeof(e->what), "%s", w);
			e->text[0] = 0;
		} else if (e && strlen(e->text) + strlen(line) < sizeof(e->text)) {
			strcat(e->text, line);
		}
	}
	fclose(f);
	return 0;
}

/* The entry whose What: is @prefix @name, or NULL. */
static const struct abi_entry *abi_find(const char *prefix, const char *name)
{
	size_t n = strlen(prefix);
	int i;

	for (i = 0; i < nr_ents; i++)
		if (!strncmp(ents[i].what, prefix, n) &&
		    !strcmp(ents[i].what + n, name))
			return &ents[i];
	return NULL;
}

/*
 * The file names documented directly under @prefix (What: @prefix NAME,
 * NAME without '/'), space-separated with a space at both ends, in @out.
 */
static int abi_names(const char *prefix, char *out, size_t size)
{
	size_t n = strlen(prefix), len = 1;
	int i, nr = 0;

	snprintf(out, size, " ");
	for (i = 0; i < nr_ents; i++) {
		const char *name = ents[i].what + n;

		if (strncmp(ents[i].what, prefix, n) || !*name ||
		    strchr(name, '/'))
			continue;
		len += snprintf(out + len, size > len ? size - len : 0, "%s ",
				name);
		nr++;
	}
	return len < size ? nr : -1;
}

static bool in_list(const char *list, const char *name)
{
	char key[300];

	snprintf(key, sizeof(key), " %s ", name);
	return strstr(list, key);
}

/* Files in @dir not in @list, space-separated in @out; entries, or -1. */
static int dir_extra(const char *dir, const char *list, char *out,
		     size_t size, bool devdirs_ok)
{
	struct dirent *d;
	DIR *dp = opendir(dir);
	int nr = 0;

	out[0] = 0;
	if (!dp)
		return -1;
	while ((d = readdir(dp))) {
		char devpath[512];

		if (!strcmp(d->d_name, ".") || !strcmp(d->d_name, ".."))
			continue;
		nr++;
		if (in_list(list, d->d_name))
			continue;
		/* a device's directory: named after a devfreq device */
		snprintf(devpath, sizeof(devpath), SYSFS_DEVFREQ "/%s",
			 d->d_name);
		if (devdirs_ok && d->d_type == DT_DIR && vt_exists(devpath))
			continue;
		if (strlen(out) + strlen(d->d_name) + 2 < size) {
			strcat(out, " ");
			strcat(out, d->d_name);
		}
	}
	closedir(dp);
	return nr;
}

/* The word after @key in @text (up to a space or a final '.'), or NULL. */
static const char *field(const char *text, const char *key, char *buf,
			 size_t size)
{
	const char *p = strstr(text, key);
	size_t n;

	if (!p)
		return NULL;
	p += strlen(key);
	n = strcspn(p, " \t\n");
	if (n && p[n - 1] == '.')
		n--;
	if (!n || n >= size)
		return NULL;
	memcpy(buf, p, n);
	buf[n] = 0;
	return buf;
}

static void check_sysfs_file(const char *name)
{
	const struct abi_entry *e = abi_find(P_SYSFS, name);
	char path[256], want[64], got[256], over[32];
	unsigned long long lo, hi;
	struct stat st = { 0 };
	const char *lit;
	size_t n;
	bool ro = strstr(e->text, "(RO)"), rw = strstr(e->text, "(RW)");

	snprintf(path, sizeof(path), SYSFS_DEVFREQ "/" DEV "/gpugov/%s", name);
	vt_ok(!stat(path, &st), "sysfs %s: documented and present", name);
	vt_ok(ro != rw && (st.st_mode & 0777) == (ro ? 0444 : 0644),
	      "sysfs %s: mode %o as documented (%s)", name,
	      st.st_mode & 0777, ro ? "RO" : rw ? "RW" : "no (RO)/(RW)");
	if (field(e->text, "Default: ", want, sizeof(want))) {
		vt_ok(!vt_read_line(path, got, sizeof(got)) &&
		      !strcmp(got, want), "sysfs %s: default %s (reads %s)",
		      name, want, got);
	}
	/* available_*: the literal block shows the whole list */
	lit = strstr(e->text, "::\n\n");
	if (!strncmp(name, "available_", 10) && lit) {
		lit += 4 + strspn(lit + 4, " \t");
		n = strcspn(lit, "\n");
		vt_ok(!vt_read_line(path, got, sizeof(got)) &&
		      strlen(got) == n && !strncmp(got, lit, n),
		      "sysfs %s: reads the documented list '%.*s'", name,
		      (int)n, lit);
	}
	if (field(e->text, "Range: ", want, sizeof(want)) &&
	    sscanf(want, "%llu..%llu", &lo, &hi) == 2) {
		int err;

		snprintf(over, sizeof(over), "%llu", hi);
		err = vt_write_str(path, over);
		vt_read_line(path, got, sizeof(got));
		vt_ok(!err && !strcmp(got, over),
		      "sysfs %s: documented maximum %llu accepted", name, hi);
		snprintf(over, sizeof(over), "%llu", hi + 1);
		vt_ok(vt_write_str(path, over) == -EINVAL,
		      "sysfs %s: documented maximum + 1 refused with EINVAL",
		      name);
		if (lo) {
			snprintf(over, sizeof(over), "%llu", lo - 1);
			vt_ok(vt_write_str(path, over) == -EINVAL,
			      "sysfs %s: documented minimum - 1 refused", name);
		}
		snprintf(over, sizeof(over), "%llu", lo);
		vt_ok(!vt_write_str(path, over),
		      "sysfs %s: documented minimum %llu accepted", name, lo);
	}
}

static void check_debugfs_file(const char *name)
{
	char path[256];
	struct stat st;

	snprintf(path, sizeof(path), DEBUGFS_GOV "/" DEV "/%s", name);
	vt_ok(!stat(path, &st) && (st.st_mode & 0777) == 0444,
	      "debugfs %s: documented and present, mode 0444", name);
}

/* Every name in the space-separated @list. */
static void for_each_name(const char *list, void (*fn)(const char *))
{
	char copy[4096], *tok, *save;

	snprintf(copy, sizeof(copy), "%s", list);
	for (tok = strtok_r(copy, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save))
		fn(tok);
}

int main(void)
{
	static char sys_names[4096], dbg_names[4096], top_names[4096],
		extra[4096];
	int i, n, bad = 0;

	vt_ok(!abi_parse(ABI_SYSFS), "%s parsed", ABI_SYSFS);
	n = nr_ents;
	vt_ok(!abi_parse(ABI_DEBUGFS), "%s parsed", ABI_DEBUGFS);
	for (i = 0; i < nr_ents; i++) {
		const char *w = ents[i].what;
		bool ok = i < n ? !strncmp(w, P_SYSFS, strlen(P_SYSFS)) :
				  !strncmp(w, P_DBG, strlen(P_DBG));

		ok = ok && strstr(ents[i].text, "\nDescription:") &&
		     strstr(ents[i].text, "Date:") &&
		     strstr(ents[i].text, "KernelVersion:") &&
		     strstr(ents[i].text, "Contact:");
		if (!ok) {
			vt_diag("entry '%s': outside its directory or a field missing",
				w);
			bad++;
		}
	}
	vt_ok(!bad && n > 1 && nr_ents > n,
	      "%d entries, each with What/Date/KernelVersion/Contact/Description under its directory",
	      nr_ents);
	vt_ok(abi_names(P_SYSFS, sys_names, sizeof(sys_names)) > 0 &&
	      abi_names(P_DBG_DEV, dbg_names, sizeof(dbg_names)) > 0 &&
	      abi_names(P_DBG, top_names, sizeof(top_names)) >= 0,
	      "documented: sysfs%s| debugfs%s| debugfs top level%s",
	      sys_names, dbg_names, top_names);

	vt_ok(!vt_setup(NULL), "modules load");
	vt_ok(!vt_set_governor(0, "simple_ondemand") &&
	      !vt_set_governor(0, "gpugov"), "device -> gpugov, fresh defaults");

	vt_ok(abi_find(P_SYSFS, "") &&
	      vt_exists(SYSFS_DEVFREQ "/" DEV "/gpugov"),
	      "sysfs directory documented and present");
	for_each_name(sys_names, check_sysfs_file);
	n = dir_extra(SYSFS_DEVFREQ "/" DEV "/gpugov", sys_names, extra,
		      sizeof(extra), false);
	vt_ok(n > 0 && !extra[0],
	      "every file in " SYSFS_DEVFREQ "/" DEV "/gpugov/ is documented%s%s",
	      extra[0] ? "; not:" : "", extra);

	vt_ok(abi_find(P_DBG_DEV, "") && vt_exists(DEBUGFS_GOV "/" DEV),
	      "debugfs device directory documented and present");
	for_each_name(dbg_names, check_debugfs_file);
	n = dir_extra(DEBUGFS_GOV "/" DEV, dbg_names, extra, sizeof(extra),
		      false);
	vt_ok(n > 0 && !extra[0],
	      "every file in " DEBUGFS_GOV "/" DEV "/ is documented%s%s",
	      extra[0] ? "; not:" : "", extra);
	n = dir_extra(DEBUGFS_GOV, top_names, extra, sizeof(extra), true);
	vt_ok(abi_find(P_DBG, "") && n > 0 && !extra[0],
	      DEBUGFS_GOV "/ holds device directories and documented files only%s%s",
	      extra[0] ? "; not:" : "", extra);

	vt_ok(!vt_set_governor(0, "simple_ondemand") &&
	      !vt_exists(SYSFS_DEVFREQ "/" DEV "/gpugov") &&
	      !vt_exists(DEBUGFS_GOV "/" DEV),
	      "away from gpugov: both directories gone, as documented");
	vt_ok(!vt_teardown(), "teardown");
	vt_ok(!vt_exists(DEBUGFS_GOV), DEBUGFS_GOV " gone with the module");
	return vt_done();
}
