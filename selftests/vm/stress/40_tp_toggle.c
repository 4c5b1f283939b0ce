// SPDX-License-Identifier: GPL-2.0
/*
 * 40_tp_toggle.c - toggle gpugov's tracepoints while three devices run it
 * at 1 ms polling, with a tracefs reader draining the buffer and one
 * device switching governors.
 *
 * Enabling a tracepoint patches its static branch (text_poke_bp()) on a
 * live system; under QEMU 7.2's multi-threaded TCG a vCPU then executes a
 * stale int3 and the guest oopses within seconds, which is why
 * tools/vm/run-qemu.sh runs both vCPUs on one thread (thread=single).
 * This is the test that shows it: with VM_TCG=multi it fails.
 *
 * Runs until 1,000 toggles and at least MIN_S, at most BUDGET_S (scaled
 * to the guest's limit per program, st_budget_ms()): on the
 * stock kernels 40 s give some 2,000-3,000, under the debug kernel's
 * KASAN and lockdep about 20 a second, fewer on a slower host.  The count
 * is a printed figure; what fails the test is a toggle that fails, a
 * device that stops deciding, or (the runner) a kernel report.  The
 * floor, MIN_TOGGLES, only says that the branches were patched back and
 * forth at all.
 */
#include "stress.h"

#define TRACEFS		"/sys/kernel/tracing"
#define ENOUGH_TOGGLES	1000ULL
#define MIN_TOGGLES	20ULL
#define MIN_S		40
#define BUDGET_S	300

enum { C_TOGGLE, C_TOGGLE_BAD, C_TRACE_READ, C_SWITCH, C_SWITCH_BAD };

static void trace_reader(int nap_ms)
{
	static char buf[1 << 16];
	int fd = open(TRACEFS "/trace_pipe", O_RDONLY | O_NONBLOCK);
	ssize_t n;

	if (fd < 0)
		return;
	while (!st_stopping()) {
		n = read(fd, buf, sizeof(buf));
		if (n > 0)
			st_add(C_TRACE_READ, n);
		else
			vt_sleep_ms(nap_ms);
	}
	close(fd);
}

static void switcher(int dev)
{
	unsigned long n = 0;

	while (!st_stopping()) {
		if (vt_set_governor(dev, n++ & 1 ? "simple_ondemand" : "gpugov"))
			st_add(C_SWITCH_BAD, 1);
		else
			st_add(C_SWITCH, 1);
		vt_sleep_ms(3);
	}
}

int main(void)
{
	unsigned long long t0, t, d0[3];
	int d, ok = 1, bad_workers;
	unsigned long n = 0;

	st_init();
	vt_ok(!vt_setup("nr_devices=4"), "modules load, 4 devices");
	for (d = 0; d < 4; d++)
		ok &= !vt_load_blob(d, DATA_DIR "/sweep.blob", 65536) &&
		      !vt_write_str(vt_devfreq(d, "polling_interval"), "1") &&
		      (d == 3 || !vt_set_governor(d, "gpugov")) &&
		      !vt_write_str(vt_simdbg(d, "loop"), "1") &&
		      !vt_write_str(vt_simdbg(d, "run"), "1");
	vt_ok(ok, "devices 0-2 on gpugov, all replaying at 1 ms");
	if (!vt_ok(vt_exists(TRACEFS "/events/gpugov/enable"),
		   "gpugov trace events present"))
		return vt_done();
	st_spawn(trace_reader, 5);
	st_spawn(switcher, 3);
	t0 = st_now_ms();
	do {
		if (vt_write_str(TRACEFS "/events/gpugov/enable",
				 n++ & 1 ? "0" : "1"))
			st_add(C_TOGGLE_BAD, 1);
		else
			st_add(C_TOGGLE, 1);
		t = st_now_ms() - t0;
	} while (t < st_budget_ms(BUDGET_S) &&
		 (t < MIN_S * 1000ULL || st_get(C_TOGGLE) < ENOUGH_TOGGLES));
	vt_write_str(TRACEFS "/events/gpugov/enable", "0");
	bad_workers = st_stop_all();
	vt_diag("tracepoint toggles %llu in %llu ms, failed %llu",
		st_get(C_TOGGLE), t, st_get(C_TOGGLE_BAD));
	vt_diag("trace bytes read %llu; device 3 switches %llu, failed %llu",
		st_get(C_TRACE_READ), st_get(C_SWITCH), st_get(C_SWITCH_BAD));
	vt_ok(!bad_workers, "workers exited cleanly");
	vt_ok(st_get(C_TOGGLE) >= MIN_TOGGLES && !st_get(C_TOGGLE_BAD),
	      "at least %llu toggles, none failed (%llu)", MIN_TOGGLES,
	      st_get(C_TOGGLE));
	vt_ok(st_get(C_TRACE_READ) > 0, "events were traced");
	vt_ok(st_get(C_SWITCH) > 0 && !st_get(C_SWITCH_BAD),
	      "device 3 switched governors throughout");
	ok = 1;
	for (d = 0; d < 3; d++)
		d0[d] = vt_key(vt_govdbg(d, "stats"), "decisions");
	for (d = 0; d < 3; d++)
		ok &= vt_wait_polls(d, 3, 5000) &&
		      vt_key(vt_govdbg(d, "stats"), "decisions") > d0[d];
	vt_ok(ok, "devices 0-2 still decide");
	for (d = 0; d < 4; d++)
		vt_set_governor(d, "simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
