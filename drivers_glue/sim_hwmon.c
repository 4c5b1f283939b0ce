// SPDX-License-Identifier: GPL-2.0
/*
 * sim_hwmon.c - an energy meter for each simulated GPU, through the hwmon
 * ABI a board's meter uses (Documentation/hwmon/sysfs-interface.rst):
 * energy1_input, the energy the device has used since it was probed, in
 * microjoules, never reset.  gpugov-ab reads it as it reads a real
 * meter, so the VM test can hold the harness's energy against the
 * device's own account (debugfs status: energy_pj).
 *
 * What it counts is the simulated energy the device charges itself: each
 * segment a poll consumes (sim_devfreq.c, sim_consume()) and every
 * real-time run's busy and idle energy (the engine's res.energy_pj, which
 * sim_rtdev_start() folds in before a new run resets it).
 */
#include <linux/hwmon.h>
#include <linux/math64.h>
#include <linux/limits.h>

#include "sim.h"

/**
 * sim_meter_add() - charge the meter with a segment's energy
 * @sd: device; sd->lock held
 * @pj: the energy, picojoules
 */
void sim_meter_add(struct sim_dev *sd, u64 pj)
{
	sd->meter_pj += pj;
}

/**
 * sim_meter_fold_rt() - move the real-time engine's energy into the meter
 * @sd: device; sd->lock held, the engine stopped
 * @live: the engine is about to run again (its energy counts from now)
 *
 * Called before sim_rt_init() clears the engine's totals: what the last
 * run used stays counted once.
 */
void sim_meter_fold_rt(struct sim_dev *sd, bool live)
{
	if (sd->meter_rt)
		sd->meter_pj += sd->rtd.rt.res.energy_pj;
	sd->meter_rt = live;
}

static u64 sim_meter_pj(struct sim_dev *sd)
{
	u64 pj;

	spin_lock(&sd->lock);
	pj = sd->meter_pj + (sd->meter_rt ? sd->rtd.rt.res.energy_pj : 0);
	spin_unlock(&sd->lock);
	return pj;
}

static umode_t sim_hwmon_visible(const void *data,
				 enum hwmon_sensor_types type, u32 attr,
				 int channel)
{
	return type == hwmon_energy && attr == hwmon_energy_input ? 0444 : 0;
}

static int sim_hwmon_read(struct device *dev, enum hwmon_sensor_types type,
			  u32 attr, int channel, long *val)
{
	struct sim_dev *sd = dev_get_drvdata(dev);
	u64 uj;

	if (type != hwmon_energy || attr != hwmon_energy_input)
		return -EOPNOTSUPP;
	uj = div_u64(sim_meter_pj(sd), 1000000);
	/* a 32-bit long holds 2147 J: the counter stops there, never wraps */
	*val = uj > LONG_MAX ? LONG_MAX : (long)uj;
	return 0;
}

/* not "* const": 6.1's hwmon_chip_info takes a pointer to non-const */
static const struct hwmon_channel_info *sim_hwmon_info[] = {
	HWMON_CHANNEL_INFO(energy, HWMON_E_INPUT),
	NULL
};

static const struct hwmon_ops sim_hwmon_ops = {
	.is_visible = sim_hwmon_visible,
	.read = sim_hwmon_read,
};

static const struct hwmon_chip_info sim_hwmon_chip = {
	.ops = &sim_hwmon_ops,
	.info = sim_hwmon_info,
};

/**
 * sim_hwmon_add() - register the device's energy meter
 * @sd: device
 *
 * Device-managed: it goes with the platform device, before @sd does.  A
 * kernel without hwmon, or a failed registration, leaves the device
 * without a meter; it works on.
 */
void sim_hwmon_add(struct sim_dev *sd)
{
	struct device *hw;

	/* hwmon.h has no stubs: a kernel without it must not see the call */
	if (!IS_REACHABLE(CONFIG_HWMON)) {
		dev_info(&sd->pdev->dev, "no hwmon energy meter: no hwmon in this kernel\n");
		return;
	}
	hw = devm_hwmon_device_register_with_info(&sd->pdev->dev, "gpugov_sim",
						  sd, &sim_hwmon_chip, NULL);
	if (IS_ERR(hw))
		dev_info(&sd->pdev->dev, "no hwmon energy meter: %ld\n",
			 PTR_ERR(hw));
}
