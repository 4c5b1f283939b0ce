// SPDX-License-Identifier: GPL-2.0
/*
 * 60_trace.c - the gpugov tracepoints: exactly one gpugov_sample and one
 * gpugov_decision event per poll, with consecutive decision numbers and
 * plain fields matching debugfs.
 */
#include "vmtap.h"

#define TRACEFS "/sys/kernel/tracing"

static char tbuf[1 << 20];

static int count(const char *hay, const char *needle)
{
	int n = 0;

	for (; (hay = strstr(hay, needle)); hay++)
		n++;
	return n;
}

int main(void)
{
	unsigned long long p0, p1, d0, d1, seq, prev = 0;
	int ns, nd, bad = 0;
	const char *s;

	vt_ok(vt_exists(TRACEFS "/trace"), "tracefs mounted");
	vt_ok(!vt_setup(NULL), "modules load");
	vt_ok(vt_exists(TRACEFS "/events/gpugov/gpugov_sample/format") &&
	      vt_exists(TRACEFS "/events/gpugov/gpugov_decision/format"),
	      "events gpugov:gpugov_sample and gpugov:gpugov_decision exist");
	vt_replay_loop(DATA_DIR "/sweep.blob", 4096);
	vt_ok(vt_wait_polls(0, 3, 5000), "polling");

	/* A closed window: no polls while the device is suspended. */
	vt_ok(!vt_write_str(vt_simdbg(0, "suspend"), "1"), "device suspended");
	vt_write_str(TRACEFS "/trace", "");
	vt_ok(!vt_write_str(TRACEFS "/events/gpugov/enable", "1"),
	      "events enabled");
	p0 = vt_key(vt_simdbg(0, "status"), "polls");
	d0 = vt_key(vt_govdbg(0, "stats"), "decisions");
	vt_ok(!vt_write_str(vt_simdbg(0, "suspend"), "0"), "device resumed");
	vt_ok(vt_wait_polls(0, 30, 10000), "30 polls");
	vt_ok(!vt_write_str(vt_simdbg(0, "suspend"), "1"), "device suspended");
	p1 = vt_key(vt_simdbg(0, "status"), "polls");
	d1 = vt_key(vt_govdbg(0, "stats"), "decisions");
	vt_write_str(TRACEFS "/events/gpugov/enable", "0");

	vt_ok(vt_read(TRACEFS "/trace", tbuf, sizeof(tbuf)) > 0, "trace read");
	ns = count(tbuf, "gpugov_sample: dev=" SIM_DEV "0 ");
	nd = count(tbuf, "gpugov_decision: dev=" SIM_DEV "0 ");
	vt_diag("polls %llu, decisions %llu, events %d/%d", p1 - p0, d1 - d0,
		ns, nd);
	vt_ok(p1 - p0 == d1 - d0, "one decision per poll");
	vt_ok((unsigned long long)ns == p1 - p0, "one sample event per poll (%d)",
	      ns);
	vt_ok((unsigned long long)nd == p1 - p0,
	      "one decision event per poll (%d)", nd);
	for (s = tbuf; (s = strstr(s, "gpugov_decision: dev=")); s++) {
		const char *q = strstr(s, " seq=");

		if (!q || sscanf(q, " seq=%llu", &seq) != 1 ||
		    (prev && seq != prev + 1))
			bad++;
		prev = seq;
	}
	vt_ok(!bad && prev == d1, "decision seq consecutive, last %llu", prev);
	vt_ok(strstr(tbuf, " source=1 ") && strstr(tbuf, " used=") &&
	      strstr(tbuf, " reason=") && strstr(tbuf, " chosen_khz="),
	      "events carry source, used model, reason, chosen_khz");

	vt_ok(!vt_write_str(vt_simdbg(0, "suspend"), "0"), "device resumed");
	vt_ok(!vt_set_governor(0, "simple_ondemand"), "back to simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
