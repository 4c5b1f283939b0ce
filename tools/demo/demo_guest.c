// SPDX-License-Identifier: GPL-2.0
/*
 * demo_guest.c - the in-guest half of `make demo`: one sweep run in real
 * time on gpugov_sim (drivers_glue/sim_realtime.c) under the kernel's own
 * simple_ondemand, under gpugov as it ships (no tunable written), and at
 * the top OPP (simple_ondemand with min_freq at the top: the performance
 * reference, since devfreq's performance governor never polls and the
 * device's simulated clock moves only at polls).
 *
 * usage (in the guest): demo_guest BLOB SIM_PARAMS
 * SIM_PARAMS are gpugov_sim's module parameters of the scenario
 * ("profile=panfrost rt_hz=60 rt_load=60 rt_segs_per_frame=1").  For the
 * host, every decision the device logged (rt_log, the lines `gpugov-replay
 * realtime --sequence` writes) and the run's totals:
 *	# demo-rt NAME INDEX,TIME_NS,EVENT,BUSY,TOTAL,OPP
 *	# demo-rt-total NAME FRAMES JANKED ENERGY_PJ
 * The governors start at OPP 0, where idle polls leave the device, as the
 * replay's --start-opp 0 and selftests/vm/94_realtime do.
 */
#include "vmtap.h"

struct demo_run {
	const char *name, *governor;
	bool top;	/* min_freq at the top OPP */
};

static const struct demo_run runs[] = {
	{ "simple_ondemand", "simple_ondemand", false },
	{ "gpugov", "gpugov", false },
	{ "performance", "simple_ondemand", true },
};

/* The device's highest frequency (Hz, as devfreq's min_freq takes it). */
static unsigned long top_hz(void)
{
	unsigned long f[64];
	int n = vt_read_numbers(vt_devfreq(0, "available_frequencies"), f, 64);
	unsigned long top = 0;
	int i;

	for (i = 0; i < n; i++)
		top = f[i] > top ? f[i] : top;
	return top;
}

/* Run the blob under @r in real time; print its decisions and totals. */
static int run_one(const struct demo_run *r, const char *blob)
{
	static char buf[1 << 20];
	char min[32], *line, *save;
	unsigned long long frames, janked, pj;

	snprintf(min, sizeof(min), "%lu", r->top ? top_hz() : 0);
	if (vt_load_blob(0, blob, 65536) || vt_set_governor(0, r->governor) ||
	    vt_write_str(vt_devfreq(0, "min_freq"), min) ||
	    !vt_wait_polls(0, 2, 10000) ||
	    (!r->top && vt_key(vt_simdbg(0, "status"), "cur") != 0) ||
	    vt_write_str(vt_simdbg(0, "run"), "1") || !vt_wait_done(0, 300000) ||
	    vt_read(vt_simdbg(0, "status"), buf, sizeof(buf)) <= 0)
		return -1;
	frames = vt_snap_key(buf, "rt_frames_done");
	janked = vt_snap_key(buf, "rt_janked");
	pj = vt_snap_key(buf, "rt_energy_pj");
	if (vt_read(vt_simdbg(0, "rt_log"), buf, sizeof(buf)) <= 0)
		return -1;
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		printf("# demo-rt %s %s\n", r->name, line);
	printf("# demo-rt-total %s %llu %llu %llu\n", r->name, frames, janked, pj);
	fflush(stdout);
	return frames == ~0ULL || janked == ~0ULL || pj == ~0ULL ? -1 : 0;
}

int main(int argc, char **argv)
{
	size_t i;

	if (argc != 3) {
		fprintf(stderr, "usage: demo_guest BLOB SIM_PARAMS\n");
		return 2;
	}
	for (i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
		/* each run on a fresh device, as 94_realtime runs each */
		if (!vt_ok(!vt_setup(argv[2]), "modules load: %s", argv[2]))
			break;
		if (!vt_ok(!run_one(&runs[i], argv[1]), "%s: a real-time run", runs[i].name))
			vt_dump_device(0);
		vt_set_governor(0, "simple_ondemand");
		vt_ok(!vt_teardown(), "%s: teardown", runs[i].name);
	}
	return vt_done();
}
