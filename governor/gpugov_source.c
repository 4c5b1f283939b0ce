// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_source.c - registry of driver counter sources.
 *
 * Sources are kept in one list.  Writers (register/unregister, process
 * context) serialise on gpugov_sources_lock; the poll path looks a source
 * up and calls it under rcu_read_lock() only, so it never blocks on a
 * driver registering elsewhere.  Unregistering waits for an RCU grace
 * period, after which no poll can still be inside the source's read().
 *
 * Each source keeps the soonest pending frame deadline its driver gave
 * (predictors/gpugov_fence.c has the rules).  It is a u64 written from any
 * context (a fence's .set_deadline: irq context, a driver's fence lock
 * held) and read by the poll path: on 32-bit ARM, where panfrost runs, a
 * plain u64 tears, and both sides read-modify-write it (keep the sooner;
 * clear the one handed over), so a seqcount alone (which orders readers
 * after one writer) would not do.  A raw spinlock with interrupts off
 * serialises both: it is taken from any context, spins for a few loads
 * and stores only, and stays a spinning lock under PREEMPT_RT, where a
 * spinlock_t would sleep in a hard-irq caller.
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/ktime.h>
#include <linux/export.h>
#include <linux/mutex.h>
#include <linux/rculist.h>
#include <linux/spinlock.h>

#include "gpugov.h"
#include "gpugov_fence.h"
#include "gpugov_source.h"

static LIST_HEAD(gpugov_sources);
static DEFINE_MUTEX(gpugov_sources_lock);

/**
 * gpugov_register_source() - attach a counter source to a device
 * @dev: the device the driver passed to devfreq_add_device()
 * @src: the source, with @src->read set, and @src->clock and
 *	@src->arm_timer both or neither; it must stay valid until
 *	gpugov_unregister_source() returns
 *
 * Context: process context; may sleep.
 * Return: 0, -EINVAL on a missing argument or a clock without a timer
 * (or the reverse), or -EBUSY if @dev already has a source.
 */
int gpugov_register_source(struct device *dev, struct gpugov_source *src)
{
	struct gpugov_source *s;
	int err = 0;

	if (!dev || !src || !src->read || !src->clock != !src->arm_timer)
		return -EINVAL;

	mutex_lock(&gpugov_sources_lock);
	list_for_each_entry(s, &gpugov_sources, node) {
		if (s->dev == dev) {
			err = -EBUSY;
			goto out;
		}
	}
	src->dev = dev;
	RCU_INIT_POINTER(src->timer, NULL);
	raw_spin_lock_init(&src->deadline_lock);
	src->deadline_ns = 0;
	src->wake = NULL;
	list_add_tail_rcu(&src->node, &gpugov_sources);
out:
	mutex_unlock(&gpugov_sources_lock);
	return err;
}
EXPORT_SYMBOL_GPL(gpugov_register_source);

/**
 * gpugov_unregister_source() - detach a counter source
 * @src: a source registered with gpugov_register_source()
 *
 * Returns once no poll can be using @src any more; the device falls back
 * to the busy/total-only sample from its next poll on, and gpugov to its
 * own clock and hrtimer.  A source with a timer stops it before: no
 * gpugov_source_timer_fired() after this returns.
 *
 * Context: process context; sleeps (RCU grace period).
 */
void gpugov_unregister_source(struct gpugov_source *src)
{
	unsigned long flags;

	mutex_lock(&gpugov_sources_lock);
	list_del_rcu(&src->node);
	mutex_unlock(&gpugov_sources_lock);
	synchronize_rcu();
	src->dev = NULL;
	/*
	 * No gpugov_source_arm() can find @src now to clear a wait for a
	 * fence when gpugov stops: a deadline given later must not fire a
	 * timer that may be freed by then.
	 */
	raw_spin_lock_irqsave(&src->deadline_lock, flags);
	src->wake = NULL;
	raw_spin_unlock_irqrestore(&src->deadline_lock, flags);
}
EXPORT_SYMBOL_GPL(gpugov_unregister_source);

/**
 * gpugov_source_set_deadline_at() - a fence's deadline, on the source's
 *	own clock
 * @src: a registered source
 * @deadline: when the frame is due, on @src->clock's time
 * @now_ns: that clock's time now
 *
 * For a source that keeps its own clock (@src->clock) and calls with the
 * lock its clock takes held (gpugov_sim, whose frames arrive as its
 * engine runs): gpugov_source_set_deadline() with the caller's "now".
 * Otherwise as gpugov_source_set_deadline().  gpugov waiting for a fence
 * on its own clock (@src->wake, gpugov_source_arm()) is woken once.
 *
 * Context: any, including atomic and interrupt context; does not block.
 */
void gpugov_source_set_deadline_at(struct gpugov_source *src, ktime_t deadline,
				   u64 now_ns)
{
	s64 ns = ktime_to_ns(deadline);
	unsigned long flags;

	raw_spin_lock_irqsave(&src->deadline_lock, flags);
	/* a ktime at or before 0 is in the past: now */
	gpugov_fence_set(&src->deadline_ns, ns > 0 ? (u64)ns : 0, now_ns);
	if (src->wake) {
		gpugov_tick_fired(src->wake);
		src->wake = NULL;
	}
	raw_spin_unlock_irqrestore(&src->deadline_lock, flags);
}
EXPORT_SYMBOL_GPL(gpugov_source_set_deadline_at);

/**
 * gpugov_source_set_deadline() - a fence's deadline for the GPU's work
 * @src: a source gpugov_register_source() set up (after
 *	gpugov_unregister_source() it stores what no tick reads)
 * @deadline: when the fence should signal (CLOCK_MONOTONIC), as a
 *	fence's .set_deadline op hands it on (dma_fence_set_deadline(),
 *	Linux 6.4+)
 *
 * By the dma-fence contract (include/linux/dma-fence.h, .set_deadline):
 * the soonest deadline wins and one in the past means now.  The source
 * keeps the soonest *pending* deadline of all its fences: a deadline in
 * the past is taken as now; one given while a sooner one is pending is
 * dropped; one already due (at or before now) is replaced by the next
 * given, whatever it is.  gpugov reads it at its next tick, on
 * CLOCK_MONOTONIC (the `fence` deadline source: below a hint, above the
 * learned cadence); a deadline due by then is handed over once and
 * cleared, so it is no later frame's boundary (predictors/gpugov_fence.c).
 *
 * Context: any, including atomic and interrupt context and with the
 * fence's lock held; does not block.
 */
void gpugov_source_set_deadline(struct gpugov_source *src, ktime_t deadline)
{
	gpugov_source_set_deadline_at(src, deadline, ktime_get_ns());
}
EXPORT_SYMBOL_GPL(gpugov_source_set_deadline);

/**
 * gpugov_source_timer_fired() - the time @src->arm_timer was given has
 *	come: gpugov re-decides (from a work item, as after its hrtimer)
 * @src: a registered source
 *
 * Does nothing if gpugov has stood its timer down since.
 *
 * Context: any, including atomic and interrupt context; does not block.
 */
void gpugov_source_timer_fired(struct gpugov_source *src)
{
	struct gpugov_timer *tm;

	rcu_read_lock();
	tm = rcu_dereference(src->timer);
	if (tm)
		gpugov_tick_fired(tm);
	rcu_read_unlock();
}
EXPORT_SYMBOL_GPL(gpugov_source_timer_fired);

/* @dev's source; rcu_read_lock() held. */
static struct gpugov_source *gpugov_source_find(struct device *dev)
{
	struct gpugov_source *src;

	list_for_each_entry_rcu(src, &gpugov_sources, node)
		if (src->dev == dev)
			return src;
	return NULL;
}

/**
 * gpugov_source_clock() - the time of @dev's source, if it keeps one
 * @dev: devfreq parent device
 * @now_ns: out: the source's time, when it keeps one
 *
 * Context: devfreq->lock held; does not sleep.
 * Return: true if @now_ns is the source's time; false for gpugov's own
 * clock (no source, or one that keeps no time now).
 */
bool gpugov_source_clock(struct device *dev, u64 *now_ns)
{
	struct gpugov_source *src;
	bool kept = false;

	rcu_read_lock();
	src = gpugov_source_find(dev);
	if (src && src->clock)
		kept = src->clock(src, now_ns);
	rcu_read_unlock();
	return kept;
}

/**
 * gpugov_source_arm() - arm @tm on the clock of @dev's source, or stand
 *	it down there; and have the next fence deadline wake it, or not
 * @dev: devfreq parent device
 * @tm: gpugov's timer; NULL to stand it down (and detach it)
 * @at_ns: with @tm: when, on the source's clock; U64_MAX for never
 * @on_fence: with @tm: fire at the next deadline the source is given
 *	instead (on the source's clock: GPUGOV_TIMER_ON_FENCE; else
 *	gpugov_source_set_deadline_at() fires it)
 *
 * The wake on gpugov's own clock is set and cleared under the deadline's
 * lock: once gpugov stands @tm down here, no deadline fires it.
 *
 * Context: devfreq->lock held; does not sleep.
 * Return: true if @tm was armed there (the source keeps time); false if
 * gpugov must use its own timer.
 */
bool gpugov_source_arm(struct device *dev, struct gpugov_timer *tm, u64 at_ns,
		       bool on_fence)
{
	struct gpugov_source *src;
	unsigned long flags;
	bool armed = false;
	u64 now;

	rcu_read_lock();
	src = gpugov_source_find(dev);
	if (src && src->arm_timer) {
		armed = tm && src->clock(src, &now);
		rcu_assign_pointer(src->timer, armed ? tm : NULL);
		src->arm_timer(src, !armed ? U64_MAX :
				    on_fence ? GPUGOV_TIMER_ON_FENCE : at_ns);
	}
	if (src) {
		raw_spin_lock_irqsave(&src->deadline_lock, flags);
		src->wake = tm && on_fence && !armed ? tm : NULL;
		raw_spin_unlock_irqrestore(&src->deadline_lock, flags);
	}
	rcu_read_unlock();
	return armed;
}

/**
 * gpugov_source_read() - let @dev's source, if any, complete a sample
 * @dev: devfreq parent device
 * @s: sample prefilled from the devfreq status; on error it may be
 *	partly written, and the caller must not use it
 * @now_ns: gpugov's time now (gpugov_tick_now())
 * @deadline_ns: out: the soonest pending deadline the source was given
 *	(gpugov_source_set_deadline()), 0 for none; one due by @now_ns is
 *	handed over this once; left alone without a source
 *
 * Context: poll path, devfreq->lock held; does not sleep.
 * Return: 0 if a source filled @s, -ENODEV if @dev has none, or the
 * source's error.
 */
int gpugov_source_read(struct device *dev, struct gpugov_sample *s,
		       u64 now_ns, u64 *deadline_ns)
{
	struct gpugov_source *src;
	unsigned long flags;
	int err = -ENODEV;

	rcu_read_lock();
	src = gpugov_source_find(dev);
	if (src) {
		raw_spin_lock_irqsave(&src->deadline_lock, flags);
		*deadline_ns = gpugov_fence_take(&src->deadline_ns, now_ns);
		raw_spin_unlock_irqrestore(&src->deadline_lock, flags);
		err = src->read(src, s);
	}
	rcu_read_unlock();
	return err;
}
