// SPDX-License-Identifier: GPL-2.0
/*
 * demo_guest.c - the in-guest half of `make demo`: replay one paced sweep
 * on gpugov_sim under the kernel's own simple_ondemand and under gpugov
 * (CRISP with four objectives, and the busy-only model with the default
 * objective on the device made stock: no counter source), and print each
 * OPP sequence the device logged as
 *	# demo-seq NAME OPP OPP ...
 * for the host to cost with `gpugov-replay run --external`.
 *
 * usage (in the guest): demo_guest BLOB NSEGS [TUNABLE=VALUE...]
 * The TUNABLE=VALUE pairs (power coefficients) are written to gpugov's
 * sysfs for every gpugov run.
 */
#include "simrun.h"

#define MAX_SEGS 65536

struct demo_run {
	const char *name, *governor, *predictor, *objective;
	bool stock;
};

static const struct demo_run runs[] = {
	{ "kernel-simple_ondemand", "simple_ondemand", NULL, NULL, false },
	{ "kernel-gpugov-crisp-deadline", "gpugov", "crisp", "deadline", false },
	{ "kernel-gpugov-crisp-edp", "gpugov", "crisp", "edp", false },
	{ "kernel-gpugov-crisp-ed2p", "gpugov", "crisp", "ed2p", false },
	{ "kernel-gpugov-crisp-energy", "gpugov", "crisp", "energy", false },
	{ "kernel-gpugov-busy-deadline-stock", "gpugov", "busy", "deadline", true },
};

static int set_tunables(int argc, char **argv)
{
	char file[64];
	int i;

	for (i = 3; i < argc; i++) {
		const char *eq = strchr(argv[i], '=');

		if (!eq || eq - argv[i] >= (int)sizeof(file))
			return -1;
		snprintf(file, sizeof(file), "%.*s", (int)(eq - argv[i]), argv[i]);
		if (vt_write_str(vt_tunable(0, file), eq + 1))
			return -1;
	}
	return 0;
}

/* Run the blob under @r; print and return the logged OPP sequence. */
static int run_one(const struct demo_run *r, const char *blob, unsigned int n,
		   int argc, char **argv)
{
	static char buf[1 << 21];
	char *line, *save;
	unsigned int i = 0;

	if (vt_load_blob(0, blob, 65536) ||
	    vt_write_str(vt_simdbg(0, "stock"), r->stock ? "1" : "0") ||
	    vt_set_governor(0, r->governor))
		return -1;
	if (r->objective &&
	    (vt_write_str(vt_tunable(0, "predictor"), r->predictor) ||
	     vt_write_str(vt_tunable(0, "objective"), r->objective) ||
	     set_num("max_slowdown", 5) || set_num("hysteresis", 0) ||
	     set_tunables(argc, argv)))
		return -1;
	if (!vt_wait_polls(0, 2, 5000) ||
	    vt_write_str(vt_simdbg(0, "run"), "1") || !vt_wait_done(0, 600000) ||
	    vt_read(vt_simdbg(0, "log"), buf, sizeof(buf)) <= 0)
		return -1;
	printf("# demo-seq %s", r->name);
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		unsigned int seg, opp, khz;

		if (sscanf(line, "%u %u %u", &seg, &opp, &khz) != 3 || seg != i)
			return -1;
		printf(" %u", opp);
		i++;
	}
	printf("\n");
	fflush(stdout);
	return i == n ? 0 : -1;
}

int main(int argc, char **argv)
{
	unsigned int n;
	size_t i;

	if (argc < 3 || sscanf(argv[2], "%u", &n) != 1 || !n || n > MAX_SEGS) {
		fprintf(stderr, "usage: demo_guest BLOB NSEGS [TUNABLE=VALUE...]\n");
		return 2;
	}
	vt_ok(!vt_setup(NULL), "modules load");
	vt_ok(!vt_write_str(vt_devfreq(0, "polling_interval"), "1"),
	      "polling every 1 ms");
	for (i = 0; i < sizeof(runs) / sizeof(runs[0]); i++)
		vt_ok(!run_one(&runs[i], argv[1], n, argc, argv),
		      "%s: %u segments replayed", runs[i].name, n);
	vt_ok(!vt_set_governor(0, "simple_ondemand"), "back to simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
