// SPDX-License-Identifier: GPL-2.0
/*
 * 20_modcycle.c - up to 100 load/unload cycles of gpugov and
 * gpugov_sim, with device removal while gpugov runs.
 *
 * Each cycle loads gpugov, then gpugov_sim with two devices that start
 * on gpugov and are polled every 1 ms (odd cycles: stock devices, no
 * counter source), lets gpugov decide, and then:
 *   - `rmmod gpugov` must be refused (EWOULDBLOCK: the devices pin it);
 *   - even cycles: unload gpugov_sim while its devices run gpugov (the
 *     devfreq devices are removed under the governor), then gpugov;
 *   - odd cycles: switch the devices to simple_ondemand, unload gpugov
 *     with gpugov_sim still loaded (the stock devices hold no reference),
 *     load it again, switch back, and unload gpugov_sim under it.
 * A reader process reads gpugov's debugfs files and a writer writes its
 * tunables throughout, so the removals race them.  Afterwards gpugov's
 * reference count is 0 and both modules are gone.
 *
 * Runs CYCLES cycles or until BUDGET_S (scaled to the guest's limit per
 * program, st_budget_ms()) is spent.  How many fit is the host's speed
 * (the debug kernel on a slower host under TCG: 68 in 150 s), so the
 * count is a printed figure; what fails the test is a step that fails, a
 * cycle that does not run to its end, or (the runner) a kernel report.
 * The floor, MIN_CYCLES, is two cycles of each kind: missing it means
 * cycles of over 35 s each (the slowest host seen took 2.2 s), a hang,
 * not a slow host.
 */
#include "stress.h"

#define CYCLES		100
#define MIN_CYCLES	4
#define BUDGET_S	150

enum { C_CYCLE, C_REFUSED, C_REMOVAL, C_UNLOAD_GOV, C_TUN_OK, C_TUN_GONE,
       C_TUN_BAD, C_DBG_READ, C_DBG_BAD, C_FAIL };

static void reader(int id)
{
	int bad;

	while (!st_stopping()) {
		bad = 0;
		if (vt_module_loaded("gpugov_sim")) {
			st_add(C_DBG_READ, st_read_gov_debugfs(id & 1, &bad));
			st_add(C_DBG_BAD, bad);
		}
		id++;
		vt_sleep_ms(1);
	}
}

static void writer(int id)
{
	unsigned int seed = 0xc2b2ae35u;

	while (!st_stopping()) {
		st_write_tunable(id++ & 1, &seed, C_TUN_OK, C_TUN_GONE, C_TUN_BAD);
		vt_sleep_ms(1);
	}
}

/*
 * rmmod that allows for a reader: an open debugfs file pins its module
 * for the moment it is open, so EWOULDBLOCK is retried briefly.
 */
static int unload(const char *name)
{
	int err, tries;

	for (tries = 0; tries < 200; tries++) {
		err = vt_unload(name);
		if (err != -EWOULDBLOCK)
			break;
		vt_sleep_ms(5);
	}
	return err;
}

/* A failed step of cycle @i: count it and say which (first few only). */
static bool step(bool ok, int i, const char *what)
{
	if (!ok) {
		if (st_get(C_FAIL) < 5)
			vt_diag("cycle %d: %s failed", i, what);
		st_add(C_FAIL, 1);
	}
	return ok;
}

static bool on_gpugov_and_deciding(int i)
{
	return step(vt_governor_is(0, "gpugov") && vt_governor_is(1, "gpugov"),
		    i, "devices start on gpugov") &&
	       step(vt_wait_polls(0, 2, 5000) && vt_wait_polls(1, 2, 5000) &&
		    vt_key(vt_govdbg(0, "stats"), "decisions") > 0,
		    i, "gpugov decides");
}

static void cycle(int i)
{
	bool stock = i & 1;
	int err;

	if (!step(!vt_load("gpugov", NULL), i, "load gpugov"))
		return;
	if (!step(!vt_load("gpugov_sim", stock ?
			   "nr_devices=2 governor=gpugov polling_ms=1 stock=1" :
			   "nr_devices=2 governor=gpugov polling_ms=1"),
		  i, "load gpugov_sim")) {
		vt_unload("gpugov");
		return;
	}
	on_gpugov_and_deciding(i);
	err = vt_unload("gpugov");
	if (step(err == -EWOULDBLOCK, i, "rmmod gpugov refused"))
		st_add(C_REFUSED, 1);
	if (stock) {
		step(!vt_set_governor(0, "simple_ondemand") &&
		     !vt_set_governor(1, "simple_ondemand"), i,
		     "devices -> simple_ondemand");
		if (step(!unload("gpugov"), i, "rmmod gpugov, sim loaded"))
			st_add(C_UNLOAD_GOV, 1);
		step(!vt_load("gpugov", NULL), i, "reload gpugov");
		step(!vt_set_governor(0, "gpugov") &&
		     !vt_set_governor(1, "gpugov"), i, "devices -> gpugov");
		on_gpugov_and_deciding(i);
	}
	if (step(!unload("gpugov_sim"), i, "rmmod gpugov_sim under gpugov"))
		st_add(C_REMOVAL, 2);
	if (step(!unload("gpugov"), i, "rmmod gpugov"))
		st_add(C_UNLOAD_GOV, 1);
	st_add(C_CYCLE, 1);
}

int main(void)
{
	unsigned long long t0, t;
	int i, bad_workers;
	unsigned long long started;

	st_init();
	vt_ok(!vt_load_ondemand(), "simple_ondemand available");
	t0 = st_now_ms();
	st_spawn(reader, 0);
	st_spawn(writer, 0);
	for (i = 0; i < CYCLES && st_now_ms() - t0 < st_budget_ms(BUDGET_S); i++)
		cycle(i);
	started = i;
	bad_workers = st_stop_all();
	t = st_now_ms() - t0;
	vt_diag("%llu load/unload cycles in %llu ms", st_get(C_CYCLE), t);
	vt_diag("gpugov unloads %llu, refused rmmods %llu, device removals under gpugov %llu",
		st_get(C_UNLOAD_GOV), st_get(C_REFUSED), st_get(C_REMOVAL));
	vt_diag("tunable writes: %llu as expected, %llu found no gpugov, %llu wrong",
		st_get(C_TUN_OK), st_get(C_TUN_GONE), st_get(C_TUN_BAD));
	vt_diag("debugfs reads %llu, failed %llu", st_get(C_DBG_READ),
		st_get(C_DBG_BAD));
	vt_ok(!bad_workers, "every worker exited cleanly");
	vt_ok(st_get(C_CYCLE) == started && started >= MIN_CYCLES,
	      "every cycle ran to its end, at least %d (%llu of %llu)", MIN_CYCLES,
	      st_get(C_CYCLE), started);
	vt_ok(!st_get(C_FAIL), "every step of every cycle worked (%llu failed)",
	      st_get(C_FAIL));
	vt_ok(st_get(C_REFUSED) == st_get(C_CYCLE),
	      "rmmod gpugov refused while devices run it, every cycle");
	vt_ok(!st_get(C_TUN_BAD) && !st_get(C_DBG_BAD),
	      "tunable writes and debugfs reads behaved");
	vt_ok(!vt_module_loaded("gpugov") && !vt_module_loaded("gpugov_sim"),
	      "both modules gone");
	return vt_done();
}
