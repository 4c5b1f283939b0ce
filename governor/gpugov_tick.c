// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_tick.c - gpugov's own timer: decisions between the device's polls
 * (at frame boundaries and checks inside a frame, predictors/gpugov_frame.c).
 *
 * The clock.  gpugov's time is CLOCK_MONOTONIC and its timer an hrtimer,
 * unless the device's counter source keeps a clock of its own (a
 * simulator's time, gpugov_source.h): then "now" is the source's and the
 * source runs the timer, calling gpugov_source_timer_fired() at the
 * armed time, which queues the same work as the hrtimer.  Times on one
 * clock mean nothing on the other, so a change of clock, or a source's
 * clock that goes back, restarts the frame state (as a resume does).
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
 *    running nor armed.  A source's timer is disarmed and detached under
 *    the lock, and an RCU grace period drains a
 *    gpugov_source_timer_fired() that found it just before;
 *  - the wake at the next fence deadline (react fence deciding at polls,
 *    gpugov_source_arm()) is set and cleared under the source's deadline
 *    lock, which gpugov_source_set_deadline() fires it under: once
 *    cleared it never fires, and a work it queued before is cancelled.
 */
#include <linux/hrtimer.h>
#include <linux/ktime.h>
#include <linux/slab.h>
#include <linux/version.h>
#include <linux/workqueue.h>

#include "gpugov.h"

/**
 * gpugov_tick_fired() - the timer's time came (hrtimer or the source's)
 * @tm: the timer
 *
 * Context: any; the work takes devfreq->lock, so no mutex here.
 */
void gpugov_tick_fired(struct gpugov_timer *tm)
{
	queue_work(system_highpri_wq, &tm->work);
}

static enum hrtimer_restart gpugov_tick_fire(struct hrtimer *t)
{
	gpugov_tick_fired(container_of(t, struct gpugov_timer, hrt));
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
 * gpugov_tick_now() - gpugov's time: the source's clock if it keeps one,
 *	else ktime_get_ns()
 * @g: the device's state, devfreq->lock held
 *
 * On a change of clock, or a source's clock that went back, the times
 * gpugov holds (the previous poll's, the frame state's) are dropped, as
 * after a resume.
 *
 * Return: now, ns.
 */
u64 gpugov_tick_now(struct gpugov_dev *g)
{
	struct gpugov_timer *tm = g->tick;
	bool on_src;
	u64 now;

	lockdep_assert_held(&g->df->lock);
	on_src = gpugov_source_clock(g->df->dev.parent, &now);
	if (!on_src)
		now = ktime_get_ns();
	/* a kept clock going back: a new timeline (a simulator's run) */
	if (on_src != tm->on_src || (on_src && now < g->last_ns)) {
		tm->on_src = on_src;
		g->last_ns = 0;
		gpugov_frame_restart(&g->frame);
	}
	return now;
}

/**
 * gpugov_tick_arm() - arm the timer for what the frame state and the
 *	tunables want after a tick at @now_ns (gpugov_tick_now()'s clock):
 *	a time (gpugov_frame_next_ns()), the next fence deadline
 *	(gpugov_frame_fence_wakes()), or never
 * @g: the device's state, devfreq->lock held
 * @now_ns: the tick's time
 *
 * Does nothing unless the timer may tick (ticking).
 */
void gpugov_tick_arm(struct gpugov_dev *g, u64 now_ns)
{
	struct gpugov_timer *tm = g->tick;
	u64 at_ns = gpugov_frame_next_ns(&g->frame, &g->params, now_ns);
	bool on_fence = gpugov_frame_fence_wakes(&g->frame, &g->params, now_ns);

	lockdep_assert_held(&g->df->lock);
	if (!tm->ticking)
		return;
	if (gpugov_source_arm(g->df->dev.parent, tm, at_ns, on_fence)) {
		tm->src_armed = true;
		hrtimer_try_to_cancel(&tm->hrt);
	} else if (at_ns == U64_MAX || at_ns > KTIME_MAX) {
		hrtimer_try_to_cancel(&tm->hrt);
	} else {
		hrtimer_start(&tm->hrt, ns_to_ktime(at_ns), HRTIMER_MODE_ABS);
	}
}

/**
 * gpugov_tick_rearm() - gpugov_tick_arm() now
 * @g: the device's state, devfreq->lock held
 *
 * Only the poll path re-arms the timer otherwise, so a `react` write
 * calls this: a device whose devfreq polling is off would never tick.
 * Does nothing unless the timer may tick (ticking: not suspended).
 */
void gpugov_tick_rearm(struct gpugov_dev *g)
{
	lockdep_assert_held(&g->df->lock);
	gpugov_tick_arm(g, gpugov_tick_now(g));
}

/**
 * gpugov_tick_resume() - let the timer tick again (START, RESUME) and arm
 *	it for what the frame state wants now (a probe, with a timer to
 *	react by), as the replay's gpugov starts
 * @g: the device's state, devfreq->lock held
 */
void gpugov_tick_resume(struct gpugov_dev *g)
{
	lockdep_assert_held(&g->df->lock);
	g->tick->ticking = true;
	gpugov_tick_rearm(g);
}

/**
 * gpugov_tick_start() - gpugov_tick_resume() at START
 * @g: the device's state
 *
 * Context: takes devfreq->lock.
 */
void gpugov_tick_start(struct gpugov_dev *g)
{
	mutex_lock(&g->df->lock);
	gpugov_tick_resume(g);
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
	struct gpugov_timer *tm = g->tick;
	bool drain;

	mutex_lock(&g->df->lock);
	tm->ticking = false;
	gpugov_source_arm(g->df->dev.parent, NULL, U64_MAX, false);
	drain = tm->src_armed;
	tm->src_armed = false;
	mutex_unlock(&g->df->lock);
	if (drain)	/* a source's timer_fired() still queueing the work */
		synchronize_rcu();
	hrtimer_cancel(&tm->hrt);
	cancel_work_sync(&tm->work);
}
