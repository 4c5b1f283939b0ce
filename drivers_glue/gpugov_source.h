/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpugov_source.h - how a GPU driver feeds hardware counters to gpugov.
 *
 * Without a counter source, gpugov builds each interval's sample from the
 * devfreq busy/total status alone.  A driver (or glue code next to it)
 * that can read more - instructions, stall cycles, memory transactions,
 * an energy meter - registers a source for its devfreq parent device:
 *
 *	static int my_read(struct gpugov_source *src, struct gpugov_sample *s)
 *	{
 *		struct my_gpu *gpu = container_of(src, struct my_gpu, src);
 *
 *		s->insts = read_and_reset(gpu, INSTS);
 *		s->caps |= GPUGOV_CAP_INSTS;
 *		return 0;
 *	}
 *
 *	gpu->src.read = my_read;
 *	err = gpugov_register_source(dev, &gpu->src);
 *	...
 *	gpugov_unregister_source(&gpu->src);
 *
 * Registration may happen before or after the devfreq device is added and
 * whichever governor it uses; gpugov looks the source up at every poll.
 * A driver whose job fences learn their deadline (the fence op
 * .set_deadline, Linux 6.4+) hands it on with
 * gpugov_source_set_deadline(&gpu->src, deadline).
 */
#ifndef GPUGOV_SOURCE_H
#define GPUGOV_SOURCE_H

#include <linux/ktime.h>
#include <linux/list.h>
#include "gpugov_sample.h"

struct device;

/**
 * struct gpugov_source - a driver's counter source
 * @read: fill counters for the interval that just ended.  On entry @s
 *	holds what gpugov measured itself: interval_ns from its own
 *	clock, busy_ns from the devfreq busy/total ratio, core_khz from
 *	the devfreq status, caps 0.  The source adds counters and sets
 *	their GPUGOV_CAP_* bits; it may also replace interval_ns, busy_ns
 *	and core_khz/mem_khz when it knows them better (a simulator, or
 *	hardware timestamps).  Called once per poll, right after the
 *	driver's get_dev_status(), in process context with devfreq->lock
 *	held and inside an RCU read-side critical section: it must not
 *	sleep.  Return 0, or a negative errno to have gpugov use the
 *	busy/total-only sample for this interval; @s is then a copy that
 *	gpugov discards, so a source may fail after filling part of it.
 * @dev: set by gpugov_register_source()
 * @node: gpugov's list of sources (private)
 * @deadline_ns: the last frame deadline, ns of CLOCK_MONOTONIC, 0 for
 *	none (private: gpugov_source_set_deadline())
 */
struct gpugov_source {
	int (*read)(struct gpugov_source *src, struct gpugov_sample *s);
	struct device *dev;
	struct list_head node;
	u64 deadline_ns;
};

int gpugov_register_source(struct device *dev, struct gpugov_source *src);
void gpugov_unregister_source(struct gpugov_source *src);
void gpugov_source_set_deadline(struct gpugov_source *src, ktime_t deadline);

#endif /* GPUGOV_SOURCE_H */
