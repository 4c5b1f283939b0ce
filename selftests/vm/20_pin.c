// SPDX-License-Identifier: GPL-2.0
/*
 * 20_pin.c - gpugov pins its module while a device uses it: rmmod is
 * refused as in use (EWOULDBLOCK), the device keeps running, and once no device uses
 * gpugov it unloads and loads again cleanly (the devfreq core takes no
 * module reference of its own; an unpinned governor crashes the next
 * governor registration).
 */
#include "vmtap.h"

static unsigned long long refcnt(void)
{
	unsigned long long v = ~0ULL;
	char buf[64];

	if (!vt_read_line("/sys/module/gpugov/refcnt", buf, sizeof(buf)))
		v = strtoull(buf, NULL, 10);
	return v;
}

int main(void)
{
	/* Stock: the sim holds no reference on gpugov's symbols. */
	vt_ok(!vt_setup("stock=1 nr_devices=2"), "modules load (stock sim)");
	vt_ok(refcnt() == 0, "refcnt 0 while unused");
	vt_ok(!vt_set_governor(0, "gpugov"), "device 0 -> gpugov");
	vt_ok(refcnt() == 1, "refcnt 1 with one device");
	vt_ok(!vt_set_governor(1, "gpugov"), "device 1 -> gpugov");
	vt_ok(refcnt() == 2, "refcnt 2 with two devices");
	vt_ok(vt_unload("gpugov") == -EWOULDBLOCK,
	      "rmmod gpugov refused: in use (EWOULDBLOCK)");
	vt_ok(vt_module_loaded("gpugov") && vt_governor_is(0, "gpugov"),
	      "gpugov still loaded and in use");
	vt_ok(vt_wait_polls(0, 3, 5000), "device still polled after refused rmmod");
	vt_ok(!vt_set_governor(0, "simple_ondemand"), "device 0 -> simple_ondemand");
	vt_ok(vt_unload("gpugov") == -EWOULDBLOCK,
	      "still refused with device 1 on gpugov");
	vt_ok(!vt_write_str(vt_devfreq(1, "timer"), "deferrable") &&
	      !vt_write_str(vt_devfreq(1, "timer"), "delayed"),
	      "timer attribute switches (STOP/START) keep the pin balanced");
	vt_ok(refcnt() == 1, "refcnt 1 after timer switches");
	vt_ok(!vt_set_governor(1, "simple_ondemand"), "device 1 -> simple_ondemand");
	vt_ok(refcnt() == 0, "refcnt back to 0");
	vt_ok(!vt_unload("gpugov"), "rmmod gpugov succeeds once unused");
	vt_ok(!vt_exists(DEBUGFS_GOV), "its debugfs is gone");
	vt_ok(!vt_load("gpugov", NULL), "gpugov registers again after rmmod");
	vt_ok(!vt_set_governor(0, "gpugov") && vt_wait_polls(0, 3, 5000),
	      "and runs again");

	/* Removing the device while gpugov runs on it drops the pin too. */
	vt_ok(!vt_unload("gpugov_sim"), "rmmod gpugov_sim while on gpugov");
	vt_ok(refcnt() == 0, "refcnt 0 after its devices went away");
	vt_ok(!vt_unload("gpugov"), "rmmod gpugov");

	/* A registered counter source holds gpugov until unregistered. */
	vt_ok(!vt_setup(NULL), "modules load (sim with counter source)");
	vt_ok(vt_unload("gpugov") == -EWOULDBLOCK, "source registered: rmmod refused");
	vt_ok(!vt_write_str(vt_simdbg(0, "stock"), "1"), "sim -> stock");
	vt_ok(!vt_unload("gpugov"), "rmmod gpugov after source unregistered");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
