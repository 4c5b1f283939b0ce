// SPDX-License-Identifier: GPL-2.0
/*
 * status_read.c - read one devfreq device's state as the kernel shows it:
 * /sys/class/devfreq/<dev>/ (the devfreq core), its gpugov/ group
 * (governor/gpugov_sysfs.c) and /sys/kernel/debug/gpugov/<dev>/
 * (governor/gpugov_debugfs.c); and what of it differs from the defaults.
 *
 * GPUGOV_STATUS_ROOT, when set, is put before every path: the tests run
 * the tool against a fake sysfs and debugfs tree.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "status.h"
#include "trace.h"
#include "gpugov_policy.h"
#include "gpugov_predict.h"
#include "gpugov_frame.h"
#include "gpugov_coremem.h"

#define DEVFREQ	"/sys/class/devfreq"
#define DEBUGFS	"/sys/kernel/debug/gpugov"

/* The devfreq core's files the status shows. */
static const char *const devfreq_files[] = {
	"governor", "available_governors", "cur_freq", "min_freq", "max_freq",
	"available_frequencies", "polling_interval",
};

const char *st_root(void)
{
	const char *r = getenv("GPUGOV_STATUS_ROOT");

	return r ? r : "";
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* The devfreq devices, sorted; their number, or -1 with @err set. */
int st_list(char names[][ST_NAME_MAX], int max, char *err, size_t errlen)
{
	char path[PATH_MAX];
	struct dirent *e;
	DIR *dir;
	int n = 0;

	snprintf(path, sizeof(path), "%s%s", st_root(), DEVFREQ);
	dir = opendir(path);
	if (!dir) {
		snprintf(err, errlen, "%s: %s (a kernel without CONFIG_PM_DEVFREQ has no devfreq devices)",
			 path, strerror(errno));
		return -1;
	}
	while ((e = readdir(dir)) && n < max) {
		if (e->d_name[0] == '.' || strlen(e->d_name) >= ST_NAME_MAX)
			continue;
		strcpy(names[n++], e->d_name);
	}
	closedir(dir);
	qsort(names, n, ST_NAME_MAX, cmp_names);
	return n;
}

/* The first line of PATH, without its newline; false if unreadable. */
static bool read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	bool ok;

	if (!f)
		return false;
	ok = fgets(buf, (int)len, f) != NULL;
	fclose(f);
	if (!ok)
		buf[0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return true;
}

static void kv_add(struct st_kvs *s, const char *key, const char *val)
{
	if (s->n >= ST_KV_MAX)
		return;
	snprintf(s->kv[s->n].key, ST_NAME_MAX, "%.*s", ST_NAME_MAX - 1, key);
	snprintf(s->kv[s->n].val, ST_VAL_MAX, "%.*s", ST_VAL_MAX - 1, val);
	s->n++;
}

static const struct st_kv *st_find(const struct st_kvs *s, const char *key)
{
	int i;

	for (i = 0; i < s->n; i++)
		if (!strcmp(s->kv[i].key, key))
			return &s->kv[i];
	return NULL;
}

const char *st_get(const struct st_kvs *s, const char *key)
{
	const struct st_kv *kv = st_find(s, key);

	return kv ? kv->val : NULL;
}

/* "key value" lines of a debugfs file; false if unreadable. */
static bool read_kv_file(const char *path, struct st_kvs *s)
{
	char line[ST_NAME_MAX + ST_VAL_MAX];
	FILE *f = fopen(path, "r");

	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		char *sp;

		line[strcspn(line, "\n")] = '\0';
		sp = strchr(line, ' ');
		if (!sp)
			continue;
		*sp = '\0';
		kv_add(s, line, sp + 1);
	}
	fclose(f);
	return true;
}

/* Every readable file of directory PATH, by name, as one line each. */
static void read_dir(const char *path, struct st_kvs *s)
{
	char names[ST_KV_MAX][ST_NAME_MAX];
	char file[2 * PATH_MAX], val[ST_VAL_MAX];
	struct dirent *e;
	DIR *dir = opendir(path);
	int n = 0, i;

	if (!dir)
		return;
	while ((e = readdir(dir)) && n < ST_KV_MAX)
		if (e->d_name[0] != '.' && strlen(e->d_name) < ST_NAME_MAX)
			strcpy(names[n++], e->d_name);
	closedir(dir);
	qsort(names, n, ST_NAME_MAX, cmp_names);
	for (i = 0; i < n; i++) {
		snprintf(file, sizeof(file), "%s/%.*s", path, ST_NAME_MAX - 1, names[i]);
		if (read_line(file, val, sizeof(val)))
			kv_add(s, names[i], val);
	}
}

/* The OPP lines of debugfs opps (after its header line). */
static void read_opps(const char *path, struct st_dev *d)
{
	char line[256];
	FILE *f = fopen(path, "r");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f) && d->nr_opps < ST_OPPS_MAX) {
		struct st_opp *o = &d->opps[d->nr_opps];
		unsigned int idx;

		if (sscanf(line, "%u %llu %llu %llu", &idx, &o->khz, &o->uv,
			   &o->power_uw) == 4 && idx == (unsigned int)d->nr_opps)
			d->nr_opps++;
	}
	fclose(f);
}

/* Read device @name into @d; 0, or -1 with @err set if it is not there. */
int st_read(const char *name, struct st_dev *d, char *err, size_t errlen)
{
	char base[PATH_MAX], path[PATH_MAX + 32], link[PATH_MAX], val[ST_VAL_MAX];
	size_t i;
	ssize_t len;

	memset(d, 0, sizeof(*d));
	if (strlen(name) >= ST_NAME_MAX || strchr(name, '/')) {
		snprintf(err, errlen, "%s: not a devfreq device name", name);
		return -1;
	}
	strcpy(d->name, name);
	snprintf(base, sizeof(base), "%s%s/%s", st_root(), DEVFREQ, name);
	if (access(base, F_OK)) {
		snprintf(err, errlen, "%s: no such devfreq device (%s)", name, strerror(errno));
		return -1;
	}
	for (i = 0; i < sizeof(devfreq_files) / sizeof(devfreq_files[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", base, devfreq_files[i]);
		if (read_line(path, val, sizeof(val)))
			kv_add(&d->dev, devfreq_files[i], val);
	}
	snprintf(path, sizeof(path), "%s/device/driver", base);
	len = readlink(path, link, sizeof(link) - 1);
	if (len > 0) {
		link[len] = '\0';
		snprintf(d->driver, sizeof(d->driver), "%.*s", ST_NAME_MAX - 1,
			 strrchr(link, '/') ? strrchr(link, '/') + 1 : link);
	}
	snprintf(path, sizeof(path), "%s/gpugov", base);
	d->gpugov = !access(path, F_OK);
	if (!d->gpugov)
		return 0;
	read_dir(path, &d->tun);
	snprintf(base, sizeof(base), "%s%s/%s", st_root(), DEBUGFS, name);
	snprintf(path, sizeof(path), "%s/decision", base);
	d->debugfs = read_kv_file(path, &d->decision);
	snprintf(path, sizeof(path), "%s/stats", base);
	read_kv_file(path, &d->stats);
	snprintf(path, sizeof(path), "%s/sample", base);
	read_kv_file(path, &d->sample);
	snprintf(path, sizeof(path), "%s/opps", base);
	read_opps(path, d);
	return 0;
}

/*
 * The tunables' defaults, as the governor starts a device: the policy's
 * (gpugov_policy_defaults()), the models' (gpugov_pred_init()), and the
 * configured model, CRISP (governor/gpugov_main.c).
 */
static int defaults(struct st_kv *out)
{
	static struct gpugov_pred_state ps;
	struct gpugov_policy_params p;
	int n = 0;

#define DEF(k, ...) do {						\
		snprintf(out[n].key, ST_NAME_MAX, "%s", k);		\
		snprintf(out[n].val, ST_VAL_MAX, __VA_ARGS__);		\
		n++;							\
	} while (0)
	gpugov_policy_defaults(&p);
	gpugov_pred_init(&ps);
	DEF("predictor", "%s", gpugov_predictor(GPUGOV_PRED_CRISP)->name);
	DEF("objective", "%s", gpugov_objective_names[p.objective]);
	DEF("max_slowdown", "%u", p.max_slowdown_pct);
	DEF("util", "%u", p.util_pct);
	DEF("util_max", "%u", p.util_max_pct);
	DEF("slack", "%u", p.slack_pct);
	DEF("hysteresis", "%u", p.hysteresis_pct);
	DEF("frame_period_us", "%u", p.frame_period_us);
	DEF("react", "%s", gpugov_react_names[p.react]);
	DEF("target", "%llu%s", (unsigned long long)p.grape.target,
	    p.grape.mode == GPUGOV_GRAPE_PCT ? "%" : "");
	DEF("power_dyn_uw", "%u", p.power.dyn_uw);
	DEF("power_static_uw", "%u", p.power.static_uw);
	DEF("power_uncore_uw", "%u", p.power.uncore_uw);
	DEF("power_idle_uw", "%u", p.power.idle_uw);
	DEF("power_idle_static_uw", "%u", p.power.idle_static_uw);
	DEF("pcstall_entries", "%u", ps.pcstall.par.entries);
	DEF("pcstall_shift", "%u", ps.pcstall.par.shift);
	DEF("pcstall_age_half", "%u", ps.pcstall.par.age_half);
	DEF("coremem_gpu", "%s", gpugov_coremem_gpu_name(ps.coremem_gpu));
#undef DEF
	return n;
}

/* The tunables of @d that differ from their defaults, at most @max. */
int st_diffs(const struct st_dev *d, struct st_diff *out, int max)
{
	struct st_kv def[ST_KV_MAX];
	int nd = defaults(def), i, n = 0;

	for (i = 0; i < nd && n < max; i++) {
		const struct st_kv *kv = st_find(&d->tun, def[i].key);

		if (!kv || !strcmp(kv->val, def[i].val))
			continue;
		out[n].key = kv->key;
		out[n].val = kv->val;
		snprintf(out[n].def, sizeof(out[n].def), "%s", def[i].val);
		n++;
	}
	return n;
}

/*
 * Why the model in use is not the configured one: the counters the
 * configured model needs that the last sample did not carry.
 */
void st_fallback_why(const struct st_dev *d, char *buf, size_t len)
{
	const char *want = st_get(&d->decision, "predictor");
	const char *caps = st_get(&d->sample, "caps");
	const char *fb = st_get(&d->decision, "fallback");
	char cols[512];
	unsigned long have;
	int id;

	buf[0] = '\0';
	if (!want || !caps || !fb || strcmp(fb, "1"))
		return;
	id = gpugov_predictor_find(want, strlen(want));
	if (id < 0)
		return;
	have = strtoul(caps, NULL, 0);
	gpugov_trace_cap_columns(gpugov_predictor(id)->caps & ~(u32)have, cols,
				 sizeof(cols));
	snprintf(buf, len, "%s needs %s; the samples carry caps %s%s", want,
		 cols[0] ? cols : "counters", caps,
		 have ? "" : " (busy/total only: no counter source)");
}
