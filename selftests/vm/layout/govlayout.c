// SPDX-License-Identifier: GPL-2.0
/*
 * govlayout.c - proves governor/gpugov_devfreq_gov.h, gpugov's stand-in
 * for the private drivers/devfreq/governor.h, identical to the real
 * header of the kernel it is compiled against.
 *
 * Both headers are included in one translation unit: the real one first,
 * with its struct and functions renamed *_real, then gpugov's.  Every
 * offset, size, constant and prototype is compared at compile time, so
 * this object builds if and only if they all match.  Built with
 * -DGOVLAYOUT_NEGATIVE it adds one false comparison and must fail to
 * build, which shows the checks are live.  Never loaded.
 */
#include <linux/build_bug.h>
#include <linux/stddef.h>

#define devfreq_governor		devfreq_governor_real
#define devfreq_cpu_data		devfreq_cpu_data_real
#define devfreq_monitor_start		devfreq_monitor_start_real
#define devfreq_monitor_stop		devfreq_monitor_stop_real
#define devfreq_monitor_suspend		devfreq_monitor_suspend_real
#define devfreq_monitor_resume		devfreq_monitor_resume_real
#define devfreq_update_interval		devfreq_update_interval_real
#define devfreq_add_governor		devfreq_add_governor_real
#define devfreq_remove_governor		devfreq_remove_governor_real
#define devm_devfreq_add_governor	devm_devfreq_add_governor_real
#define devfreq_update_status		devfreq_update_status_real
#define devfreq_update_target		devfreq_update_target_real
#define devfreq_get_freq_range		devfreq_get_freq_range_real
#define devfreq_update_stats		devfreq_update_stats_real
#include <governor.h>
#undef devfreq_governor
#undef devfreq_cpu_data
#undef devfreq_monitor_start
#undef devfreq_monitor_stop
#undef devfreq_monitor_suspend
#undef devfreq_monitor_resume
#undef devfreq_update_interval
#undef devfreq_add_governor
#undef devfreq_remove_governor
#undef devm_devfreq_add_governor
#undef devfreq_update_status
#undef devfreq_update_target
#undef devfreq_get_freq_range
#undef devfreq_update_stats

/* The real header's constants, before gpugov's header redefines them. */
enum {
	REAL_NAME_LEN = DEVFREQ_NAME_LEN,
	REAL_GOV_START = DEVFREQ_GOV_START,
	REAL_GOV_STOP = DEVFREQ_GOV_STOP,
	REAL_GOV_UPDATE_INTERVAL = DEVFREQ_GOV_UPDATE_INTERVAL,
	REAL_GOV_SUSPEND = DEVFREQ_GOV_SUSPEND,
	REAL_GOV_RESUME = DEVFREQ_GOV_RESUME,
	REAL_FLAG_IMMUTABLE = DEVFREQ_GOV_FLAG_IMMUTABLE,
	REAL_FLAG_IRQ_DRIVEN = DEVFREQ_GOV_FLAG_IRQ_DRIVEN,
	REAL_ATTR_POLLING = DEVFREQ_GOV_ATTR_POLLING_INTERVAL,
	REAL_ATTR_TIMER = DEVFREQ_GOV_ATTR_TIMER,
	REAL_MIN_FREQ = DEVFREQ_MIN_FREQ,
};

static const unsigned long real_max_freq = DEVFREQ_MAX_FREQ;

#undef _GOVERNOR_H
#undef DEVFREQ_NAME_LEN
#undef to_devfreq
#undef DEVFREQ_GOV_START
#undef DEVFREQ_GOV_STOP
#undef DEVFREQ_GOV_UPDATE_INTERVAL
#undef DEVFREQ_GOV_SUSPEND
#undef DEVFREQ_GOV_RESUME
#undef DEVFREQ_MIN_FREQ
#undef DEVFREQ_MAX_FREQ
#undef DEVFREQ_GOV_FLAG_IMMUTABLE
#undef DEVFREQ_GOV_FLAG_IRQ_DRIVEN
#undef DEVFREQ_GOV_ATTR_POLLING_INTERVAL
#undef DEVFREQ_GOV_ATTR_TIMER

#include "gpugov_devfreq_gov.h"

#define SAME_TYPE(a, b)	__builtin_types_compatible_p(typeof(a), typeof(b))
#define CHECK(cond)	static_assert(cond, #cond)
#define CHECK_FIELD(f)							\
	CHECK(offsetof(struct devfreq_governor, f) ==			\
	      offsetof(struct devfreq_governor_real, f));		\
	CHECK(sizeof(((struct devfreq_governor *)0)->f) ==		\
	      sizeof(((struct devfreq_governor_real *)0)->f))

CHECK(sizeof(struct devfreq_governor) == sizeof(struct devfreq_governor_real));
CHECK(__alignof__(struct devfreq_governor) ==
      __alignof__(struct devfreq_governor_real));
CHECK_FIELD(node);
CHECK_FIELD(name);
CHECK_FIELD(attrs);
CHECK_FIELD(flags);
CHECK_FIELD(get_target_freq);
CHECK_FIELD(event_handler);
CHECK(SAME_TYPE(((struct devfreq_governor *)0)->get_target_freq,
		((struct devfreq_governor_real *)0)->get_target_freq));
CHECK(SAME_TYPE(((struct devfreq_governor *)0)->event_handler,
		((struct devfreq_governor_real *)0)->event_handler));
CHECK(SAME_TYPE(((struct devfreq_governor *)0)->attrs,
		((struct devfreq_governor_real *)0)->attrs));
CHECK(SAME_TYPE(((struct devfreq_governor *)0)->flags,
		((struct devfreq_governor_real *)0)->flags));

CHECK(DEVFREQ_NAME_LEN == REAL_NAME_LEN);
CHECK(DEVFREQ_GOV_START == REAL_GOV_START);
CHECK(DEVFREQ_GOV_STOP == REAL_GOV_STOP);
CHECK(DEVFREQ_GOV_UPDATE_INTERVAL == REAL_GOV_UPDATE_INTERVAL);
CHECK(DEVFREQ_GOV_SUSPEND == REAL_GOV_SUSPEND);
CHECK(DEVFREQ_GOV_RESUME == REAL_GOV_RESUME);
CHECK(DEVFREQ_GOV_FLAG_IMMUTABLE == REAL_FLAG_IMMUTABLE);
CHECK(DEVFREQ_GOV_FLAG_IRQ_DRIVEN == REAL_FLAG_IRQ_DRIVEN);
CHECK(DEVFREQ_GOV_ATTR_POLLING_INTERVAL == REAL_ATTR_POLLING);
CHECK(DEVFREQ_GOV_ATTR_TIMER == REAL_ATTR_TIMER);
CHECK(DEVFREQ_MIN_FREQ == REAL_MIN_FREQ);

CHECK(SAME_TYPE(devfreq_monitor_start, devfreq_monitor_start_real));
CHECK(SAME_TYPE(devfreq_monitor_stop, devfreq_monitor_stop_real));
CHECK(SAME_TYPE(devfreq_monitor_suspend, devfreq_monitor_suspend_real));
CHECK(SAME_TYPE(devfreq_monitor_resume, devfreq_monitor_resume_real));
CHECK(SAME_TYPE(devfreq_update_interval, devfreq_update_interval_real));
CHECK(SAME_TYPE(devfreq_update_status, devfreq_update_status_real));
CHECK(SAME_TYPE(devfreq_update_target, devfreq_update_target_real));
CHECK(SAME_TYPE(devfreq_update_stats, devfreq_update_stats_real));
/* Same shape, with each header's own struct devfreq_governor. */
CHECK(SAME_TYPE(int (*)(struct devfreq_governor *), &devfreq_add_governor));
CHECK(SAME_TYPE(int (*)(struct devfreq_governor_real *),
		&devfreq_add_governor_real));
CHECK(SAME_TYPE(int (*)(struct devfreq_governor *),
		&devfreq_remove_governor));
CHECK(SAME_TYPE(int (*)(struct devfreq_governor_real *),
		&devfreq_remove_governor_real));

#ifdef GOVLAYOUT_NEGATIVE
CHECK(offsetof(struct devfreq_governor, attrs) ==
      offsetof(struct devfreq_governor_real, flags));
#endif

/* Checks that need a function body; never called. */
unsigned long govlayout_checks(struct device *dev);
unsigned long govlayout_checks(struct device *dev)
{
	/* to_devfreq() of gpugov's header finds the struct devfreq. */
	CHECK(SAME_TYPE(to_devfreq(dev), struct devfreq *));
	CHECK(DEVFREQ_MAX_FREQ == ULONG_MAX);
	return real_max_freq;
}
