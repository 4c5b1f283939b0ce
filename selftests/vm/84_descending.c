// SPDX-License-Identifier: GPL-2.0
/*
 * 84_descending.c - a driver whose devfreq frequency table is descending.
 *
 * The devfreq core takes a driver's freq_table in either order
 * (devfreq_get_freq_range() looks at both ends), and so must gpugov.
 * gpugov_sim's `descending=1` hands devfreq its table highest first.
 * gpugov must start on such a device, see its OPPs in ascending order,
 * and make the same decisions, mapped to the right frequencies, as the
 * predictors/ library computes from the blob (the check of 95_replay):
 * the OPP sequence the device logs is in the trace's own ascending
 * indices, so a decision mapped to the wrong end of the table shows.
 */
#include "vmtap.h"
#include "simrun.h"
#include "libref.h"

static bool opps_ascending(int dev, int n)
{
	unsigned long khz[32];
	int i;

	if (vt_gov_khz(dev, khz, 32) != n)
		return false;
	for (i = 1; i < n; i++)
		if (khz[i] <= khz[i - 1])
			return false;
	return true;
}

int main(void)
{
	struct config c = { "crisp", "edp", 5, 0, NULL };
	unsigned long f[32], cur;
	int n, i;
	bool desc = true;
	char buf[64];

	vt_ok(!vt_load_ondemand() && !vt_load("gpugov", NULL) &&
	      !vt_load("gpugov_sim", "descending=1"),
	      "modules load, sim with a descending table");
	vt_ok(!vt_load_blob(0, DATA_DIR "/sweep.blob", 65536), "trace loaded");
	n = vt_read_numbers(vt_devfreq(0, "available_frequencies"), f, 32);
	for (i = 1; i < n; i++)
		desc &= f[i] < f[i - 1];
	vt_ok(n == 7 && desc, "devfreq lists %d frequencies, descending (%lu .. %lu)",
	      n, n > 0 ? f[0] : 0, n > 0 ? f[n - 1] : 0);
	vt_ok(!vt_set_governor(0, "gpugov") && vt_governor_is(0, "gpugov"),
	      "gpugov starts on the device");
	vt_ok(opps_ascending(0, n), "gpugov's OPP table: %d entries, ascending", n);
	vt_ok(!vt_write_str(vt_devfreq(0, "polling_interval"), "1"),
	      "polling every 1 ms");

	compare(false, DATA_DIR "/sweep.blob", &c);
	c.objective = "energy";
	c.hysteresis = 10;
	compare(false, DATA_DIR "/sweep.blob", &c);
	c.predictor = "stall";
	c.objective = "ed2p";
	c.hysteresis = 0;
	compare(false, DATA_DIR "/short.blob", &c);

	/* Busy again (an idle poll picks the lowest OPP), then performance. */
	vt_ok(!vt_write_str(vt_simdbg(0, "loop"), "1") &&
	      !vt_write_str(vt_simdbg(0, "run"), "1") &&
	      !vt_write_str(vt_tunable(0, "objective"), "performance") &&
	      vt_wait_polls(0, 5, 5000) &&
	      !vt_read_line(vt_devfreq(0, "cur_freq"), buf, sizeof(buf)),
	      "objective performance on a busy device");
	cur = strtoul(buf, NULL, 10);
	n = vt_read_numbers(vt_devfreq(0, "available_frequencies"), f, 32);
	vt_ok(n > 0 && cur == f[0], "performance runs at the highest, %lu Hz (table head %lu)",
	      cur, n > 0 ? f[0] : 0);
	vt_ok(vt_key(vt_govdbg(0, "decision"), "chosen") == (unsigned long long)n - 1,
	      "gpugov's chosen index is its top entry");
	vt_ok(vt_key(vt_govdbg(0, "stats"), "errors") == 0, "no poll errors");
	vt_ok(!vt_set_governor(0, "simple_ondemand"), "back to simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
