// SPDX-License-Identifier: GPL-2.0
/*
 * 98_trace_record.c - record -> replay round trip.  gpugov-trace --record
 * follows the sim device while it runs a trace under gpugov; then
 * `gpugov-replay run` with the same model, objective and tunables decides
 * on every recorded sample, and each decision must be the OPP the device
 * ran next (different = 0).  Independently of the replay, the recording's
 * busy intervals ran at the OPPs the sim device logged, segment by
 * segment.  Both binaries run in the guest (static builds).
 *
 * The tracer attaches while the device is idle after the governor's START
 * (loading a blob restarts it): idle samples leave the models' state
 * untouched, so the replay, which starts from fresh state, sees what the
 * kernel saw.
 */
#include "simrun.h"
#include "../../bpf/selftest_tracer.h"

#define DEV		SIM_DEV "0"
#define MAX_REC		4096

struct rcfg {
	const char *trace;	/* /data/TRACE.blob */
	struct config c;
};

static const struct rcfg cfgs[] = {
	{ "short", { "crisp", "edp", 5, 0, NULL } },
	{ "short", { "stall", "ed2p", 5, 0, NULL } },
	{ "short", { "busy", "edp", 5, 10, NULL } },
	{ "short", { "crisp", "energy", 5, 10, NULL } },
	{ "sweep", { "crisp_l", "edp", 5, 0, NULL } },
	{ "sweep", { "crisp", "target", 5, 0, "50%" } },
};

static char buf[1 << 22];
static unsigned int rec_opp[MAX_REC];

/*
 * OPPs of the busy records of a sample trace, in order; the number of
 * records in *@nrec.  -1 if it is not one.
 */
static int recorded_busy_opps(const char *path, unsigned int *opps, int max,
			      int *nrec)
{
	int ci_opp = -1, ci_busy = -1, n = 0, col;
	char *line, *save, *tok, *tsave;

	*nrec = 0;
	if (vt_read(path, buf, sizeof(buf)) <= 0 ||
	    strncmp(buf, "gpugov-trace 1\n", 15) || !strstr(buf, "\nkind sample\n"))
		return -1;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(line, "columns ", 8)) {
			for (col = -1, tok = strtok_r(line, " ", &tsave); tok;
			     tok = strtok_r(NULL, " ", &tsave), col++) {
				if (!strcmp(tok, "opp"))
					ci_opp = col;
				if (!strcmp(tok, "busy_ns"))
					ci_busy = col;
			}
		} else if (line[0] == 'r' && line[1] == ' ') {
			unsigned long long v, opp = 0, busy = 0;

			if (ci_opp < 0 || ci_busy < 0)
				return -1;
			(*nrec)++;
			for (col = -1, tok = strtok_r(line, " ", &tsave); tok;
			     tok = strtok_r(NULL, " ", &tsave), col++) {
				v = strtoull(tok, NULL, 0);
				if (col == ci_opp)
					opp = v;
				if (col == ci_busy)
					busy = v;
			}
			if (busy && n < max)
				opps[n++] = (unsigned int)opp;
		}
	}
	return n;
}

/* The sim device's log: the OPP of each segment. */
static int logged_opps(unsigned int *opps, int max)
{
	char *line, *save;
	int n = 0;

	if (vt_read(vt_simdbg(0, "log"), buf, sizeof(buf)) <= 0)
		return -1;
	for (line = strtok_r(buf, "\n", &save); line && n < max;
	     line = strtok_r(NULL, "\n", &save)) {
		unsigned int seg, opp, khz;

		if (sscanf(line, "%u %u %u", &seg, &opp, &khz) != 3 ||
		    seg != (unsigned int)n)
			return -1;
		opps[n++] = opp;
	}
	return n;
}

/* "NAME,gpugov-P-O,INTERVALS,SAME,DIFFERENT" from the CSV of the replay. */
static int replay_row(const char *path, const char *policy,
		      unsigned long *n, unsigned long *same, unsigned long *diff)
{
	char *line, *save, pol[64];

	if (vt_read(path, buf, sizeof(buf)) <= 0)
		return -1;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		const char *p = strchr(line, ',');

		if (p && sscanf(p + 1, "%63[^,],%lu,%lu,%lu", pol, n, same, diff) == 4 &&
		    !strcmp(pol, policy))
			return 0;
	}
	return -1;
}

static void round_trip(unsigned int idx, const struct rcfg *r)
{
	static unsigned int log_opp[MAX_REC];
	const struct config *c = &r->c;
	char blob[128], rec[64], name[32], policy[64], slow[16], hyst[16];
	const char *args[] = { "--record", rec, "-d", DEV, NULL };
	char *replay[20] = { GT_REPLAY_BIN, "run", "--predictor", (char *)c->predictor,
			     "--objective", (char *)c->objective, "--max-slowdown", slow,
			     "--hysteresis", hyst, "--csv" };
	unsigned long n = 0, same = 0, diff = ~0UL;
	int nb, nl, nrec, i, a = 11, err;
	struct tracer_summary sum;
	struct tracer t;

	snprintf(blob, sizeof(blob), DATA_DIR "/%s.blob", r->trace);
	snprintf(name, sizeof(name), "gt-rec%u", idx);
	snprintf(rec, sizeof(rec), "/tmp/%s.trace", name);
	snprintf(slow, sizeof(slow), "%u", c->max_slowdown);
	snprintf(hyst, sizeof(hyst), "%u", c->hysteresis);
	snprintf(policy, sizeof(policy), "gpugov-%s-%s", c->predictor, c->objective);
	if (c->target) {
		replay[a++] = "--target";
		replay[a++] = (char *)c->target;
	}
	replay[a++] = rec;
	replay[a] = NULL;

	if (vt_load_blob(0, blob, 65536) || vt_set_governor(0, "gpugov") ||
	    vt_write_str(vt_tunable(0, "predictor"), c->predictor) ||
	    vt_write_str(vt_tunable(0, "objective"), c->objective) ||
	    set_num("max_slowdown", c->max_slowdown) ||
	    set_num("hysteresis", c->hysteresis) ||
	    (c->target && vt_write_str(vt_tunable(0, "target"), c->target)) ||
	    !vt_wait_polls(0, 2, 5000)) {
		vt_ok(0, "%s %s: device set up", r->trace, policy);
		return;
	}
	err = tracer_start(&t, name, args);
	vt_ok(!err, "%s %s: gpugov-trace --record attached", r->trace, policy);
	if (err)
		return;
	vt_ok(!vt_write_str(vt_simdbg(0, "run"), "1") && vt_wait_done(0, 120000) &&
	      vt_wait_polls(0, 2, 5000), "%s %s: trace run, then idle", r->trace,
	      policy);
	err = tracer_stop(&t);
	i = tracer_summary(&t, &sum);
	vt_ok(!err && !i && !sum.lost, "%s %s: exit 0, %llu decisions, 0 lost",
	      r->trace, policy, sum.decisions);

	nb = recorded_busy_opps(rec, rec_opp, MAX_REC, &nrec);
	nl = logged_opps(log_opp, MAX_REC);
	for (i = 0; i < nb && i < nl && rec_opp[i] == log_opp[i]; i++)
		;
	vt_ok(nb > 0 && nb == nl && i == nl && (unsigned long long)nrec == sum.decisions,
	      "%s %s: one record per decision, %d; the %d busy ones ran at the logged OPPs",
	      r->trace, policy, nrec, nb);
	if (i < nb && i < nl)
		vt_diag("busy record %d: OPP %u, sim log %u", i, rec_opp[i], log_opp[i]);

	snprintf(blob, sizeof(blob), "/tmp/%s.csv", name);
	/* Values first: vt_ok()'s arguments are evaluated in any order. */
	err = gt_run(replay, blob, "/tmp/gt-replay.err", false);
	err = err ? err : replay_row(blob, policy, &n, &same, &diff);
	vt_ok(!err && n == (unsigned long)nrec && same + 1 == n && !diff,
	      "%s %s: gpugov-replay run: %lu intervals, %lu same as recorded, %lu different",
	      r->trace, policy, n, same, diff);
}

/*
 * The check can fail: another objective's decisions on the same recording
 * (the 300-segment one of crisp_l/edp) are not what the device did.
 */
static void negative_control(void)
{
	char *replay[] = { GT_REPLAY_BIN, "run", "--predictor", "crisp_l",
			   "--objective", "energy", "--csv", "/tmp/gt-rec4.trace", NULL };
	unsigned long n = 0, same = 0, diff = 0;
	int err;

	err = gt_run(replay, "/tmp/gt-neg.csv", "/tmp/gt-neg.err", false);
	err = err ? err : replay_row("/tmp/gt-neg.csv", "gpugov-crisp_l-energy",
				     &n, &same, &diff);
	vt_ok(!err && diff > 0,
	      "negative control: crisp_l/energy on the crisp_l/edp recording: %lu different",
	      diff);
}

int main(void)
{
	unsigned int i;

	vt_ok(!vt_setup(NULL), "modules load");
	vt_ok(!vt_write_str(vt_devfreq(0, "polling_interval"), "1"),
	      "polling every 1 ms");
	for (i = 0; i < sizeof(cfgs) / sizeof(cfgs[0]); i++)
		round_trip(i, &cfgs[i]);
	negative_control();
	vt_ok(!vt_set_governor(0, "simple_ondemand"), "back to simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
