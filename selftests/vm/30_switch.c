// SPDX-License-Identifier: GPL-2.0
/*
 * 30_switch.c - 200 switches between gpugov and simple_ondemand while the
 * device is polled and replaying a trace, with the sysfs and debugfs
 * files read in between.
 */
#include "vmtap.h"

int main(void)
{
	char buf[8192];
	int i, bad_switch = 0, bad_read = 0, bad_poll = 0;
	unsigned long long polls0, polls1;

	vt_ok(!vt_setup(NULL), "modules load");
	vt_ok(!vt_load_blob(0, DATA_DIR "/sweep.blob", 4096), "trace loaded");
	vt_ok(!vt_write_str(vt_simdbg(0, "loop"), "1") &&
	      !vt_write_str(vt_simdbg(0, "run"), "1"), "replay running, looping");
	vt_ok(!vt_write_str(vt_devfreq(0, "polling_interval"), "1"),
	      "polling every 1 ms");
	polls0 = vt_key(vt_simdbg(0, "status"), "polls");
	for (i = 0; i < 200; i++) {
		const char *gov = i % 2 ? "simple_ondemand" : "gpugov";

		if (vt_set_governor(0, gov) || !vt_governor_is(0, gov)) {
			bad_switch++;
			continue;
		}
		if (i % 2)
			continue;
		if (vt_read(vt_tunable(0, "objective"), buf, sizeof(buf)) <= 0 ||
		    vt_read(vt_govdbg(0, "opps"), buf, sizeof(buf)) <= 0 ||
		    vt_read(vt_govdbg(0, "stats"), buf, sizeof(buf)) <= 0)
			bad_read++;
		/* Every tenth time, let gpugov poll before switching away. */
		if (i % 10 == 0 && !vt_wait_polls(0, 1, 2000))
			bad_poll++;
	}
	vt_ok(!bad_switch, "200 governor switches (%d failed)", bad_switch);
	vt_ok(!bad_read, "gpugov files readable after each switch (%d failed)",
	      bad_read);
	polls1 = vt_key(vt_simdbg(0, "status"), "polls");
	vt_ok(!bad_poll && polls1 >= polls0 + 20,
	      "gpugov polled between switches (%llu polls)", polls1 - polls0);
	vt_ok(vt_governor_is(0, "simple_ondemand"), "ends on simple_ondemand");
	vt_ok(!vt_exists(SYSFS_DEVFREQ "/" SIM_DEV "0/gpugov"),
	      "gpugov sysfs group removed with gpugov stopped");
	vt_ok(!vt_exists(DEBUGFS_GOV "/" SIM_DEV "0"),
	      "gpugov debugfs dir removed with gpugov stopped");
	vt_ok(!vt_set_governor(0, "gpugov") && vt_wait_polls(0, 5, 5000),
	      "gpugov runs after the switching");
	vt_ok(vt_key(vt_govdbg(0, "stats"), "decisions") > 0,
	      "and decides");
	vt_ok(!vt_set_governor(0, "simple_ondemand"), "back to simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
