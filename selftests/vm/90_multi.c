// SPDX-License-Identifier: GPL-2.0
/*
 * 90_multi.c - two simulated GPUs at once, each on gpugov with its own
 * trace and settings, plus a third on simple_ondemand: settings stay per
 * device and both replays run to the end.
 */
#include "vmtap.h"

static bool reads(int dev, const char *file, const char *want)
{
	char buf[128];

	return !vt_read_line(vt_tunable(dev, file), buf, sizeof(buf)) &&
	       !strcmp(buf, want);
}

static int opp_rows(int dev)
{
	static char buf[8192];
	int n = 0;
	char *p;

	if (vt_read(vt_govdbg(dev, "opps"), buf, sizeof(buf)) <= 0)
		return -1;
	for (p = buf; (p = strchr(p, '\n')); p++)
		n++;
	return n - 1;
}

int main(void)
{
	int d;

	vt_ok(!vt_setup("nr_devices=3"), "modules load, 3 devices");
	vt_ok(!vt_load_blob(0, DATA_DIR "/sweep.blob", 4096) &&
	      !vt_load_blob(1, DATA_DIR "/short.blob", 1000) &&
	      !vt_load_blob(2, DATA_DIR "/short.blob", 65536),
	      "different traces loaded");
	vt_ok(!vt_set_governor(0, "gpugov") && !vt_set_governor(1, "gpugov"),
	      "devices 0 and 1 -> gpugov");
	vt_ok(vt_governor_is(2, "simple_ondemand"), "device 2 on simple_ondemand");
	vt_ok(!vt_write_str(vt_tunable(0, "objective"), "edp") &&
	      !vt_write_str(vt_tunable(0, "hysteresis"), "0") &&
	      !vt_write_str(vt_tunable(0, "predictor"), "crisp"),
	      "device 0: crisp, edp, hysteresis 0");
	vt_ok(!vt_write_str(vt_tunable(1, "objective"), "energy") &&
	      !vt_write_str(vt_tunable(1, "max_slowdown"), "5") &&
	      !vt_write_str(vt_tunable(1, "hysteresis"), "10") &&
	      !vt_write_str(vt_tunable(1, "predictor"), "stall"),
	      "device 1: stall, energy, max_slowdown 5, hysteresis 10");
	vt_ok(!vt_write_str(vt_simdbg(1, "stock"), "1"), "device 1 stock");
	for (d = 0; d < 3; d++)
		vt_write_str(vt_simdbg(d, "run"), "1");
	vt_ok(vt_wait_done(0, 60000) && vt_wait_done(1, 60000) &&
	      vt_wait_done(2, 60000), "all three replays finish");
	vt_ok(vt_key(vt_simdbg(0, "status"), "consumed") == 300 &&
	      vt_key(vt_simdbg(1, "status"), "consumed") == 40,
	      "each consumed its own trace (300 and 40 segments)");
	vt_ok(reads(0, "objective", "edp") && reads(0, "hysteresis", "0") &&
	      reads(0, "predictor", "crisp"), "device 0 settings kept");
	vt_ok(reads(1, "objective", "energy") && reads(1, "hysteresis", "10") &&
	      reads(1, "max_slowdown", "5") && reads(1, "predictor", "stall"),
	      "device 1 settings kept");
	vt_ok(opp_rows(0) == 7 && opp_rows(1) == 5, "OPP tables 7 and 5 entries");
	vt_ok(vt_key(vt_govdbg(0, "stats"), "source_samples") > 0 &&
	      vt_key(vt_govdbg(1, "stats"), "source_samples") == 0,
	      "device 0 has counters, device 1 busy/total only");
	vt_ok(!vt_exists(DEBUGFS_GOV "/" SIM_DEV "2"), "no gpugov state for device 2");
	vt_ok(!vt_write_str(vt_tunable(0, "hysteresis"), "33") &&
	      reads(1, "hysteresis", "10"), "a change on device 0 leaves device 1");
	vt_ok(!vt_set_governor(0, "simple_ondemand") &&
	      vt_governor_is(1, "gpugov") &&
	      vt_key(vt_govdbg(1, "stats"), "decisions") > 0,
	      "device 0 leaves gpugov, device 1 keeps it");
	vt_ok(!vt_set_governor(1, "simple_ondemand"), "device 1 -> simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
