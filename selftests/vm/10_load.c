// SPDX-License-Identifier: GPL-2.0
/*
 * 10_load.c - gpugov.ko and gpugov_sim.ko load and unload cleanly, the
 * governor registers under its name, and it autoloads by its alias.
 */
#include "vmtap.h"

int main(void)
{
	char buf[4096];
	int i, err, bad = 0;

	vt_ok(!vt_load_ondemand(), "simple_ondemand loads");
	vt_ok(!vt_load("gpugov", NULL), "gpugov loads");
	vt_ok(vt_exists(DEBUGFS_GOV), "debugfs gpugov/ exists");
	vt_ok(vt_load("gpugov", NULL) == -EEXIST, "second load: EEXIST");
	vt_ok(!vt_load("gpugov_sim", NULL), "gpugov_sim loads");
	vt_ok(vt_exists(SYSFS_DEVFREQ "/" SIM_DEV "0"), "devfreq device exists");
	vt_ok(vt_read(vt_devfreq(0, "available_governors"), buf, sizeof(buf)) > 0 &&
	      strstr(buf, "gpugov") && strstr(buf, "simple_ondemand"),
	      "available_governors lists gpugov and simple_ondemand");
	vt_ok(vt_governor_is(0, "simple_ondemand"), "device starts on simple_ondemand");
	vt_ok(vt_key(vt_simdbg(0, "status"), "source") == 1,
	      "sim registered its counter source");
	vt_ok(!vt_unload("gpugov_sim"), "gpugov_sim unloads");
	vt_ok(!vt_unload("gpugov"), "gpugov unloads");
	vt_ok(!vt_exists(DEBUGFS_GOV), "debugfs gpugov/ removed");

	for (i = 0; i < 10; i++) {
		err = vt_load("gpugov", NULL);
		err = err ? err : vt_load("gpugov_sim", "nr_devices=2");
		err = err ? err : vt_set_governor(1, "gpugov");
		err = err ? err : vt_unload("gpugov_sim");
		err = err ? err : vt_unload("gpugov");
		if (err) {
			vt_diag("cycle %d: %s", i, strerror(-err));
			bad++;
			vt_teardown();
		}
	}
	vt_ok(!bad, "10 load/use/unload cycles");

	/* Without gpugov: the sim runs stock; selecting gpugov autoloads it. */
	vt_ok(!vt_load("gpugov_sim", NULL), "gpugov_sim loads without gpugov");
	vt_ok(vt_key(vt_simdbg(0, "status"), "source") == 0,
	      "without gpugov the sim is stock");
	err = vt_set_governor(0, "gpugov");
	vt_ok(!err && vt_governor_is(0, "gpugov"),
	      "selecting gpugov loads it through its alias (%s)",
	      strerror(-err));
	vt_ok(vt_set_governor(0, "no_such_governor") < 0 &&
	      vt_governor_is(0, "gpugov"), "unknown governor refused, gpugov stays");
	vt_ok(!vt_set_governor(0, "simple_ondemand"), "back to simple_ondemand");
	vt_ok(!vt_teardown(), "both unload");
	return vt_done();
}
