// SPDX-License-Identifier: GPL-2.0
/*
 * 30_rmmod_race.c - `rmmod gpugov` racing governor switches, `timer`
 * flips, tunable writers and debugfs readers, devices polled every 1 ms.
 *
 * Phase A, gpugov pinned: gpugov_sim's counter sources hold references
 * on gpugov, so every rmmod must be refused (EWOULDBLOCK) while devices
 * 0 and 1 switch between gpugov and simple_ondemand, device 2 stays on
 * gpugov with its `timer` flipped between delayed and deferrable, and
 * tunables and debugfs files of all of them are written and read.
 *
 * Phase B, gpugov free to go: stock devices (no counter source) 0-2
 * switch between gpugov and simple_ondemand; rmmod succeeds whenever no
 * device runs gpugov at that instant, and gpugov is loaded again at once
 * (or by the devfreq core's request_module() for the next switch).  A
 * switch to gpugov while it is going is refused (ENODEV from its START,
 * or EINVAL/ENOENT while it is not registered): counted, not a failure.
 * No timer flips here: timer_store() stops and restarts the governor
 * outside devfreq_list_lock, and an rmmod between the two is a window of
 * the devfreq core that docs/governor.md lists under "Limits".
 */
#include "stress.h"

#define PHASE_S		25

enum { C_SWITCH, C_SWITCH_REFUSED, C_SWITCH_BAD, C_TUN_OK, C_TUN_GONE,
       C_TUN_BAD, C_DBG_READ, C_DBG_BAD, C_TIMER, C_TIMER_BAD, C_RMMOD_OK,
       C_RMMOD_REFUSED, C_RMMOD_BAD, C_RELOAD_BAD };

static void switcher(int dev)
{
	unsigned int seed = 0x27d4eb2fu * (dev + 1);
	unsigned long n = 0;
	int err;

	while (!st_stopping()) {
		err = vt_set_governor(dev, n++ & 1 ? "simple_ondemand" : "gpugov");
		if (!err)
			st_add(C_SWITCH, 1);
		else if (err == -ENODEV || err == -EINVAL || err == -ENOENT)
			st_add(C_SWITCH_REFUSED, 1);
		else
			st_add(C_SWITCH_BAD, 1);
		vt_sleep_ms(st_rand(&seed) % 4);
	}
}

static void writer(int nr_dev)
{
	unsigned int seed = 0x165667b1u + nr_dev;

	while (!st_stopping())
		st_write_tunable(st_rand(&seed) % nr_dev, &seed, C_TUN_OK,
				 C_TUN_GONE, C_TUN_BAD);
}

static void reader(int nr_dev)
{
	int dev = 0, bad;

	while (!st_stopping()) {
		bad = 0;
		st_add(C_DBG_READ, st_read_gov_debugfs(dev, &bad));
		st_add(C_DBG_BAD, bad);
		dev = (dev + 1) % nr_dev;
	}
}

static void timer_flipper(int dev)
{
	unsigned long n = 0;

	while (!st_stopping()) {
		if (vt_write_str(vt_devfreq(dev, "timer"),
				 n++ & 1 ? "delayed" : "deferrable"))
			st_add(C_TIMER_BAD, 1);
		else
			st_add(C_TIMER, 1);
		vt_sleep_ms(2);
	}
}

static bool start_devices(int n, const char *params)
{
	bool ok = !vt_load("gpugov_sim", params);
	int d;

	for (d = 0; ok && d < n; d++)
		ok = !vt_load_blob(d, DATA_DIR "/sweep.blob", 65536) &&
		     !vt_write_str(vt_devfreq(d, "polling_interval"), "1") &&
		     !vt_write_str(vt_simdbg(d, "loop"), "1") &&
		     !vt_write_str(vt_simdbg(d, "run"), "1");
	return ok;
}

/* Unload gpugov_sim, retrying while a reader holds one of its files. */
static int unload_sim(void)
{
	int err, tries;

	for (tries = 0; tries < 200; tries++) {
		err = vt_unload("gpugov_sim");
		if (err != -EWOULDBLOCK)
			break;
		vt_sleep_ms(5);
	}
	return err;
}

static void report(const char *phase)
{
	vt_diag("%s: switches %llu, refused %llu, failed %llu", phase,
		st_get(C_SWITCH), st_get(C_SWITCH_REFUSED), st_get(C_SWITCH_BAD));
	vt_diag("%s: rmmod gpugov: %llu unloaded, %llu refused, %llu other errors, %llu reload failures",
		phase, st_get(C_RMMOD_OK), st_get(C_RMMOD_REFUSED),
		st_get(C_RMMOD_BAD), st_get(C_RELOAD_BAD));
	vt_diag("%s: tunable writes %llu as expected, %llu found no gpugov, %llu wrong",
		phase, st_get(C_TUN_OK), st_get(C_TUN_GONE), st_get(C_TUN_BAD));
	vt_diag("%s: debugfs reads %llu, failed %llu; timer flips %llu, failed %llu",
		phase, st_get(C_DBG_READ), st_get(C_DBG_BAD), st_get(C_TIMER),
		st_get(C_TIMER_BAD));
}

int main(void)
{
	unsigned long long t0;
	int d, err, bad_workers;

	st_init();
	vt_ok(!vt_load_ondemand() && !vt_load("gpugov", NULL),
	      "simple_ondemand and gpugov load");

	/* ---- phase A ---- */
	vt_ok(start_devices(3, "nr_devices=3"), "3 devices with counter sources");
	vt_ok(!vt_set_governor(2, "gpugov"), "device 2 on gpugov");
	st_spawn(switcher, 0);
	st_spawn(switcher, 1);
	st_spawn(timer_flipper, 2);
	st_spawn(writer, 3);
	st_spawn(reader, 3);
	t0 = st_now_ms();
	while (st_now_ms() - t0 < PHASE_S * 1000ULL) {
		err = vt_unload("gpugov");
		st_add(err == -EWOULDBLOCK ? C_RMMOD_REFUSED :
		       err ? C_RMMOD_BAD : C_RMMOD_OK, 1);
		vt_sleep_ms(1);
	}
	bad_workers = st_stop_all();
	report("phase A");
	vt_ok(!bad_workers, "phase A: workers exited cleanly");
	vt_ok(st_get(C_RMMOD_REFUSED) > 0 && !st_get(C_RMMOD_OK) &&
	      !st_get(C_RMMOD_BAD), "phase A: every rmmod refused (%llu)",
	      st_get(C_RMMOD_REFUSED));
	vt_ok(st_get(C_SWITCH) > 0 && !st_get(C_SWITCH_REFUSED) &&
	      !st_get(C_SWITCH_BAD), "phase A: every switch worked (%llu)",
	      st_get(C_SWITCH));
	vt_ok(st_get(C_TIMER) > 0 && !st_get(C_TIMER_BAD),
	      "phase A: timer flips worked (%llu)", st_get(C_TIMER));
	vt_ok(!st_get(C_TUN_BAD) && !st_get(C_DBG_BAD),
	      "phase A: tunable writes and debugfs reads behaved");
	vt_ok(vt_wait_polls(2, 5, 5000) &&
	      vt_key(vt_govdbg(2, "stats"), "decisions") > 0,
	      "phase A: device 2 still decides on gpugov");
	for (d = 0; d < 3; d++)
		vt_set_governor(d, "simple_ondemand");
	vt_ok(!unload_sim(), "gpugov_sim unloaded");
	memset(st->count, 0, sizeof(st->count));

	/* ---- phase B ---- */
	vt_ok(start_devices(3, "nr_devices=3 stock=1"), "3 stock devices");
	for (d = 0; d < 3; d++)
		st_spawn(switcher, d);
	st_spawn(writer, 3);
	st_spawn(reader, 3);
	t0 = st_now_ms();
	while (st_now_ms() - t0 < PHASE_S * 1000ULL) {
		err = vt_unload("gpugov");
		if (!err) {
			st_add(C_RMMOD_OK, 1);
			err = vt_load("gpugov", NULL);
			if (err && err != -EEXIST)
				st_add(C_RELOAD_BAD, 1);
		} else {
			st_add(err == -EWOULDBLOCK ? C_RMMOD_REFUSED :
			       err == -ENOENT ? C_RMMOD_OK : C_RMMOD_BAD, 1);
		}
		vt_sleep_ms(1);
	}
	bad_workers = st_stop_all();
	report("phase B");
	vt_ok(!bad_workers, "phase B: workers exited cleanly");
	vt_ok(st_get(C_RMMOD_OK) > 0 && st_get(C_RMMOD_REFUSED) > 0 &&
	      !st_get(C_RMMOD_BAD) && !st_get(C_RELOAD_BAD),
	      "phase B: rmmod both succeeded (%llu) and was refused (%llu), nothing else",
	      st_get(C_RMMOD_OK), st_get(C_RMMOD_REFUSED));
	vt_ok(st_get(C_SWITCH) > 0 && !st_get(C_SWITCH_BAD),
	      "phase B: switches worked or were refused while gpugov went");
	vt_ok(!st_get(C_TUN_BAD) && !st_get(C_DBG_BAD),
	      "phase B: tunable writes and debugfs reads behaved");
	if (!vt_module_loaded("gpugov"))
		vt_load("gpugov", NULL);
	vt_ok(!vt_set_governor(0, "gpugov") && vt_wait_polls(0, 5, 5000) &&
	      vt_key(vt_govdbg(0, "stats"), "decisions") > 0,
	      "gpugov works after the race");
	for (d = 0; d < 3; d++)
		vt_set_governor(d, "simple_ondemand");
	vt_ok(!unload_sim() && !vt_unload("gpugov"), "teardown");
	return vt_done();
}
