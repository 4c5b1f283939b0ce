// SPDX-License-Identifier: GPL-2.0
/*
 * 70_stock.c - a device without a counter source (an unmodified driver)
 * gets decisions from devfreq busy/total alone through the busy-only
 * model, says so in debugfs, and switches models when a source comes and
 * goes at run time.
 */
#include "vmtap.h"

static bool used_is(const char *model)
{
	char buf[4096], want[80];

	snprintf(want, sizeof(want), "predictor_used %s\n", model);
	return vt_read(vt_govdbg(0, "decision"), buf, sizeof(buf)) > 0 &&
	       strstr(buf, want);
}

int main(void)
{
	unsigned long long d0, f0, s0;
	char st[4096];

	vt_ok(!vt_setup("stock=1"), "modules load, sim stock");
	vt_ok(vt_key(vt_simdbg(0, "status"), "source") == 0, "no source");
	vt_replay_loop(DATA_DIR "/sweep.blob", 4096);
	vt_ok(vt_wait_polls(0, 10, 10000), "10 polls");
	vt_ok(vt_key(vt_govdbg(0, "sample"), "caps") == 0,
	      "sample has no counters (caps 0)");
	vt_ok(vt_key(vt_govdbg(0, "sample"), "busy_ns") > 0,
	      "busy time from devfreq busy/total");
	vt_ok(used_is("busy"), "busy-only model in use");
	vt_ok(vt_key(vt_govdbg(0, "decision"), "fallback") == 1,
	      "decision reports the fallback");
	vt_ok(vt_key(vt_govdbg(0, "stats"), "source_samples") == 0,
	      "no source samples");
	vt_ok(vt_read(vt_govdbg(0, "stats"), st, sizeof(st)) > 0, "stats read");
	d0 = vt_snap_key(st, "decisions");
	f0 = vt_snap_key(st, "fallbacks");
	vt_ok(d0 > 0 && f0 == d0, "every decision a fallback (%llu/%llu)", f0,
	      d0);

	vt_ok(!vt_write_str(vt_simdbg(0, "stock"), "0"), "source registered");
	vt_ok(vt_wait_polls(0, 5, 10000), "5 more polls");
	s0 = vt_key(vt_govdbg(0, "stats"), "source_samples");
	vt_ok(s0 > 0, "samples now come from the source (%llu)", s0);
	vt_ok(used_is("crisp") && vt_key(vt_govdbg(0, "decision"), "fallback") == 0,
	      "configured model crisp in use, no fallback");
	vt_ok(vt_key(vt_govdbg(0, "sample"), "caps") != 0, "sample has counters");
	vt_ok(vt_key(vt_govdbg(0, "decision"), "bounded") == 0,
	      "CRISP's times are estimates, not bounds (bounded 0)");

	vt_ok(!vt_write_str(vt_simdbg(0, "stock"), "1"), "source unregistered");
	vt_ok(vt_wait_polls(0, 5, 10000), "5 more polls");
	vt_ok(used_is("busy"), "back to the busy-only model");
	vt_ok(vt_key(vt_govdbg(0, "stats"), "errors") == 0, "no poll errors");

	vt_ok(!vt_set_governor(0, "simple_ondemand"), "back to simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
