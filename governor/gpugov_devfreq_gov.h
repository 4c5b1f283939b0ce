/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpugov_devfreq_gov.h - the devfreq governor interface for an
 * out-of-tree governor.
 *
 * Mainline (from 6.19) exports the governor interface as
 * <linux/devfreq-governor.h>; before that it lives in the private header
 * drivers/devfreq/governor.h, which linux-headers packages do not ship.
 * Where the public header exists it is used; otherwise the definitions
 * below stand in for the private header.  They must match it exactly:
 * selftests/kernel/layout (make govlayout) compiles them side by side with
 * the real header of each kernel we build for and compares every offset,
 * size and constant.
 */
#ifndef GPUGOV_DEVFREQ_GOV_H
#define GPUGOV_DEVFREQ_GOV_H

#include <linux/devfreq.h>

/* sparse has no __has_include: it checks against the copy below. */
#ifdef __has_include
#if __has_include("linux/devfreq-governor.h")
#define GPUGOV_PUBLIC_GOVERNOR_H 1
#endif
#endif

#ifdef GPUGOV_PUBLIC_GOVERNOR_H
#include <linux/devfreq-governor.h>
#else

#include <linux/bits.h>
#include <linux/container_of.h>
#include <linux/limits.h>
#include <linux/list.h>
#include <linux/types.h>

#define DEVFREQ_NAME_LEN			16

#define to_devfreq(DEV)	container_of((DEV), struct devfreq, dev)

/* Events sent to a governor's event_handler */
#define DEVFREQ_GOV_START			0x1
#define DEVFREQ_GOV_STOP			0x2
#define DEVFREQ_GOV_UPDATE_INTERVAL		0x3
#define DEVFREQ_GOV_SUSPEND			0x4
#define DEVFREQ_GOV_RESUME			0x5

#define DEVFREQ_MIN_FREQ			0
#define DEVFREQ_MAX_FREQ			ULONG_MAX

/* devfreq_governor.flags */
#define DEVFREQ_GOV_FLAG_IMMUTABLE			BIT(0)
#define DEVFREQ_GOV_FLAG_IRQ_DRIVEN			BIT(1)

/* devfreq_governor.attrs: which common sysfs files the governor uses */
#define DEVFREQ_GOV_ATTR_POLLING_INTERVAL		BIT(0)
#define DEVFREQ_GOV_ATTR_TIMER				BIT(1)

/**
 * struct devfreq_governor - a frequency policy, as the devfreq core sees it
 * @node: entry in the core's list of governors (core-owned)
 * @name: name users select it by
 * @attrs: DEVFREQ_GOV_ATTR_* common sysfs attributes it supports
 * @flags: DEVFREQ_GOV_FLAG_* behaviour flags
 * @get_target_freq: compute the next frequency; called with
 *	devfreq->lock held
 * @event_handler: DEVFREQ_GOV_* events; called without devfreq->lock
 */
struct devfreq_governor {
	struct list_head node;

	const char name[DEVFREQ_NAME_LEN];
	const u64 attrs;
	const u64 flags;
	int (*get_target_freq)(struct devfreq *this, unsigned long *freq);
	int (*event_handler)(struct devfreq *devfreq,
			     unsigned int event, void *data);
};

void devfreq_monitor_start(struct devfreq *devfreq);
void devfreq_monitor_stop(struct devfreq *devfreq);
void devfreq_monitor_suspend(struct devfreq *devfreq);
void devfreq_monitor_resume(struct devfreq *devfreq);
void devfreq_update_interval(struct devfreq *devfreq, unsigned int *delay);
/* Re-decide now; devfreq->lock held (EXPORT_SYMBOL since 2011). */
int update_devfreq(struct devfreq *devfreq);

int devfreq_add_governor(struct devfreq_governor *governor);
int devfreq_remove_governor(struct devfreq_governor *governor);

int devfreq_update_status(struct devfreq *devfreq, unsigned long freq);
int devfreq_update_target(struct devfreq *devfreq, unsigned long freq);
void devfreq_get_freq_range(struct devfreq *devfreq, unsigned long *min_freq,
			    unsigned long *max_freq);

/**
 * devfreq_update_stats() - refresh devfreq->last_status from the driver
 * @df: the devfreq device, with df->lock held
 *
 * Return: 0, -EINVAL if the driver has no get_dev_status, or its error.
 */
static inline int devfreq_update_stats(struct devfreq *df)
{
	if (!df->profile->get_dev_status)
		return -EINVAL;

	return df->profile->get_dev_status(df->dev.parent, &df->last_status);
}

#endif /* GPUGOV_PUBLIC_GOVERNOR_H */

#endif /* GPUGOV_DEVFREQ_GOV_H */
