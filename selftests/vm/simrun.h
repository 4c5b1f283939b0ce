/* SPDX-License-Identifier: GPL-2.0 */
/*
 * simrun.h - run a trace on gpugov_sim.0 under gpugov with given tunables
 * and read back the OPP sequence (the deterministic replay protocol of
 * docs/governor.md).
 */
#ifndef GPUGOV_SIMRUN_H
#define GPUGOV_SIMRUN_H

#include "vmtap.h"

/* gpugov tunables of one run */
struct config {
	const char *predictor, *objective;
	unsigned int max_slowdown, hysteresis;
	const char *target;	/* "N%" or "N"; NULL: leave it */
};

static inline int set_num(const char *file, unsigned int v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%u", v);
	return vt_write_str(vt_tunable(0, file), buf);
}

/* Kernel: run the trace under @c, return the logged OPPs. */
static inline int kernel_run(const char *blob, const struct config *c,
			     unsigned char *out, unsigned int n)
{
	static char buf[1 << 20];
	char *line, *save;
	unsigned int i = 0;

	if (vt_load_blob(0, blob, 65536) || vt_set_governor(0, "gpugov") ||
	    vt_write_str(vt_tunable(0, "predictor"), c->predictor) ||
	    vt_write_str(vt_tunable(0, "objective"), c->objective) ||
	    set_num("max_slowdown", c->max_slowdown) ||
	    set_num("hysteresis", c->hysteresis) ||
	    (c->target && vt_write_str(vt_tunable(0, "target"), c->target)))
		return -1;
	/* Idle polls: no busy samples reach the models before the run. */
	if (!vt_wait_polls(0, 2, 5000) ||
	    vt_write_str(vt_simdbg(0, "run"), "1") || !vt_wait_done(0, 120000))
		return -1;
	if (vt_read(vt_simdbg(0, "log"), buf, sizeof(buf)) <= 0)
		return -1;
	for (line = strtok_r(buf, "\n", &save); line && i < n;
	     line = strtok_r(NULL, "\n", &save)) {
		unsigned int seg, opp, khz;

		if (sscanf(line, "%u %u %u", &seg, &opp, &khz) != 3 || seg != i)
			return -1;
		out[i++] = opp;
	}
	return i == n ? 0 : -1;
}

#endif /* GPUGOV_SIMRUN_H */
