// SPDX-License-Identifier: GPL-2.0
/*
 * 50_debugfs.c - /sys/kernel/debug/gpugov/<dev>/ files parse and agree
 * with each other and with the simulated device.
 */
#include "vmtap.h"

/* Every line "key value" with a decimal or 0x value; returns lines. */
static int kv_lines_numeric(const char *path, const char *const *strkeys)
{
	static char buf[16384];
	char *line, *save;
	int n = 0;

	if (vt_read(path, buf, sizeof(buf)) <= 0)
		return -1;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char key[64], val[64], *end;
		const char *const *k;
		bool str = false;

		if (sscanf(line, "%63s %63s", key, val) != 2)
			return -1;
		for (k = strkeys; k && *k; k++)
			str |= !strcmp(*k, key);
		if (!str) {
			errno = 0;
			strtoull(val, &end, 0);
			if (errno || *end)
				return -1;
		}
		n++;
	}
	return n;
}

int main(void)
{
	static const char *const dec_str[] = { "reason", "predictor",
		"predictor_used", "objective", "react", "deadline_source", NULL };
	static char buf[16384];
	unsigned long long nr, v = 0, mn, avg, mx, chosen;
	char st[4096];
	char *line, *save;
	int rows = 0, bad = 0;

	vt_ok(!vt_setup(NULL), "modules load");
	vt_ok(!vt_load_blob(0, DATA_DIR "/sweep.blob", 65536), "trace loaded");
	vt_ok(!vt_set_governor(0, "gpugov"), "device -> gpugov");
	vt_ok(!vt_write_str(vt_simdbg(0, "run"), "1"), "replay running");
	vt_ok(vt_wait_polls(0, 20, 10000), "20 polls");

	vt_ok(kv_lines_numeric(vt_govdbg(0, "sample"), NULL) >= 20,
	      "sample: numeric key value lines");
	vt_ok(vt_key(vt_govdbg(0, "sample"), "valid") == 1 &&
	      vt_key(vt_govdbg(0, "sample"), "interval_ns") > 0,
	      "sample: valid, with an interval");
	vt_ok(kv_lines_numeric(vt_govdbg(0, "decision"), dec_str) >= 10,
	      "decision: key value lines");
	vt_ok(vt_key(vt_govdbg(0, "decision"), "limit_ps") > 0,
	      "decision: the default objective deadline's time limit (limit_ps > 0)");
	vt_ok(vt_key(vt_govdbg(0, "decision"), "spread_q16") <= 65536,
	      "decision: the work's spread deadline learned, at most 1.0 in Q16");
	vt_ok(kv_lines_numeric(vt_govdbg(0, "stats"), NULL) == 9,
	      "stats: 9 numeric lines");
	vt_ok(vt_key(vt_govdbg(0, "pcstall"), "entries") == 128 &&
	      vt_key(vt_govdbg(0, "pcstall"), "shift") == 4,
	      "pcstall: default geometry 128 entries, PC >> 4");

	nr = vt_key(vt_simdbg(0, "status"), "nr_opps");
	vt_ok(vt_read(vt_govdbg(0, "opps"), buf, sizeof(buf)) > 0,
	      "opps readable");
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		unsigned long long c[9];
		if (!rows++) {
			bad += !!strcmp(line, "index khz uv power_uw time_ps energy_pj metric_q16 miss_q16 deadline_ps");
			continue;
		}
		if (sscanf(line, "%llu %llu %llu %llu %llu %llu %llu %llu %llu",
			   &c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6], &c[7],
			   &c[8]) != 9 ||
		    c[0] != (unsigned long long)rows - 2) {
			bad++;
			continue;
		}
		bad += !c[4] || c[7] < 65536 || c[8] < c[4];
	}
	vt_ok(!bad && rows == (int)nr + 1,
	      "opps: header + %llu rows of 9 numbers, times > 0, miss factors >= 1.0, deadline's times >= the predictions", nr);

	chosen = vt_key(vt_govdbg(0, "decision"), "chosen");
	vt_ok(chosen < nr, "decision: chosen %llu < %llu OPPs", chosen, nr);
	vt_ok(!vt_read_key(vt_govdbg(0, "stats"), "decisions", &v) && v >= 20,
	      "stats: %llu decisions", v);
	vt_ok(vt_read(vt_govdbg(0, "stats"), st, sizeof(st)) > 0, "stats read");
	mn = vt_snap_key(st, "latency_min_ns");
	avg = vt_snap_key(st, "latency_avg_ns");
	mx = vt_snap_key(st, "latency_max_ns");
	vt_ok(mn > 0 && mn <= avg && avg <= mx,
	      "latency min %llu <= avg %llu <= max %llu ns", mn, avg, mx);
	vt_diag("decision latency min/avg/max %llu/%llu/%llu ns", mn, avg, mx);
	vt_ok(vt_key(vt_govdbg(0, "stats"), "source_samples") > 0,
	      "samples came through the counter source");
	vt_ok(vt_key(vt_govdbg(0, "sample"), "caps") != 0,
	      "sample carries counter capabilities");

	vt_ok(!vt_set_governor(0, "simple_ondemand"), "back to simple_ondemand");
	vt_ok(!vt_exists(DEBUGFS_GOV "/" SIM_DEV "0"), "debugfs dir removed");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
