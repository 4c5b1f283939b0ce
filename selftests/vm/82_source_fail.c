// SPDX-License-Identifier: GPL-2.0
/*
 * 82_source_fail.c - a counter source that fills part of the sample and
 * then fails: gpugov must decide on the busy/total sample, as the source
 * contract says (docs/governor.md, "Counter sources"), not on the
 * half-written one.
 *
 * gpugov_sim's `source_fail` makes its source copy the segment's counters
 * and their capability bits into the sample, then return -EIO.  While it
 * fails, the last sample in debugfs must have no capabilities and no
 * counters, every decision must fall back to the busy-only model, and no
 * poll may count as a source sample; afterwards the counters come back.
 */
#include "vmtap.h"

static unsigned long long gov_stat(const char *key)
{
	return vt_key(vt_govdbg(0, "stats"), key);
}

static unsigned long long sample(const char *key)
{
	return vt_key(vt_govdbg(0, "sample"), key);
}

int main(void)
{
	unsigned long long src0, fb0, src1, fb1, caps, insts;
	char buf[64];

	vt_ok(!vt_setup(NULL), "modules load");
	vt_ok(!vt_write_str(vt_devfreq(0, "polling_interval"), "1"),
	      "polling every 1 ms");
	vt_replay_loop(DATA_DIR "/sweep.blob", 4096);
	vt_ok(vt_wait_polls(0, 5, 5000) && gov_stat("source_samples") > 0 &&
	      sample("caps") != 0 && sample("insts") != 0,
	      "control: the working source gives counters (caps 0x%llx)",
	      sample("caps"));

	vt_ok(!vt_write_str(vt_simdbg(0, "source_fail"), "1") &&
	      !vt_read_line(vt_simdbg(0, "source_fail"), buf, sizeof(buf)) &&
	      !strcmp(buf, "1"), "source set to fail after filling the sample");
	/* One poll may be inside the source as the switch lands. */
	vt_ok(vt_wait_polls(0, 2, 5000), "polling");
	src0 = gov_stat("source_samples");
	fb0 = gov_stat("fallbacks");
	vt_ok(vt_wait_polls(0, 20, 10000), "20 polls with the failing source");
	caps = sample("caps");
	insts = sample("insts");
	src1 = gov_stat("source_samples");
	fb1 = gov_stat("fallbacks");
	vt_ok(caps == 0 && insts == 0,
	      "the sample is busy/total only (caps 0x%llx, insts %llu)", caps,
	      insts);
	vt_ok(sample("interval_ns") > 0 && sample("core_khz") > 0,
	      "with gpugov's own interval and clock");
	vt_ok(src1 == src0, "no source samples counted (%llu -> %llu)", src0,
	      src1);
	vt_ok(fb1 >= fb0 + 19, "decisions fall back to the busy model (%llu fallbacks)",
	      fb1 - fb0);
	vt_ok(!vt_read_line(vt_govdbg(0, "decision"), buf, sizeof(buf)) &&
	      vt_key(vt_govdbg(0, "decision"), "fallback") == 1,
	      "debugfs decision says fallback");

	vt_ok(!vt_write_str(vt_simdbg(0, "source_fail"), "0"), "source works again");
	vt_ok(vt_wait_polls(0, 5, 5000) && gov_stat("source_samples") > src1 &&
	      sample("caps") != 0, "counters come back");
	vt_ok(gov_stat("errors") == 0, "no poll errors");
	vt_ok(!vt_set_governor(0, "simple_ondemand"), "back to simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
