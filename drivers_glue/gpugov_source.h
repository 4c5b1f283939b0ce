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
 * gpugov_source_set_deadline(&gpu->src, deadline), from any context: the
 * source keeps the soonest pending one (predictors/gpugov_fence.c).
 *
 * A device that keeps its own clock (a simulator whose time moves with
 * its polls, not with the CPU's) gives gpugov that clock and runs
 * gpugov's timer on it: @clock and @arm_timer, and a call of
 * gpugov_source_timer_fired() when the armed time comes.  gpugov then
 * takes "now" from @clock for its samples, deadlines and timer, and arms
 * no hrtimer; without them, or while @clock says it keeps no time,
 * gpugov uses CLOCK_MONOTONIC and an hrtimer.
 *
 * gpugov deciding at polls may wait for a fence (react fence, no fence
 * lately): the next deadline a source is given then wakes it at once, from
 * gpugov_source_set_deadline() on gpugov's own clock, or as the timer
 * armed at GPUGOV_TIMER_ON_FENCE on a source's clock (the source fires it
 * when it hands on the next deadline, and knows when that is).
 */
#ifndef GPUGOV_SOURCE_H
#define GPUGOV_SOURCE_H

#include <linux/ktime.h>
#include <linux/list.h>
#include <linux/rcupdate.h>
#include <linux/spinlock_types.h>
#include "gpugov_sample.h"

struct device;
struct gpugov_timer;

/* @arm_timer's time: fire when the next fence deadline is handed on. */
#define GPUGOV_TIMER_ON_FENCE	(U64_MAX - 1)

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
 * @clock: optional, with @arm_timer: if the device keeps its own time
 *	now, set *@now_ns to it (ns) and return true; return false for
 *	gpugov to use CLOCK_MONOTONIC.  A clock that goes back (a
 *	simulator's new run) is a new timeline: gpugov drops the times it
 *	holds, as after a resume.  Called from the poll path, gpugov's
 *	START and RESUME, with devfreq->lock held and inside an RCU
 *	read-side critical section: it must not sleep.
 * @arm_timer: optional, with @clock: fire at @at_ns of @clock (U64_MAX:
 *	never; GPUGOV_TIMER_ON_FENCE: right after the next
 *	gpugov_source_set_deadline_at(); a new time replaces the one
 *	armed), by calling
 *	gpugov_source_timer_fired() then.  Same context as @clock; called
 *	only while @clock keeps time, and with U64_MAX when gpugov stands
 *	its timer down (suspend, STOP) or goes back to its own.
 * @dev: set by gpugov_register_source()
 * @node: gpugov's list of sources (private)
 * @deadline_lock: serialises @deadline_ns (private)
 * @deadline_ns: the soonest pending frame deadline, ns of @clock if it
 *	keeps time, else of CLOCK_MONOTONIC; 0 for none (private:
 *	gpugov_source_set_deadline(), gpugov_fence.c) [@deadline_lock]
 * @timer: the gpugov timer armed on @arm_timer (private)
 * @wake: gpugov's timer, to fire at the next deadline given, on gpugov's
 *	own clock; NULL for none (private) [@deadline_lock]
 */
struct gpugov_source {
	int (*read)(struct gpugov_source *src, struct gpugov_sample *s);
	bool (*clock)(struct gpugov_source *src, u64 *now_ns);
	void (*arm_timer)(struct gpugov_source *src, u64 at_ns);
	struct device *dev;
	struct list_head node;
	raw_spinlock_t deadline_lock;
	u64 deadline_ns;
	struct gpugov_timer __rcu *timer;
	struct gpugov_timer *wake;
};

int gpugov_register_source(struct device *dev, struct gpugov_source *src);
void gpugov_unregister_source(struct gpugov_source *src);
void gpugov_source_set_deadline(struct gpugov_source *src, ktime_t deadline);
void gpugov_source_set_deadline_at(struct gpugov_source *src, ktime_t deadline,
				   u64 now_ns);
void gpugov_source_timer_fired(struct gpugov_source *src);

#endif /* GPUGOV_SOURCE_H */
