// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_keep.c - a device's tunables outlive gpugov's run on it: saved
 * at DEVFREQ_GOV_STOP, given back at the next DEVFREQ_GOV_START on the
 * same devfreq device, forgotten when that device goes away.
 *
 * What is kept: the model and its geometry, the objective and every
 * policy tunable (the sysfs group's writable files), with the OPP table
 * they were set on.  Nothing learned is kept (miss factors, the GRAPE
 * controller, the PCSTALL table): the work after a switch is not the work
 * before it.  A start re-validates what it is given: the same ranges the
 * sysfs stores check (gpugov_tunables_valid()) and the same OPP table in
 * kHz; if either fails, the device starts from the defaults and the
 * kernel log says why.
 *
 * Lifetime.  An entry is keyed by the struct devfreq and freed by a
 * class interface on the devfreq class, whose remove_dev() the driver
 * core calls from device_del() of every devfreq device, before the
 * struct devfreq can be freed and its address reused.  The interface is
 * registered at the first save (the devfreq class is not exported; its
 * devices carry it) and unregistered at module unload, which calls
 * remove_dev() for every device left and so frees every entry; the class
 * mutex orders that against a device_del() running at the same time.
 *
 * Locking: gpugov_keep_lock protects the list and gpugov_keep_class.
 * Order: the class mutex (remove_dev()), then gpugov_keep_lock;
 * gpugov_lifecycle_lock (save, restore), then the class mutex (the
 * registration), then gpugov_keep_lock.  Save and restore run under
 * gpugov_lifecycle_lock, with the state not yet published or already
 * withdrawn, so they take no devfreq->lock.
 */
#include <linux/device.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/version.h>

#include "gpugov.h"

/**
 * struct gpugov_kept - what one device keeps between two runs of gpugov
 * @node: in gpugov_keep_list
 * @df: the device
 * @t: the tunables
 * @nr: OPPs of the table they were set on
 * @khz: those OPPs' clocks
 */
struct gpugov_kept {
	struct list_head node;
	struct devfreq *df;
	struct gpugov_tunables t;
	u32 nr;
	u32 khz[GPUGOV_MAX_OPPS];
};

static DEFINE_MUTEX(gpugov_keep_lock);
static LIST_HEAD(gpugov_keep_list);

static struct gpugov_kept *gpugov_keep_find(const struct devfreq *df)
{
	struct gpugov_kept *k;

	lockdep_assert_held(&gpugov_keep_lock);
	list_for_each_entry(k, &gpugov_keep_list, node)
		if (k->df == df)
			return k;
	return NULL;
}

/* A devfreq device is being deleted: forget what it kept. */
static void gpugov_keep_forget(struct device *dev)
{
	struct gpugov_kept *k;

	mutex_lock(&gpugov_keep_lock);
	k = gpugov_keep_find(to_devfreq(dev));
	if (k) {
		list_del(&k->node);
		kfree(k);
	}
	mutex_unlock(&gpugov_keep_lock);
}

/* The driver core dropped the interface argument in 6.4. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 4, 0)
static void gpugov_keep_remove_dev(struct device *dev)
{
	gpugov_keep_forget(dev);
}
#else
static void gpugov_keep_remove_dev(struct device *dev,
				   struct class_interface *intf)
{
	gpugov_keep_forget(dev);
}
#endif

static struct class_interface gpugov_keep_intf = {
	.remove_dev = gpugov_keep_remove_dev,
};

/* Registered on the devfreq class (under gpugov_lifecycle_lock). */
static bool gpugov_keep_registered;

/**
 * gpugov_keep_save() - keep a stopping device's tunables
 * @g: its state, no longer published
 *
 * Without memory, or without the interface that would free the entry,
 * nothing is kept: the next start uses the defaults.
 */
void gpugov_keep_save(const struct gpugov_dev *g)
{
	struct gpugov_kept *k;
	u32 i;

	if (!gpugov_keep_registered) {
		gpugov_keep_intf.class = g->df->dev.class;
		if (class_interface_register(&gpugov_keep_intf)) {
			dev_warn(&g->df->dev,
				 "gpugov: cannot watch devfreq devices; tunables will not be kept\n");
			return;
		}
		gpugov_keep_registered = true;
	}
	mutex_lock(&gpugov_keep_lock);
	k = gpugov_keep_find(g->df);
	if (!k) {
		k = kzalloc(sizeof(*k), GFP_KERNEL);
		if (!k)
			goto out;
		k->df = g->df;
		list_add(&k->node, &gpugov_keep_list);
	}
	gpugov_tunables_get(g, &k->t);
	k->nr = g->table.nr;
	for (i = 0; i < k->nr; i++)
		k->khz[i] = g->table.opp[i].core_khz;
out:
	mutex_unlock(&gpugov_keep_lock);
}

/* Is @g's OPP table, in kHz, the one @k was set on? */
static bool gpugov_keep_same_table(const struct gpugov_kept *k,
				   const struct gpugov_dev *g)
{
	u32 i;

	if (k->nr != g->table.nr)
		return false;
	for (i = 0; i < k->nr; i++)
		if (k->khz[i] != g->table.opp[i].core_khz)
			return false;
	return true;
}

/**
 * gpugov_keep_restore() - give a starting device the tunables it kept
 * @g: its state, with its OPP table built, not yet published
 */
void gpugov_keep_restore(struct gpugov_dev *g)
{
	struct gpugov_kept *k;

	mutex_lock(&gpugov_keep_lock);
	k = gpugov_keep_find(g->df);
	if (!k)
		goto out;
	if (!gpugov_keep_same_table(k, g))
		dev_info(&g->df->dev,
			 "gpugov: OPP table changed since the tunables were set; starting from the defaults\n");
	else if (gpugov_tunables_set(g, &k->t))
		dev_warn(&g->df->dev,
			 "gpugov: kept tunables out of range; starting from the defaults\n");
out:
	mutex_unlock(&gpugov_keep_lock);
}

/**
 * gpugov_keep_exit() - forget every device's tunables (module unload)
 *
 * Unregistering the interface calls remove_dev() for every devfreq
 * device, and every entry belongs to one; the list is emptied after it
 * all the same, so that nothing can outlive the module.
 */
void gpugov_keep_exit(void)
{
	struct gpugov_kept *k, *tmp;

	if (gpugov_keep_registered)
		class_interface_unregister(&gpugov_keep_intf);
	gpugov_keep_registered = false;
	mutex_lock(&gpugov_keep_lock);
	list_for_each_entry_safe(k, tmp, &gpugov_keep_list, node) {
		list_del(&k->node);
		kfree(k);
	}
	mutex_unlock(&gpugov_keep_lock);
}
