// SPDX-License-Identifier: GPL-2.0
/*
 * sim_main.c - gpugov_sim.ko: simulated GPU devfreq devices.
 *
 * Creates nr_devices platform devices "gpugov_sim.N", each a devfreq
 * device with an OPP table that replays a sweep trace loaded through
 * debugfs (see sim_debugfs.c and drivers_glue/gpugov_simblob.h).  With
 * stock=1 a device registers no gpugov counter source and behaves like
 * an unmodified driver that only reports busy/total; with mali=1 its
 * counter source gives what a Mali GPU's counters give.  profile= sets
 * up devfreq as a stock GPU driver does (sim_profile.c).
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/version.h>

#include "sim.h"

static unsigned int nr_devices = 1;
module_param(nr_devices, uint, 0444);
MODULE_PARM_DESC(nr_devices, "number of simulated GPUs (1-8, default 1)");

static bool stock;
module_param(stock, bool, 0444);
MODULE_PARM_DESC(stock, "start without a gpugov counter source");

unsigned int sim_polling_ms = 10;
module_param_named(polling_ms, sim_polling_ms, uint, 0444);
MODULE_PARM_DESC(polling_ms,
		 "initial devfreq polling interval in ms (profile sim; the drivers' profiles have theirs)");

char *sim_governor = "simple_ondemand";
module_param_named(governor, sim_governor, charp, 0444);
MODULE_PARM_DESC(governor, "devfreq governor the devices start with");

bool sim_descending;
module_param_named(descending, sim_descending, bool, 0444);
MODULE_PARM_DESC(descending,
		 "give devfreq the frequency table in descending order (profile sim)");

static char *profile = "sim";
module_param(profile, charp, 0444);
MODULE_PARM_DESC(profile,
		 "devfreq setup of a GPU driver: sim (default), panfrost, panthor, lima, msm or amdgpu");

unsigned int sim_hz_skew;
module_param_named(hz_skew, sim_hz_skew, uint, 0444);
MODULE_PARM_DESC(hz_skew,
		 "Hz taken off each OPP per OPP below it, for tables off whole kHz (default 0)");

bool sim_mali;
module_param_named(mali, sim_mali, bool, 0444);
MODULE_PARM_DESC(mali, "start with the Mali counter mode");

const struct sim_profile *sim_prof;

static struct platform_device *sim_pdevs[SIM_MAX_DEVICES];

static int sim_probe(struct platform_device *pdev)
{
	struct sim_dev *sd;
	struct sim_trace *t;
	int err;

	sd = devm_kzalloc(&pdev->dev, sizeof(*sd), GFP_KERNEL);
	t = sim_trace_default();
	if (!sd || !t) {
		sim_trace_free(t);
		return -ENOMEM;
	}
	sd->pdev = pdev;
	sd->prof = sim_prof;
	sd->mali = sim_mali;
	mutex_init(&sd->ctl_lock);
	spin_lock_init(&sd->lock);
	sim_profile_setup(sd);
	sim_profile_init(sd);
	sim_rtdev_setup(sd);
	platform_set_drvdata(pdev, sd);

	mutex_lock(&sd->ctl_lock);
	err = sim_devfreq_attach(sd, t, sim_governor);
	if (!err && !stock && sim_set_source(sd, true))
		dev_info(&pdev->dev, "no gpugov counter source: stock mode\n");
	if (err) {
		sim_devfreq_detach(sd);
		sim_trace_free(sd->trace ? sd->trace : t);
		sd->trace = NULL;
	}
	mutex_unlock(&sd->ctl_lock);
	if (err)
		return dev_err_probe(&pdev->dev, err, "cannot start\n");
	sim_debugfs_add(sd);
	sim_hwmon_add(sd);
	return 0;
}

static void sim_teardown(struct platform_device *pdev)
{
	struct sim_dev *sd = platform_get_drvdata(pdev);

	sim_debugfs_remove(sd);
	mutex_lock(&sd->ctl_lock);
	sim_set_source(sd, false);
	sim_devfreq_detach(sd);
	sim_rtdev_free(sd);
	sim_trace_free(sd->trace);
	sd->trace = NULL;
	kvfree(sd->log);
	sd->log = NULL;
	mutex_unlock(&sd->ctl_lock);
}

/* .remove returns void from 6.11 on. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
static void sim_remove(struct platform_device *pdev)
{
	sim_teardown(pdev);
}
#else
static int sim_remove(struct platform_device *pdev)
{
	sim_teardown(pdev);
	return 0;
}
#endif

static struct platform_driver sim_driver = {
	.probe = sim_probe,
	.remove = sim_remove,
	.driver = {
		.name = SIM_NAME,
	},
};

static void sim_unregister_devices(void)
{
	int i;

	for (i = SIM_MAX_DEVICES - 1; i >= 0; i--) {
		platform_device_unregister(sim_pdevs[i]);
		sim_pdevs[i] = NULL;
	}
}

static int __init sim_init(void)
{
	unsigned int i;
	int err;

	sim_prof = sim_profile_find(profile);
	if (!sim_prof) {
		pr_err(SIM_NAME ": unknown profile '%s' (sim, panfrost, panthor, lima, msm, amdgpu)\n",
		       profile);
		return -EINVAL;
	}
	if (!nr_devices || nr_devices > SIM_MAX_DEVICES)
		return -EINVAL;
	if (sim_rtdev_params_ok()) {
		pr_err(SIM_NAME ": rt_hz 1-10000, rt_load 1-100 and rt_segs_per_frame 1 or more, or rt_hz=0\n");
		return -EINVAL;
	}
	sim_debugfs_init();
	err = platform_driver_register(&sim_driver);
	if (err)
		goto err_debugfs;
	for (i = 0; i < nr_devices; i++) {
		sim_pdevs[i] = platform_device_register_simple(SIM_NAME, i,
							       NULL, 0);
		if (IS_ERR(sim_pdevs[i])) {
			err = PTR_ERR(sim_pdevs[i]);
			sim_pdevs[i] = NULL;
			goto err_devices;
		}
	}
	return 0;

err_devices:
	platform_driver_unregister(&sim_driver);
	sim_unregister_devices();
err_debugfs:
	sim_debugfs_exit();
	return err;
}
module_init(sim_init);

/*
 * The driver goes first: unbinding removes each devfreq device, and with
 * it the monitor, while the platform devices still exist.  The other
 * order deletes a bound device, and device_del() destroys its PM QoS
 * constraints (dpm_sysfs_remove()) before it unbinds the driver, so the
 * devfreq monitor can still read them: KASAN's use-after-free in
 * freq_qos_read_value() from devfreq_get_freq_range(), seen under the
 * debug kernel's load/unload stress.
 */
static void __exit sim_exit(void)
{
	platform_driver_unregister(&sim_driver);
	sim_unregister_devices();
	sim_debugfs_exit();
}
module_exit(sim_exit);

MODULE_DESCRIPTION("gpugov_sim: simulated GPU devfreq devices replaying sweep traces");
MODULE_LICENSE("GPL");
