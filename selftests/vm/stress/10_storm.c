// SPDX-License-Identifier: GPL-2.0
/*
 * 10_storm.c - a storm of governor switches (up to 10,000) on several
 * devices polled every 1 ms, with concurrent tunable writers, debugfs
 * readers, `timer` flips and suspend/resume cycles.
 *
 * Six gpugov_sim devices replay the sweep trace in a loop at 1 ms:
 *   0-3  one switcher process each, cycling through every governor the
 *        kernel offers of gpugov, simple_ondemand, performance, powersave
 *        and userspace (governor_store(), under devfreq_list_lock);
 *   4    stays on gpugov, its `timer` flipped between delayed and
 *        deferrable (each flip stops and restarts gpugov on it);
 *   5    stays on gpugov, suspended and resumed.
 * Two writers hit random gpugov tunables of random devices with valid and
 * invalid values, two readers read every gpugov debugfs file of every
 * device.
 *
 * Why the timer flips and the suspends get devices of their own: the
 * devfreq core runs timer_store() and devfreq_suspend_device()/
 * devfreq_resume_device() without devfreq_list_lock, and its monitor
 * helpers cancel the monitor work (cancel_delayed_work_sync()) after
 * dropping devfreq->lock, while devfreq_monitor_start() re-initialises
 * that work under it.  With flips and suspends on switched devices too,
 * the 6.12 guest warned "workqueue: work disable count underflowed"
 * (cancel_delayed_work_sync() from simple_ondemand's STOP in
 * governor_store()) and left a device on gpugov with no polling; on 6.1
 * a flip racing a switch to gpugov STARTed gpugov twice without a STOP
 * ("cannot create duplicate filename"), which gpugov now prevents by
 * serialising its START and STOP (gpugov_main.c).  The rest are races of
 * the core between governors' STOP/START, not of gpugov.
 *
 * Devices found idle after the storm are reported; every device must
 * then decide again under gpugov after a switch away and back (a fresh
 * STOP/START).
 *
 * Runs until 10,000 switches and at least 20 s, at most BUDGET_S scaled to
 * the guest's limit per program (st_budget_ms(): 540 s of 600, 810 s of
 * the debug kernel's 900).  The switch rate under TCG is the host's:
 * under the debug kernel's KASAN and lockdep about 20/s, and 8/s on a
 * slower host (4,445 switches in 540 s).  So the counts are printed
 * figures, and what passes or fails is what the storm is for: a switch
 * that fails, a worker that dies, a device that no longer decides, and
 * (the runner) any kernel report.  The one count required is a floor,
 * MIN_PER_SWITCHER on each switcher device, a few rounds of the
 * governors: a device that stopped switching, not a slow host (the
 * slowest measured makes 40 a device in the first MIN_S).
 */
#include "stress.h"

#define NR_DEV		6
#define NR_SWITCHERS	4
#define DEV_TIMER	4
#define DEV_SUSPEND	5
#define ENOUGH_SWITCHES	10000ULL
#define MIN_PER_SWITCHER	20ULL
#define MIN_S		20
#define BUDGET_S	540

/* C_SWITCH + dev: the switches of switcher device dev */
enum { C_SWITCH_BAD, C_TUN_OK, C_TUN_GONE, C_TUN_BAD, C_DBG_READ,
       C_DBG_BAD, C_TIMER, C_TIMER_BAD, C_SUSPEND, C_SUSPEND_BAD, C_SWITCH };
_Static_assert(C_SWITCH + NR_SWITCHERS <= ST_MAX_COUNTERS, "st_shared counters");

static const char *govs[8];
static int nr_govs;

static void switcher(int dev)
{
	unsigned int seed = 0x9e3779b9u * (dev + 1);
	int i = dev;

	while (!st_stopping()) {
		/* Mostly round robin, sometimes a random jump. */
		i = st_rand(&seed) % 4 ? i + 1 : (int)(st_rand(&seed) % nr_govs);
		if (vt_set_governor(dev, govs[i % nr_govs]))
			st_add(C_SWITCH_BAD, 1);
		else
			st_add(C_SWITCH + dev, 1);
	}
}

static unsigned long long switches(void)
{
	unsigned long long n = 0;
	int d;

	for (d = 0; d < NR_SWITCHERS; d++)
		n += st_get(C_SWITCH + d);
	return n;
}

static void tunable_writer(int id)
{
	unsigned int seed = 0x85ebca6bu * (id + 1);

	while (!st_stopping()) {
		st_write_tunable(st_rand(&seed) % NR_DEV, &seed, C_TUN_OK,
				 C_TUN_GONE, C_TUN_BAD);
		vt_sleep_ms(1);
	}
}

static void debugfs_reader(int id)
{
	int dev = id, bad;

	while (!st_stopping()) {
		bad = 0;
		st_add(C_DBG_READ, st_read_gov_debugfs(dev, &bad));
		st_add(C_DBG_BAD, bad);
		dev = (dev + 1) % NR_DEV;
		vt_sleep_ms(1);
	}
}

static void timer_failed(int dev, int err)
{
	if (st_get(C_TIMER_BAD) < 3)
		vt_diag("device %d: timer write failed: %s", dev, strerror(-err));
	st_add(C_TIMER_BAD, 1);
}

static void timer_flipper(int dev)
{
	unsigned long n = 0;
	int err;

	while (!st_stopping()) {
		err = vt_write_str(vt_devfreq(dev, "timer"),
				   n++ & 1 ? "delayed" : "deferrable");
		if (!err)
			st_add(C_TIMER, 1);
		else
			timer_failed(dev, err);
		vt_sleep_ms(2);
	}
}

static void suspender(int dev)
{
	while (!st_stopping()) {
		if (vt_write_str(vt_simdbg(dev, "suspend"), "1") ||
		    vt_write_str(vt_simdbg(dev, "suspend"), "0"))
			st_add(C_SUSPEND_BAD, 1);
		else
			st_add(C_SUSPEND, 1);
		vt_sleep_ms(5);
	}
}

int main(void)
{
	static const char *const want[] = { "gpugov", "simple_ondemand",
		"performance", "powersave", "userspace" };
	unsigned long long t0, t, polls[NR_DEV], fewest;
	int d, bad_workers, ok = 1;
	char buf[256];

	st_init();
	vt_ok(!vt_setup("nr_devices=6"), "modules load, %d devices", NR_DEV);
	for (d = 0; d < NR_DEV; d++)
		ok &= !vt_load_blob(d, DATA_DIR "/sweep.blob", 65536) &&
		      !vt_write_str(vt_devfreq(d, "polling_interval"), "1") &&
		      !vt_write_str(vt_simdbg(d, "loop"), "1") &&
		      !vt_write_str(vt_simdbg(d, "run"), "1");
	vt_ok(ok, "all replay in a loop, polled every 1 ms");
	nr_govs = st_governors(want, 5, govs);
	buf[0] = 0;
	for (d = 0; d < nr_govs; d++)
		snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), " %s",
			 govs[d]);
	vt_ok(nr_govs >= 2, "switching among%s", buf);
	vt_ok(!vt_set_governor(DEV_TIMER, "gpugov") &&
	      !vt_set_governor(DEV_SUSPEND, "gpugov"),
	      "devices %d and %d on gpugov", DEV_TIMER, DEV_SUSPEND);

	t0 = st_now_ms();
	for (d = 0; d < NR_SWITCHERS; d++)
		st_spawn(switcher, d);
	st_spawn(tunable_writer, 0);
	st_spawn(tunable_writer, 1);
	st_spawn(debugfs_reader, 0);
	st_spawn(debugfs_reader, 3);
	st_spawn(timer_flipper, DEV_TIMER);
	st_spawn(suspender, DEV_SUSPEND);
	do {
		vt_sleep_ms(500);
		t = st_now_ms() - t0;
	} while (t < st_budget_ms(BUDGET_S) &&
		 (t < MIN_S * 1000ULL || switches() < ENOUGH_SWITCHES));
	bad_workers = st_stop_all();
	t = st_now_ms() - t0;

	vt_diag("storm ran %llu ms", t);
	vt_diag("switches %llu (%llu/s), failed %llu", switches(),
		switches() * 1000 / (t ? t : 1), st_get(C_SWITCH_BAD));
	buf[0] = 0;
	fewest = ~0ULL;
	for (d = 0; d < NR_SWITCHERS; d++) {
		snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), " %llu",
			 st_get(C_SWITCH + d));
		if (st_get(C_SWITCH + d) < fewest)
			fewest = st_get(C_SWITCH + d);
	}
	vt_diag("switches per device 0-%d:%s", NR_SWITCHERS - 1, buf);
	vt_diag("tunable writes: %llu as expected, %llu found gpugov off the device, %llu wrong",
		st_get(C_TUN_OK), st_get(C_TUN_GONE), st_get(C_TUN_BAD));
	vt_diag("debugfs reads %llu, failed %llu", st_get(C_DBG_READ),
		st_get(C_DBG_BAD));
	vt_diag("timer flips %llu, failed %llu", st_get(C_TIMER),
		st_get(C_TIMER_BAD));
	vt_diag("suspend/resume cycles %llu, failed %llu", st_get(C_SUSPEND),
		st_get(C_SUSPEND_BAD));
	vt_ok(!bad_workers, "every worker exited cleanly");
	vt_ok(fewest >= MIN_PER_SWITCHER,
	      "every switcher device kept switching: at least %llu each (fewest %llu)",
	      MIN_PER_SWITCHER, fewest);
	vt_ok(!st_get(C_SWITCH_BAD), "no switch failed");
	vt_ok(st_get(C_TUN_OK) > 0 && !st_get(C_TUN_BAD),
	      "tunable writes: valid ones accepted, invalid ones refused");
	vt_ok(st_get(C_DBG_READ) > 0 && !st_get(C_DBG_BAD), "debugfs reads succeed");
	vt_ok(st_get(C_TIMER) > 0 && !st_get(C_TIMER_BAD), "timer flips succeed");
	vt_ok(st_get(C_SUSPEND) > 0 && !st_get(C_SUSPEND_BAD),
	      "suspend/resume cycles succeed");

	/* Which devices still poll as the storm left them? */
	for (d = 0; d < NR_DEV; d++) {
		char gov[64] = "";

		vt_read_line(vt_devfreq(d, "governor"), gov, sizeof(gov));
		if (!vt_wait_polls(d, 3, 3000))
			vt_diag("device %d (%s) no longer polled after the storm",
				d, gov);
	}
	/* Afterwards every device works under gpugov and polls. */
	ok = 1;
	for (d = 0; d < NR_DEV; d++) {
		ok &= !vt_set_governor(d, "simple_ondemand") &&
		      !vt_set_governor(d, "gpugov");
		polls[d] = vt_key(vt_govdbg(d, "stats"), "decisions");
	}
	for (d = 0; d < NR_DEV; d++)
		ok &= vt_wait_polls(d, 5, 10000) &&
		      vt_key(vt_govdbg(d, "stats"), "decisions") > polls[d] &&
		      vt_key(vt_govdbg(d, "stats"), "errors") == 0;
	vt_ok(ok, "all %d devices decide under gpugov afterwards", NR_DEV);
	for (d = 0; d < NR_DEV; d++)
		vt_set_governor(d, "simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
	vt_ok(!vt_module_loaded("gpugov") && !vt_module_loaded("gpugov_sim"),
	      "both modules gone");
	return vt_done();
}
