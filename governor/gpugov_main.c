// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_main.c - the gpugov devfreq governor: registration and the
 * per-device lifecycle (DEVFREQ_GOV_* events).
 *
 * Module lifetime.  The devfreq core takes no reference on a governor's
 * module, so unloading a governor while a device uses it would leave the
 * device pointing at freed code and data (the next governor registration
 * dereferences it).  Every device therefore pins this module from
 * DEVFREQ_GOV_START to DEVFREQ_GOV_STOP, and rmmod is refused ("in use")
 * while any device runs gpugov.
 */
#include <linux/errno.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/slab.h>

#include "gpugov.h"

/*
 * Serialises DEVFREQ_GOV_START, STOP, SUSPEND and RESUME of all devices
 * (the last two: gpugov_suspend(), gpugov_resume()).  The devfreq core
 * calls START and STOP under devfreq_list_lock from governor_store(), but
 * timer_store() stops and restarts the governor without that lock, so
 * a `timer` write racing a governor switch on the same device can START
 * gpugov twice with no STOP between (the second START then found the
 * first one's sysfs group: "cannot create duplicate filename", and leaked
 * its state).  Under this mutex a START finds a device gpugov already
 * runs on and leaves it as it is.  Order: devfreq_list_lock (when the
 * core holds it), gpugov_lifecycle_lock, devfreq->lock.
 */
static DEFINE_MUTEX(gpugov_lifecycle_lock);

static void gpugov_dev_init(struct gpugov_dev *g, struct devfreq *df)
{
	g->df = df;
	g->predictor = GPUGOV_PRED_CRISP;
	gpugov_policy_defaults(&g->params);
	gpugov_pred_init(&g->pred);
	gpugov_policy_state_init(&g->policy);
	g->stats.lat_min_ns = U64_MAX;
}

static int gpugov_start(struct devfreq *df)
{
	struct gpugov_dev *g;
	int err;

	lockdep_assert_held(&gpugov_lifecycle_lock);
	if (!try_module_get(THIS_MODULE))
		return -ENODEV;
	/*
	 * governor_data changes only here and in gpugov_stop(), both under
	 * gpugov_lifecycle_lock: set means gpugov already runs here.
	 */
	if (df->governor_data) {
		module_put(THIS_MODULE);
		return 0;
	}

	g = kvzalloc(sizeof(*g), GFP_KERNEL);
	if (!g) {
		err = -ENOMEM;
		goto err_put;
	}
	gpugov_dev_init(g, df);
	err = gpugov_opp_build(g);
	if (err)
		goto err_free;
	gpugov_keep_restore(g);
	gpugov_frame_init(&g->frame, g->table.nr - 1);
	err = gpugov_tick_init(g);
	if (err)
		goto err_free;

	mutex_lock(&df->lock);
	df->governor_data = g;
	mutex_unlock(&df->lock);

	err = gpugov_sysfs_add(g);
	if (err)
		goto err_unpublish;
	gpugov_debugfs_add(g);

	/*
	 * A governor switch while the device is suspended STARTs gpugov all
	 * the same, and devfreq_monitor_start() would poll the suspended
	 * device.  Start as if START had come before the SUSPEND: the monitor
	 * stopped (its first poll is a polling interval away) and the timer
	 * not ticking, until the RESUME starts both.  The count is read
	 * under gpugov_lifecycle_lock, which SUSPEND and RESUME take after
	 * changing it, so whichever comes next finds this START done.
	 */
	devfreq_monitor_start(df);
	if (atomic_read(&df->suspend_count))
		devfreq_monitor_suspend(df);
	else
		gpugov_tick_start(g);
	return 0;

err_unpublish:
	mutex_lock(&df->lock);
	df->governor_data = NULL;
	mutex_unlock(&df->lock);
err_free:
	gpugov_tick_free(g);
	kvfree(g);
err_put:
	module_put(THIS_MODULE);
	return err;
}

static int gpugov_stop(struct devfreq *df)
{
	struct gpugov_dev *g;

	lockdep_assert_held(&gpugov_lifecycle_lock);

	/*
	 * Claim the state under the lock, so that a second STOP finds
	 * nothing: devfreq_remove_device() stops the governor but leaves the
	 * device on the core's list until its release, where
	 * devfreq_remove_governor() could stop it again.  A poll that runs
	 * before the monitor is stopped sees no state and keeps the
	 * frequency.
	 */
	mutex_lock(&df->lock);
	g = df->governor_data;
	df->governor_data = NULL;
	mutex_unlock(&df->lock);
	if (!g)
		return 0;

	gpugov_tick_stop(g);
	devfreq_monitor_stop(df);
	/* Both removals wait for readers and writers still inside. */
	gpugov_debugfs_remove(g);
	gpugov_sysfs_remove(g);
	gpugov_keep_save(g);
	gpugov_tick_free(g);
	kvfree(g);

	module_put(THIS_MODULE);
	return 0;
}

/*
 * The suspended time is not an interval of work, and the work before it
 * says nothing of the work after: start afresh.  Under
 * gpugov_lifecycle_lock, so that a START that found the device suspended
 * has stopped its monitor before this restarts it (gpugov_start()).
 */
static int gpugov_resume(struct devfreq *df)
{
	struct gpugov_dev *g;

	mutex_lock(&gpugov_lifecycle_lock);
	mutex_lock(&df->lock);
	g = df->governor_data;
	if (g) {
		g->last_ns = 0;
		gpugov_policy_restart(&g->policy);
		gpugov_frame_restart(&g->frame);
		gpugov_tick_resume(g);
	}
	mutex_unlock(&df->lock);
	devfreq_monitor_resume(df);
	mutex_unlock(&gpugov_lifecycle_lock);
	return 0;
}

/*
 * Stand down across a suspend: the timer is cancelled, and neither it nor
 * its work runs again before the resume (gpugov_tick_stop()).  The devfreq
 * core sends SUSPEND from the driver's suspend path, which nothing orders
 * against a governor switch's STOP: gpugov_lifecycle_lock keeps the state
 * from being freed while the timer is cancelled (the work it waits for
 * takes only devfreq->lock, which comes after it in the lock order).
 */
static void gpugov_suspend(struct devfreq *df)
{
	struct gpugov_dev *g;

	mutex_lock(&gpugov_lifecycle_lock);
	mutex_lock(&df->lock);
	g = df->governor_data;
	mutex_unlock(&df->lock);
	if (g)
		gpugov_tick_stop(g);
	mutex_unlock(&gpugov_lifecycle_lock);
	devfreq_monitor_suspend(df);
}

/**
 * gpugov_event() - devfreq governor event handler
 * @df: the device
 * @event: DEVFREQ_GOV_*
 * @data: new polling interval in ms for DEVFREQ_GOV_UPDATE_INTERVAL
 *
 * Called by the devfreq core without devfreq->lock; the devfreq_monitor_*
 * helpers take it themselves.
 *
 * Return: 0 or a negative errno (START only).
 */
static int gpugov_event(struct devfreq *df, unsigned int event, void *data)
{
	int err;

	switch (event) {
	case DEVFREQ_GOV_START:
		mutex_lock(&gpugov_lifecycle_lock);
		err = gpugov_start(df);
		mutex_unlock(&gpugov_lifecycle_lock);
		return err;
	case DEVFREQ_GOV_STOP:
		mutex_lock(&gpugov_lifecycle_lock);
		err = gpugov_stop(df);
		mutex_unlock(&gpugov_lifecycle_lock);
		return err;
	case DEVFREQ_GOV_UPDATE_INTERVAL:
		devfreq_update_interval(df, data);
		return 0;
	case DEVFREQ_GOV_SUSPEND:
		gpugov_suspend(df);
		return 0;
	case DEVFREQ_GOV_RESUME:
		return gpugov_resume(df);
	default:
		return 0;
	}
}

static struct devfreq_governor gpugov_governor = {
	.name = GPUGOV_NAME,
	.attrs = DEVFREQ_GOV_ATTR_POLLING_INTERVAL | DEVFREQ_GOV_ATTR_TIMER,
	.get_target_freq = gpugov_get_target_freq,
	.event_handler = gpugov_event,
};

static int __init gpugov_init(void)
{
	int err;

	gpugov_debugfs_init();
	err = devfreq_add_governor(&gpugov_governor);
	if (err) {
		pr_err("gpugov: cannot register governor: %d\n", err);
		gpugov_debugfs_exit();
	}
	return err;
}
module_init(gpugov_init);

static void __exit gpugov_exit(void)
{
	int err;

	/* No device can be using us: each one holds a module reference. */
	err = devfreq_remove_governor(&gpugov_governor);
	if (err)
		pr_err("gpugov: cannot unregister governor: %d\n", err);
	gpugov_keep_exit();
	gpugov_debugfs_exit();
}
module_exit(gpugov_exit);

MODULE_ALIAS("governor_" GPUGOV_NAME);
MODULE_DESCRIPTION("gpugov: counter-driven GPU devfreq governor");
MODULE_LICENSE("GPL");
