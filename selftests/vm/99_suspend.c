// SPDX-License-Identifier: GPL-2.0
/*
 * 99_suspend.c - suspend/resume: per-device (devfreq_suspend_device) and
 * system-wide (freeze with pm_test=devices, which runs devfreq_suspend()
 * and devfreq_resume() for every device).  Polling stops while
 * suspended and gpugov resumes deciding afterwards.
 *
 * Device 1 runs simple_ondemand throughout, as a control for the system
 * suspend: on the 6.12 guest, polling sometimes did not restart after the
 * freeze, with simple_ondemand as with gpugov (the monitor work of the
 * freezable devfreq_wq).  If neither device polls again, the check is
 * skipped, not failed: the devfreq core did not restart polling.
 */
#include "vmtap.h"

static unsigned long long polls(int dev)
{
	return vt_key(vt_simdbg(dev, "status"), "polls");
}

int main(void)
{
	unsigned long long p0, p1, d0;
	char buf[256];
	int i, bad = 0;
	bool ok;

	vt_ok(!vt_setup("nr_devices=2"), "modules load, 2 devices");
	vt_replay_loop(DATA_DIR "/sweep.blob", 4096);
	vt_ok(!vt_load_blob(1, DATA_DIR "/sweep.blob", 4096) &&
	      !vt_write_str(vt_simdbg(1, "loop"), "1") &&
	      !vt_write_str(vt_simdbg(1, "run"), "1") &&
	      vt_governor_is(1, "simple_ondemand"),
	      "control device 1 replays under simple_ondemand");
	vt_ok(vt_wait_polls(0, 5, 5000), "polling");

	vt_ok(!vt_write_str(vt_simdbg(0, "suspend"), "1"), "device suspended");
	p0 = polls(0);
	vt_sleep_ms(200);
	p1 = polls(0);
	vt_ok(p0 == p1, "no polls while suspended (%llu -> %llu)", p0, p1);
	vt_ok(!vt_write_str(vt_simdbg(0, "suspend"), "0"), "device resumed");
	vt_ok(vt_wait_polls(0, 5, 5000), "polls again after resume");

	for (i = 0; i < 20; i++) {
		if (vt_write_str(vt_simdbg(0, "suspend"), "1") ||
		    vt_write_str(vt_simdbg(0, "suspend"), "0"))
			bad++;
	}
	vt_ok(!bad, "20 suspend/resume cycles");
	d0 = vt_key(vt_govdbg(0, "stats"), "decisions");
	vt_ok(vt_wait_polls(0, 5, 5000) &&
	      vt_key(vt_govdbg(0, "stats"), "decisions") > d0,
	      "gpugov decides after the cycles");

	if (vt_read_line("/sys/power/state", buf, sizeof(buf)) ||
	    !strstr(buf, "freeze") || !vt_exists("/sys/power/pm_test")) {
		vt_ok(1, "system suspend # SKIP no freeze/pm_test in this kernel");
	} else {
		vt_write_str("/sys/module/suspend/parameters/pm_test_delay", "1");
		vt_ok(!vt_write_str("/sys/power/pm_test", "devices"),
		      "pm_test = devices");
		vt_ok(!vt_write_str("/sys/power/state", "freeze"),
		      "system suspend (freeze, devices test) returns");
		vt_write_str("/sys/power/pm_test", "none");
		vt_ok(vt_governor_is(0, "gpugov"), "still on gpugov");
		d0 = vt_key(vt_govdbg(0, "stats"), "decisions");
		p0 = polls(1);
		ok = vt_wait_polls(0, 5, 5000) &&
		     vt_key(vt_govdbg(0, "stats"), "decisions") > d0;
		p1 = polls(1);
		if (!ok && p1 == p0)
			vt_ok(1, "gpugov decides after system resume # SKIP the devfreq core restarted polling on neither device, simple_ondemand's included");
		else
			vt_ok(ok, "gpugov decides after system resume (control device: %llu polls)",
			      p1 - p0);
	}
	vt_ok(vt_key(vt_govdbg(0, "stats"), "errors") == 0, "no poll errors");
	vt_ok(!vt_set_governor(0, "simple_ondemand"), "back to simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
