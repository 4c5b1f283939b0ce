// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_sysfs.c - tunables in /sys/class/devfreq/<dev>/gpugov/.
 *
 * The group exists from DEVFREQ_GOV_START to DEVFREQ_GOV_STOP.  Numeric
 * tunables are described by objects (struct gpugov_tunable: where the
 * value lives and its accepted range) so that one show and one store
 * serve them all; so are the named choices (struct gpugov_choice: where
 * the id lives and how ids and names map), each with its list of names.
 * Every store parses and validates the whole input against the range
 * docs/governor.md gives before taking devfreq->lock; anything malformed,
 * negative, overflowing, out of range, an empty line or too long returns
 * -EINVAL and changes nothing.  A zero-length write never gets here: the
 * sysfs core returns 0 for it without calling the store.
 * Files are 0644: root writes, everyone reads.
 *
 * Locking: the stores and shows take devfreq->lock (gpugov_lock_dev())
 * around every access to struct gpugov_dev, as the poll holds it; the
 * tunable descriptions below are constant.
 */
#include <linux/device.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/sysfs.h>

#include "gpugov.h"

/* Longest input a store considers: a u32 or a name, plus slack. */
#define GPUGOV_STORE_MAX	32

/* Power coefficients are capped at 1 kW. */
#define GPUGOV_POWER_MAX_UW	1000000000U

/* A percentage `target` is 1..100 % of the maximum rate. */
#define GPUGOV_TARGET_PCT_MAX	100

/**
 * struct gpugov_tunable - a numeric tunable of struct gpugov_dev
 * @attr: its sysfs attribute
 * @offset: offset of its u32 in struct gpugov_dev
 * @min: smallest accepted value
 * @max: largest accepted value
 * @pcstall: a PCSTALL table parameter: the model validates the new
 *	geometry and resets its table
 * @zero_off: 0 is accepted too, below @min (it switches the feature off)
 */
struct gpugov_tunable {
	struct device_attribute attr;
	size_t offset;
	u32 min;
	u32 max;
	bool pcstall;
	bool zero_off;
};

#define to_gpugov_tunable(a)	container_of(a, struct gpugov_tunable, attr)

/* The u32 (or u32-sized enum) at @offset in @g. */
static u32 *gpugov_u32_at(struct gpugov_dev *g, size_t offset)
{
	return (u32 *)((u8 *)g + offset);
}

/*
 * The whole input must be one token: no embedded NUL, at most one
 * trailing newline, not empty, not longer than GPUGOV_STORE_MAX.
 * Returns the token's length, or -EINVAL.  (@count is never 0 from sysfs,
 * which answers a zero-length write itself; the check stays for safety.)
 */
static int gpugov_token_len(const char *buf, size_t count)
{
	size_t len;

	if (!count || count > GPUGOV_STORE_MAX || strnlen(buf, count) != count)
		return -EINVAL;
	len = count;
	if (buf[len - 1] == '\n')
		len--;
	if (!len)
		return -EINVAL;
	return len;
}

static int gpugov_parse_u32(const char *buf, size_t count, u32 min, u32 max,
			    u32 *val)
{
	u32 v;

	if (gpugov_token_len(buf, count) < 0)
		return -EINVAL;
	/* Decimal digits only: kstrtou32 rejects signs other than '+'. */
	if (buf[0] == '+' || kstrtou32(buf, 10, &v))
		return -EINVAL;
	if (v < min || v > max)
		return -EINVAL;
	*val = v;
	return 0;
}

/*
 * The device's state with devfreq->lock held, or NULL (lock not held) if
 * gpugov is being stopped on it.
 */
static struct gpugov_dev *gpugov_lock_dev(struct device *dev)
{
	struct devfreq *df = to_devfreq(dev);

	mutex_lock(&df->lock);
	if (!df->governor_data) {
		mutex_unlock(&df->lock);
		return NULL;
	}
	return df->governor_data;
}

static void gpugov_unlock_dev(struct gpugov_dev *g)
{
	mutex_unlock(&g->df->lock);
}

/* Read the u32 at @offset in the device's state; 0 or -ENODEV. */
static int gpugov_read_u32(struct device *dev, size_t offset, u32 *v)
{
	struct gpugov_dev *g = gpugov_lock_dev(dev);

	if (!g)
		return -ENODEV;
	*v = *gpugov_u32_at(g, offset);
	gpugov_unlock_dev(g);
	return 0;
}

/* Change one PCSTALL parameter; the model refuses bad geometry. */
static int gpugov_pcstall_tunable_set(struct gpugov_dev *g,
				      const struct gpugov_tunable *t, u32 v)
{
	struct gpugov_pcstall_params par = g->pred.pcstall.par;
	size_t off = t->offset - offsetof(struct gpugov_dev, pred.pcstall.par);

	*(u32 *)((u8 *)&par + off) = v;
	return gpugov_pcstall_set_params(&g->pred.pcstall, &par) ? -EINVAL : 0;
}

static ssize_t gpugov_tunable_show(struct device *dev,
				   struct device_attribute *attr, char *buf)
{
	const struct gpugov_tunable *t = to_gpugov_tunable(attr);
	u32 v;
	int err = gpugov_read_u32(dev, t->offset, &v);

	return err ? err : sysfs_emit(buf, "%u\n", v);
}

static ssize_t gpugov_tunable_store(struct device *dev,
				    struct device_attribute *attr,
				    const char *buf, size_t count)
{
	const struct gpugov_tunable *t = to_gpugov_tunable(attr);
	struct gpugov_dev *g;
	int err = 0;
	u32 v;

	if (gpugov_parse_u32(buf, count, t->zero_off ? 0 : t->min, t->max, &v) ||
	    (v && v < t->min))
		return -EINVAL;
	g = gpugov_lock_dev(dev);
	if (!g)
		return -ENODEV;
	if (t->pcstall)
		err = gpugov_pcstall_tunable_set(g, t, v);
	else
		*gpugov_u32_at(g, t->offset) = v;
	gpugov_unlock_dev(g);
	return err ? err : count;
}

#define GPUGOV_TUNABLE(_name, _field, _min, _max)			\
	static struct gpugov_tunable gpugov_tunable_##_name = {		\
		.attr = __ATTR(_name, 0644, gpugov_tunable_show,	\
			       gpugov_tunable_store),			\
		.offset = offsetof(struct gpugov_dev, _field),		\
		.min = _min,						\
		.max = _max,						\
	}

GPUGOV_TUNABLE(max_slowdown, params.max_slowdown_pct, 0, 1000);
GPUGOV_TUNABLE(util, params.util_pct, 0, 100);
GPUGOV_TUNABLE(util_max, params.util_max_pct, 0, 100);
GPUGOV_TUNABLE(slack, params.slack_pct, 0, 100);
GPUGOV_TUNABLE(hysteresis, params.hysteresis_pct, 0, 100);
GPUGOV_TUNABLE(power_dyn_uw, params.power.dyn_uw, 0, GPUGOV_POWER_MAX_UW);
GPUGOV_TUNABLE(power_static_uw, params.power.static_uw, 0,
	       GPUGOV_POWER_MAX_UW);
GPUGOV_TUNABLE(power_uncore_uw, params.power.uncore_uw, 0,
	       GPUGOV_POWER_MAX_UW);
GPUGOV_TUNABLE(power_idle_uw, params.power.idle_uw, 0, GPUGOV_POWER_MAX_UW);
GPUGOV_TUNABLE(power_idle_static_uw, params.power.idle_static_uw, 0,
	       GPUGOV_POWER_MAX_UW);

/* frame_period_us: 0 (unknown) or the range of periods gpugov can use */
static struct gpugov_tunable gpugov_tunable_frame_period_us = {
	.attr = __ATTR(frame_period_us, 0644, gpugov_tunable_show,
		       gpugov_tunable_store),
	.offset = offsetof(struct gpugov_dev, params.frame_period_us),
	.min = GPUGOV_FRAME_HINT_MIN_US,
	.max = GPUGOV_FRAME_HINT_MAX_US,
	.zero_off = true,
};

#define GPUGOV_PCSTALL_TUNABLE(_name, _field, _max)			\
	static struct gpugov_tunable gpugov_tunable_##_name = {		\
		.attr = __ATTR(_name, 0644, gpugov_tunable_show,	\
			       gpugov_tunable_store),			\
		.offset = offsetof(struct gpugov_dev, pred.pcstall.par._field), \
		.min = 0,						\
		.max = _max,						\
		.pcstall = true,					\
	}

GPUGOV_PCSTALL_TUNABLE(pcstall_entries, entries, GPUGOV_PCSTALL_MAX_ENTRIES);
GPUGOV_PCSTALL_TUNABLE(pcstall_shift, shift, GPUGOV_PCSTALL_MAX_SHIFT);
GPUGOV_PCSTALL_TUNABLE(pcstall_age_half, age_half,
		       GPUGOV_PCSTALL_MAX_AGE_HALF);

/* ---- named choices ---- */

/**
 * struct gpugov_choice - a tunable that names one of a fixed set of choices
 * @attr: its sysfs attribute: the current choice's name
 * @available: its read-only companion listing every name
 * @offset: offset of its enum in struct gpugov_dev
 * @nr: number of choices: ids 0 to @nr - 1
 * @name: name of an id
 * @find: id of a name (not NUL-terminated), or negative
 * @switched: if not NULL, called with the lock held after a newly
 *	written id is stored, with the id it replaced
 */
struct gpugov_choice {
	struct device_attribute attr;
	struct device_attribute available;
	size_t offset;
	int nr;
	const char *(*name)(u32 id);
	int (*find)(const char *name, size_t len);
	void (*switched)(struct gpugov_dev *g, u32 old);
};

#define to_gpugov_choice(a)	container_of(a, struct gpugov_choice, attr)

/* The choices below keep their ids in these enums, read and written as u32. */
static_assert(sizeof(enum gpugov_pred_id) == sizeof(u32));
static_assert(sizeof(enum gpugov_objective) == sizeof(u32));

static ssize_t gpugov_choice_show(struct device *dev,
				  struct device_attribute *attr, char *buf)
{
	const struct gpugov_choice *c = to_gpugov_choice(attr);
	u32 id;
	int err = gpugov_read_u32(dev, c->offset, &id);

	return err ? err : sysfs_emit(buf, "%s\n", c->name(id));
}

static ssize_t gpugov_choice_store(struct device *dev,
				   struct device_attribute *attr,
				   const char *buf, size_t count)
{
	const struct gpugov_choice *c = to_gpugov_choice(attr);
	int len = gpugov_token_len(buf, count);
	struct gpugov_dev *g;
	u32 old;
	int id;

	if (len < 0)
		return -EINVAL;
	id = c->find(buf, len);
	if (id < 0 || id >= c->nr)
		return -EINVAL;
	g = gpugov_lock_dev(dev);
	if (!g)
		return -ENODEV;
	old = *gpugov_u32_at(g, c->offset);
	*gpugov_u32_at(g, c->offset) = id;
	if (c->switched)
		c->switched(g, old);
	gpugov_unlock_dev(g);
	return count;
}

/* The names of ids 0 to @nr - 1, space-separated, on one line. */
static ssize_t gpugov_names_show(char *buf, int nr, const char *(*name)(u32))
{
	int i, n = 0;

	for (i = 0; i < nr; i++)
		n += sysfs_emit_at(buf, n, "%s%s", i ? " " : "", name(i));
	return n + sysfs_emit_at(buf, n, "\n");
}

static ssize_t gpugov_choice_available_show(struct device *dev,
					    struct device_attribute *attr,
					    char *buf)
{
	const struct gpugov_choice *c =
		container_of(attr, struct gpugov_choice, available);

	return gpugov_names_show(buf, c->nr, c->name);
}

/* Switching to objective target starts its controller afresh. */
static void gpugov_objective_switched(struct gpugov_dev *g, u32 old)
{
	if (g->params.objective == GPUGOV_OBJ_TARGET &&
	    old != GPUGOV_OBJ_TARGET)
		g->policy.grape_ready = false;
}

/* Files _name and available_<_name>s; the id is the enum at _field. */
#define GPUGOV_CHOICE(_name, _field, _nr, _namefn, _findfn, _switched)	\
	static struct gpugov_choice gpugov_choice_##_name = {		\
		.attr = __ATTR(_name, 0644, gpugov_choice_show,		\
			       gpugov_choice_store),			\
		.available = __ATTR(available_##_name##s, 0444,		\
				    gpugov_choice_available_show, NULL), \
		.offset = offsetof(struct gpugov_dev, _field),		\
		.nr = _nr,						\
		.name = _namefn,					\
		.find = _findfn,					\
		.switched = _switched,					\
	}

GPUGOV_CHOICE(predictor, predictor, GPUGOV_NR_PRED, gpugov_pred_name,
	      gpugov_predictor_find, NULL);
GPUGOV_CHOICE(objective, params.objective, GPUGOV_NR_OBJ,
	      gpugov_objective_name, gpugov_objective_find,
	      gpugov_objective_switched);

/*
 * react: how gpugov decides between polls.  The kernel reacts by its own
 * timer (off; timer; frame: at vsyncs, one check when at risk; fence, the
 * default: as frame while fences or a hint give deadlines, as off
 * otherwise); `poll`, a polling interval shortened to the frame period,
 * exists in gpugov-replay only, where it was measured and lost
 * (docs/realtime.md): its id is past the choices offered here.
 */
static_assert(GPUGOV_REACT_POLL == GPUGOV_NR_REACT - 1);

/*
 * A new reaction arms the timer (timer) or disarms it (off) at once: the
 * polls that re-arm it otherwise may never come (polling_interval 0).
 */
static void gpugov_react_switched(struct gpugov_dev *g, u32 old)
{
	if (g->params.react != old)
		gpugov_tick_rearm(g);
}

GPUGOV_CHOICE(react, params.react, GPUGOV_REACT_POLL, gpugov_react_name,
	      gpugov_react_find, gpugov_react_switched);

/* coremem_gpu: the core+memory model's GPU description, by name. */
static void gpugov_coremem_gpu_switched(struct gpugov_dev *g, u32 old)
{
	g->pred.coremem = gpugov_coremem_gpu(g->pred.coremem_gpu)->p;
}

GPUGOV_CHOICE(coremem_gpu, pred.coremem_gpu, GPUGOV_CM_NR_GPUS,
	      gpugov_coremem_gpu_name, gpugov_coremem_gpu_find,
	      gpugov_coremem_gpu_switched);

/*
 * target: "N%" (percent of the maximum work rate, 1..100) or "N" (work
 * units, e.g. instructions, per second of busy time, 1..4294967295).
 */
static ssize_t target_show(struct device *dev, struct device_attribute *attr,
			   char *buf)
{
	struct gpugov_dev *g = gpugov_lock_dev(dev);
	struct gpugov_grape_params gp;

	if (!g)
		return -ENODEV;
	gp = g->params.grape;
	gpugov_unlock_dev(g);
	return sysfs_emit(buf, "%llu%s\n", gp.target,
			  gp.mode == GPUGOV_GRAPE_PCT ? "%" : "");
}

static ssize_t target_store(struct device *dev, struct device_attribute *attr,
			    const char *buf, size_t count)
{
	char tmp[GPUGOV_STORE_MAX + 1];
	struct gpugov_grape_params gp;
	struct gpugov_dev *g;
	int len = gpugov_token_len(buf, count);
	bool pct;
	u64 v;

	if (len < 0 || memchr(buf, '\n', len))
		return -EINVAL;
	memcpy(tmp, buf, len);
	tmp[len] = 0;
	pct = tmp[len - 1] == '%';
	if (pct)
		tmp[--len] = 0;
	if (!len || tmp[0] == '+' || kstrtou64(tmp, 10, &v))
		return -EINVAL;
	if (!v || v > (pct ? GPUGOV_TARGET_PCT_MAX : GPUGOV_GRAPE_TARGET_MAX))
		return -EINVAL;
	g = gpugov_lock_dev(dev);
	if (!g)
		return -ENODEV;
	gp = g->params.grape;
	gp.mode = pct ? GPUGOV_GRAPE_PCT : GPUGOV_GRAPE_ABS;
	gp.target = v;
	if (!gpugov_grape_params_ok(&gp)) {
		gpugov_unlock_dev(g);
		return -EINVAL;
	}
	/* A new kind of goal is a new controller; a new value is not. */
	if (gp.mode != g->params.grape.mode)
		g->policy.grape_ready = false;
	g->params.grape = gp;
	gpugov_unlock_dev(g);
	return count;
}
static DEVICE_ATTR_RW(target);

/*
 * profile: battery, balanced or performance sets the objective and the
 * deadline tunables together (gpugov_profile.c); reads the profile they
 * equal, or custom.
 */
static ssize_t profile_show(struct device *dev, struct device_attribute *attr,
			    char *buf)
{
	struct gpugov_dev *g = gpugov_lock_dev(dev);
	u32 id;

	if (!g)
		return -ENODEV;
	id = gpugov_profile_of(&g->params);
	gpugov_unlock_dev(g);
	return sysfs_emit(buf, "%s\n", gpugov_profile_name(id));
}

static ssize_t profile_store(struct device *dev, struct device_attribute *attr,
			     const char *buf, size_t count)
{
	int len = gpugov_token_len(buf, count);
	struct gpugov_dev *g;
	int id;

	if (len < 0)
		return -EINVAL;
	id = gpugov_profile_find(buf, len);
	if (id < 0)
		return -EINVAL;
	g = gpugov_lock_dev(dev);
	if (!g)
		return -ENODEV;
	gpugov_profile_apply(&g->params, id);
	gpugov_unlock_dev(g);
	return count;
}
static DEVICE_ATTR_RW(profile);

static ssize_t available_profiles_show(struct device *dev,
				       struct device_attribute *attr, char *buf)
{
	return gpugov_names_show(buf, GPUGOV_NR_PROFILE, gpugov_profile_name);
}
static DEVICE_ATTR_RO(available_profiles);

static ssize_t power_model_show(struct device *dev,
				struct device_attribute *attr, char *buf)
{
	struct gpugov_dev *g = gpugov_lock_dev(dev);
	bool em;

	if (!g)
		return -ENODEV;
	em = g->em_power;
	gpugov_unlock_dev(g);
	return sysfs_emit(buf, "%s\n", em ? "energy_model" : "voltage");
}
static DEVICE_ATTR_RO(power_model);

static struct attribute *gpugov_attrs[] = {
	&gpugov_choice_predictor.attr.attr,
	&gpugov_choice_predictor.available.attr,
	&gpugov_choice_objective.attr.attr,
	&gpugov_choice_objective.available.attr,
	&dev_attr_profile.attr,
	&dev_attr_available_profiles.attr,
	&gpugov_tunable_max_slowdown.attr.attr,
	&gpugov_tunable_util.attr.attr,
	&gpugov_tunable_util_max.attr.attr,
	&gpugov_tunable_slack.attr.attr,
	&gpugov_tunable_hysteresis.attr.attr,
	&gpugov_tunable_frame_period_us.attr.attr,
	&gpugov_choice_react.attr.attr,
	&gpugov_choice_react.available.attr,
	&dev_attr_target.attr,
	&gpugov_tunable_power_dyn_uw.attr.attr,
	&gpugov_tunable_power_static_uw.attr.attr,
	&gpugov_tunable_power_uncore_uw.attr.attr,
	&gpugov_tunable_power_idle_uw.attr.attr,
	&gpugov_tunable_power_idle_static_uw.attr.attr,
	&dev_attr_power_model.attr,
	&gpugov_tunable_pcstall_entries.attr.attr,
	&gpugov_tunable_pcstall_shift.attr.attr,
	&gpugov_tunable_pcstall_age_half.attr.attr,
	&gpugov_choice_coremem_gpu.attr.attr,
	&gpugov_choice_coremem_gpu.available.attr,
	NULL,
};

static const struct attribute_group gpugov_group = {
	.name = GPUGOV_NAME,
	.attrs = gpugov_attrs,
};

/**
 * gpugov_sysfs_add() - create the tunables of a starting device
 * @g: its state, already in devfreq->governor_data
 *
 * Return: 0 or the sysfs error.
 */
int gpugov_sysfs_add(struct gpugov_dev *g)
{
	int err = sysfs_create_group(&g->df->dev.kobj, &gpugov_group);

	g->sysfs_done = !err;
	return err;
}

/**
 * gpugov_sysfs_remove() - remove them again; waits for running stores
 * @g: state of a stopping device
 */
void gpugov_sysfs_remove(struct gpugov_dev *g)
{
	if (g->sysfs_done)
		sysfs_remove_group(&g->df->dev.kobj, &gpugov_group);
	g->sysfs_done = false;
}

/**
 * gpugov_tunables_get() - copy what a user has set on a device
 * @g: its state
 * @t: filled
 */
void gpugov_tunables_get(const struct gpugov_dev *g, struct gpugov_tunables *t)
{
	t->predictor = g->predictor;
	t->params = g->params;
	t->pcstall = g->pred.pcstall.par;
	t->coremem_gpu = g->pred.coremem_gpu;
}

/*
 * Does every attribute of the group hold a value its store would accept?
 * The numeric tunables and named choices are checked from their own
 * descriptions (a PCSTALL geometry by the model, when it is set).
 */
static bool gpugov_tunables_valid(struct gpugov_dev *g)
{
	struct attribute **a;

	for (a = gpugov_attrs; *a; a++) {
		struct device_attribute *da =
			container_of(*a, struct device_attribute, attr);
		const struct gpugov_tunable *t;
		const struct gpugov_choice *c;
		u32 v;

		if (da->show == gpugov_tunable_show) {
			t = to_gpugov_tunable(da);
			v = *gpugov_u32_at(g, t->offset);
			if (!t->pcstall && (v > t->max ||
					    (v < t->min && !(t->zero_off && !v))))
				return false;
		} else if (da->show == gpugov_choice_show) {
			c = to_gpugov_choice(da);
			if (*gpugov_u32_at(g, c->offset) >= (u32)c->nr)
				return false;
		}
	}
	return gpugov_grape_params_ok(&g->params.grape);
}

/**
 * gpugov_tunables_set() - give a starting device tunables set before
 * @g: its state, not yet published, holding valid values (the defaults)
 * @t: the tunables, validated here as the stores validate them
 *
 * Return: 0, or -EINVAL with @g as it was.
 */
int gpugov_tunables_set(struct gpugov_dev *g, const struct gpugov_tunables *t)
{
	struct gpugov_tunables old;

	gpugov_tunables_get(g, &old);
	g->predictor = t->predictor;
	g->params = t->params;
	g->pred.coremem_gpu = t->coremem_gpu;
	if (!gpugov_tunables_valid(g) ||
	    gpugov_pcstall_set_params(&g->pred.pcstall, &t->pcstall)) {
		g->predictor = old.predictor;
		g->params = old.params;
		g->pred.coremem_gpu = old.coremem_gpu;
		return -EINVAL;
	}
	gpugov_coremem_gpu_switched(g, old.coremem_gpu);
	return 0;
}
