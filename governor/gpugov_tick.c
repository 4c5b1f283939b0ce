// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_tick.c - gpugov's own timer: decisions between the device's polls
 * (at frame boundaries and checks inside a frame, predictors/gpugov_frame.c).
 *
 * Locking (see also gpugov.h):
 *  - the timer's handler runs in hard interrupt context and takes no
 *    lock: it only queues the timer's work;
 *  - the work takes devfreq->lock, the lock the devfreq core's own
 *    monitor work takes, and re-decides with update_devfreq(), which the
 *    devfreq core requires to be called with it held;
 *  - ticking is written and read under devfreq->lock only: the poll
 *    path arms the timer only while it is set, so clearing it under the
 *    lock and then cancelling the timer and the work (in that order,
 *    without the lock, which the work may be waiting for) leaves neither
 *    running nor armed.
 */
#include <linux/hrtimer.h>
#include <linux/ktime.h>
#include <linux/slab.h>
#include <linux/version.h>
#include <linux/workqueue.h>

#include "gpugov.h"

static enum hrtimer_restart gpugov_tick_fire(struct hrtimer *t)
{
	struct gpugov_timer *tm = container_of(t, struct gpugov_timer, hrt);

	/* the work takes devfreq->lock: no mutex in hard interrupt context */
	queue_work(system_highpri_wq, &tm->work);
	return HRTIMER_NORESTART;
}

static void gpugov_tick_work(struct work_struct *w)
{
	struct gpugov_timer *tm = container_of(w, struct gpugov_timer, work);
	struct devfreq *df = tm->g->df;

	mutex_lock(&df->lock);
	if (tm->ticking) {
		tm->ticks++;
		/* the poll path's error is counted there (stats.errors) */
		update_devfreq(df);
	}
	mutex_unlock(&df->lock);
}

/**
 * gpugov_tick_init() - set the timer up, not ticking
 * @g: the device's state, not yet published
 *
 * Return: 0 or -ENOMEM.
 */
int gpugov_tick_init(struct gpugov_dev *g)
{
	struct gpugov_timer *tm = kzalloc(sizeof(*tm), GFP_KERNEL);

	if (!tm)
		return -ENOMEM;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
	hrtimer_setup(&tm->hrt, gpugov_tick_fire, CLOCK_MONOTONIC,
		      HRTIMER_MODE_ABS);
#else
	hrtimer_init(&tm->hrt, CLOCK_MONOTONIC, HRTIMER_MODE_ABS);
	tm->hrt.function = gpugov_tick_fire;
#endif
	INIT_WORK(&tm->work, gpugov_tick_work);
	tm->g = g;
	g->tick = tm;
	return 0;
}

/**
 * gpugov_tick_free() - free the timer, stood down (gpugov_tick_stop()) or
 *	never started
 * @g: the device's state
 */
void gpugov_tick_free(struct gpugov_dev *g)
{
	kfree(g->tick);
	g->tick = NULL;
}

/**
 * gpugov_tick_arm() - fire at @at_ns (ktime_get_ns() clock), or never
 * @g: the device's state, devfreq->lock held
 * @at_ns: when; U64_MAX for never
 *
 * Does nothing unless the timer may tick (ticking).
 */
void gpugov_tick_arm(struct gpugov_dev *g, u64 at_ns)
{
	lockdep_assert_held(&g->df->lock);
	if (!g->tick->ticking)
		return;
	if (at_ns == U64_MAX || at_ns > KTIME_MAX)
		hrtimer_try_to_cancel(&g->tick->hrt);
	else
		hrtimer_start(&g->tick->hrt, ns_to_ktime(at_ns), HRTIMER_MODE_ABS);
}

/**
 * gpugov_tick_start() - let the timer tick again (START, RESUME); the
 *	next poll arms it
 * @g: the device's state
 *
 * Context: takes devfreq->lock.
 */
void gpugov_tick_start(struct gpugov_dev *g)
{
	mutex_lock(&g->df->lock);
	g->tick->ticking = true;
	mutex_unlock(&g->df->lock);
}

/**
 * gpugov_tick_stop() - stand the timer down (SUSPEND, STOP): on return it
 *	is neither armed nor running, and stays so until gpugov_tick_start()
 * @g: the device's state
 *
 * Context: process context, devfreq->lock not held; sleeps.
 */
void gpugov_tick_stop(struct gpugov_dev *g)
{
	mutex_lock(&g->df->lock);
	g->tick->ticking = false;
	mutex_unlock(&g->df->lock);
	hrtimer_cancel(&g->tick->hrt);
	cancel_work_sync(&g->tick->work);
}
