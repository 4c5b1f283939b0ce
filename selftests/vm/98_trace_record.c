// SPDX-License-Identifier: GPL-2.0
/*
 * 98_trace_record.c - record -> replay round trip.  gpugov-trace --record
 * follows the sim device while it runs a trace under gpugov; then
 * `gpugov-replay run` with the options the recording's replay-options
 * header line gives (the device's tunables, every one) decides on every
 * recorded sample within the OPPs the recording says were allowed at
 * that poll, and each decision must be the OPP the device ran next
 * (different = 0).  In every run max_freq is lowered half way through
 * the trace, so that a cap is in force for its second half.
 * Independently of the replay, the recording's busy intervals ran at the
 * OPPs the sim device logged, segment by segment.  Both binaries run in
 * the guest (static builds).
 *
 * The tracer attaches while the device is idle after the governor's START
 * (loading a blob restarts it): idle samples leave the models' state
 * untouched, so the replay, which starts from fresh state, sees what the
 * kernel saw.
 */
#include <dirent.h>
#include <sys/stat.h>

#include "simrun.h"
#include "../../bpf/selftest_tracer.h"

#define DEV		SIM_DEV "0"
#define MAX_REC		4096
#define MAX_ARGS	64

/* One tunable written before the run: gpugov/FILE gets VAL. */
struct tun {
	const char *file, *val;
};

struct rcfg {
	const char *trace;		/* /data/TRACE.blob */
	const char *predictor, *objective;
	struct tun tun[8];		/* more tunables, up to a NULL file */
};

/*
 * Every objective; `deadline` (the default) with non-default util,
 * util_max and slack; the idle power, PCSTALL's geometry and coremem's
 * GPU description changed where their model decides.
 */
static const struct rcfg cfgs[] = {
	{ "short", "crisp", "edp", { { NULL } } },
	{ "short", "stall", "ed2p", { { NULL } } },
	{ "short", "busy", "edp", { { "hysteresis", "10" }, { NULL } } },
	{ "short", "crisp", "energy", { { "max_slowdown", "5" }, { "hysteresis", "10" },
					{ NULL } } },
	{ "sweep", "crisp_l", "edp", { { NULL } } },
	{ "sweep", "crisp", "target", { { "target", "50%" }, { NULL } } },
	{ "sweep", "crisp", "deadline", { { "util", "70" }, { "util_max", "85" },
					  { "slack", "3" }, { NULL } } },
	{ "short", "busy", "deadline", { { "util", "60" }, { "util_max", "95" },
					 { "slack", "5" },
					 { "power_idle_static_uw", "300000" }, { NULL } } },
	{ "sweep", "pcstall", "edp", { { "pcstall_entries", "32" }, { "pcstall_shift", "2" },
				       { "pcstall_age_half", "4" }, { NULL } } },
	{ "sweep", "coremem", "energy", { { "coremem_gpu", "p100" }, { NULL } } },
};

/* Index of the crisp_l/edp recording (negative control) and a deadline one. */
#define REC_CRISP_L_EDP		4
#define REC_DEADLINE		6

static char buf[1 << 22];

/**
 * struct recording - what a recording holds, as this test reads it
 * @nrec: records
 * @nbusy: busy records; @busy_opp: the OPP each ran at, in order
 * @ncapped: records made while fewer than every OPP was allowed
 * @nopp: OPPs in the header; @khz: their core clocks
 * @options: the replay-options line
 */
struct recording {
	int nrec, nbusy, ncapped;
	unsigned int busy_opp[MAX_REC];
	unsigned int nopp, khz[32];
	char options[1024];
};

/* Column @name's index in the columns line @cols (after its key), or -1. */
static int column(const char *cols, const char *name)
{
	char tmp[1024], *tok, *save;
	int i = 0;

	snprintf(tmp, sizeof(tmp), "%s", cols);
	for (tok = strtok_r(tmp, " ", &save); tok; tok = strtok_r(NULL, " ", &save), i++)
		if (!strcmp(tok, name))
			return i;
	return -1;
}

/* Read the sample trace at @path into @rc; -1 if it is not one. */
static int read_recording(const char *path, struct recording *rc)
{
	int ci_opp = -1, ci_busy = -1, ci_hi = -1, col;
	char *line, *save, *tok, *tsave;

	memset(rc, 0, sizeof(*rc));
	if (vt_read(path, buf, sizeof(buf)) <= 0 ||
	    strncmp(buf, "gpugov-trace 1\n", 15) || !strstr(buf, "\nkind sample\n"))
		return -1;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(line, "replay-options ", 15)) {
			snprintf(rc->options, sizeof(rc->options), "%s", line + 15);
		} else if (!strncmp(line, "opp ", 4) && rc->nopp < 32) {
			rc->khz[rc->nopp++] = (unsigned int)strtoul(line + 4, NULL, 10);
		} else if (!strncmp(line, "columns ", 8)) {
			ci_opp = column(line + 8, "opp");
			ci_busy = column(line + 8, "busy_ns");
			ci_hi = column(line + 8, "allowed_hi");
		} else if (line[0] == 'r' && line[1] == ' ') {
			unsigned long long v, opp = 0, busy = 0, hi = 0;

			if (ci_opp < 0 || ci_busy < 0 || ci_hi < 0 || !rc->nopp)
				return -1;
			rc->nrec++;
			for (col = -1, tok = strtok_r(line, " ", &tsave); tok;
			     tok = strtok_r(NULL, " ", &tsave), col++) {
				v = strtoull(tok, NULL, 0);
				if (col == ci_opp)
					opp = v;
				if (col == ci_busy)
					busy = v;
				if (col == ci_hi)
					hi = v;
			}
			rc->ncapped += hi + 1 < rc->nopp;
			if (busy && rc->nbusy < MAX_REC)
				rc->busy_opp[rc->nbusy++] = (unsigned int)opp;
		}
	}
	return 0;
}

/* Files of the device's gpugov/ directory that root may write. */
static int writable_tunables(void)
{
	char dir[256], path[512];
	struct dirent *e;
	struct stat st;
	int n = 0;
	DIR *d;

	snprintf(dir, sizeof(dir), "%s", vt_tunable(0, ""));
	d = opendir(dir);
	if (!d)
		return -1;
	while ((e = readdir(d))) {
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		/* profile sets other tunables (replay_aliases[]): not carried */
		if (e->d_name[0] != '.' && strcmp(e->d_name, "profile") &&
		    !stat(path, &st) && S_ISREG(st.st_mode) && (st.st_mode & S_IWUSR))
			n++;
	}
	closedir(d);
	return n;
}

/*
 * gpugov-replay run ARGS... --csv TRACE, ARGS the words of @options but
 * the options named in @drop (and their values), then those of @add.
 * argv in @argv, its words in @words.  Return: the number of options of
 * @options taken.
 */
static int replay_argv(const char *options, const char *const *drop, const char *add,
		       char *trace, char **argv, char *words, size_t size)
{
	char *tok, *save;
	int a = 0, nopt = 0, i;
	size_t len;
	bool skip = false;

	argv[a++] = GT_REPLAY_BIN;
	argv[a++] = "run";
	len = (size_t)snprintf(words, size, "%s", options) + 1;
	if (len < size)
		snprintf(words + len, size - len, "%s", add ? add : "");
	for (tok = strtok_r(words, " ", &save); tok && a < MAX_ARGS - 3;
	     tok = strtok_r(NULL, " ", &save)) {
		if (!strncmp(tok, "--", 2)) {
			for (skip = false, i = 0; drop && drop[i]; i++)
				skip |= !strcmp(tok + 2, drop[i]);
			nopt += !skip;
		}
		if (!skip)
			argv[a++] = tok;
	}
	for (tok = len < size ? strtok_r(words + len, " ", &save) : NULL;
	     tok && a < MAX_ARGS - 3; tok = strtok_r(NULL, " ", &save))
		argv[a++] = tok;
	argv[a++] = "--csv";
	argv[a++] = trace;
	argv[a] = NULL;
	return nopt;
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

static int write_khz(const char *file, unsigned int khz)
{
	char v[32];

	snprintf(v, sizeof(v), "%llu", (unsigned long long)khz * 1000);
	return vt_write_str(vt_devfreq(0, file), v);
}

#define NR_CFGS	(sizeof(cfgs) / sizeof(cfgs[0]))

static struct recording recs[NR_CFGS];

/* Set the device up as @r says; 0 or -1. */
static int set_up(const struct rcfg *r)
{
	char blob[128];
	const struct tun *t;

	snprintf(blob, sizeof(blob), DATA_DIR "/%s.blob", r->trace);
	if (vt_load_blob(0, blob, 65536) || vt_set_governor(0, "gpugov") ||
	    vt_write_str(vt_tunable(0, "predictor"), r->predictor) ||
	    vt_write_str(vt_tunable(0, "objective"), r->objective))
		return -1;
	for (t = r->tun; t->file; t++)
		if (vt_write_str(vt_tunable(0, t->file), t->val))
			return -1;
	return vt_wait_polls(0, 2, 5000) ? 0 : -1;
}

/*
 * Run the trace while recording; max_freq drops to the third OPP from the
 * top half way through.  0 or -1.
 */
static int record_run(unsigned int idx, const struct rcfg *r, const char *policy,
		      struct recording *rc)
{
	char rec[64], name[32], st[1024];
	const char *args[] = { "--record", rec, "-d", DEV, NULL };
	struct tracer_summary sum;
	struct tracer t;
	unsigned long long nseg;
	int err, cap, bad_sum;

	snprintf(name, sizeof(name), "gt-rec%u", idx);
	snprintf(rec, sizeof(rec), "/tmp/%s.trace", name);
	err = tracer_start(&t, name, args);
	vt_ok(!err, "%s %s: gpugov-trace --record attached", r->trace, policy);
	if (err)
		return -1;
	/* The header is on disk before tracing starts: the OPPs to cap at. */
	err = read_recording(rec, rc) || rc->nopp < 4;
	cap = err ? 0 : (int)rc->nopp - 3;
	nseg = vt_read(vt_simdbg(0, "status"), st, sizeof(st)) > 0 ?
	       vt_snap_key(st, "nr_segs") : 0;
	vt_ok(!err && !vt_write_str(vt_simdbg(0, "run"), "1") && vt_wait_pos(0, nseg / 2) &&
	      !write_khz("max_freq", rc->khz[cap]) && vt_wait_done(0, 120000) &&
	      vt_wait_polls(0, 2, 5000),
	      "%s %s: trace run, max_freq %u kHz (OPP %d) from segment %llu on, then idle",
	      r->trace, policy, err ? 0 : rc->khz[cap], cap, nseg / 2);
	err = tracer_stop(&t);
	write_khz("max_freq", rc->nopp ? rc->khz[rc->nopp - 1] : 0);
	bad_sum = tracer_summary(&t, &sum);
	vt_ok(!err && !bad_sum && !sum.lost, "%s %s: exit 0, %llu decisions, 0 lost",
	      r->trace, policy, sum.decisions);
	if (read_recording(rec, rc))
		return -1;
	return (unsigned long long)rc->nrec == sum.decisions ? 0 : -1;
}

static void round_trip(unsigned int idx, const struct rcfg *r)
{
	static unsigned int log_opp[MAX_REC];
	struct recording *rc = &recs[idx];
	char policy[64], rec[64], csv[64], words[1024], *replay[MAX_ARGS];
	unsigned long n = 0, same = 0, diff = ~0UL;
	int nl, i, nopt, err;

	snprintf(policy, sizeof(policy), "gpugov-%s-%s", r->predictor, r->objective);
	snprintf(rec, sizeof(rec), "/tmp/gt-rec%u.trace", idx);
	snprintf(csv, sizeof(csv), "/tmp/gt-rec%u.csv", idx);
	if (set_up(r)) {
		vt_ok(0, "%s %s: device set up", r->trace, policy);
		return;
	}
	err = record_run(idx, r, policy, rc);
	nl = logged_opps(log_opp, MAX_REC);
	for (i = 0; i < rc->nbusy && i < nl && rc->busy_opp[i] == log_opp[i]; i++)
		;
	vt_ok(!err && rc->nbusy > 0 && rc->nbusy == nl && i == nl,
	      "%s %s: one record per decision, %d; the %d busy ones ran at the logged OPPs",
	      r->trace, policy, rc->nrec, rc->nbusy);
	if (i < rc->nbusy && i < nl)
		vt_diag("busy record %d: OPP %u, sim log %u", i, rc->busy_opp[i], log_opp[i]);
	vt_ok(rc->ncapped > 0 && rc->ncapped < rc->nrec,
	      "%s %s: %d of the records were made under the cap", r->trace, policy,
	      rc->ncapped);

	nopt = replay_argv(rc->options, NULL, NULL, rec, replay, words, sizeof(words));
	i = writable_tunables();
	vt_ok(nopt == i, "%s %s: replay-options carries all %d tunables: %s", r->trace,
	      policy, i, rc->options);
	/* Values first: vt_ok()'s arguments are evaluated in any order. */
	err = gt_run(replay, csv, "/tmp/gt-replay.err", false);
	err = err ? err : replay_row(csv, policy, &n, &same, &diff);
	vt_ok(!err && n == (unsigned long)rc->nrec && same + 1 == n && !diff,
	      "%s %s: gpugov-replay run with them: %lu intervals, %lu same as recorded, %lu different",
	      r->trace, policy, n, same, diff);
}

/*
 * The check can fail: another objective's decisions on the same
 * recording are not what the device did, nor are deadline's with its
 * default tunables on a recording made with others.  The recording's
 * options without those in @drop, then @add.
 */
static void negative_control(unsigned int idx, const char *const *drop,
			     const char *add, const char *policy)
{
	char rec[64], words[1024], *replay[MAX_ARGS];
	unsigned long n = 0, same = 0, diff = 0;
	int err;

	snprintf(rec, sizeof(rec), "/tmp/gt-rec%u.trace", idx);
	replay_argv(recs[idx].options, drop, add, rec, replay, words, sizeof(words));
	err = gt_run(replay, "/tmp/gt-neg.csv", "/tmp/gt-neg.err", false);
	err = err ? err : replay_row("/tmp/gt-neg.csv", policy, &n, &same, &diff);
	vt_ok(!err && diff > 0, "negative control: %s%s%s on the recording of %s/%s: %lu different",
	      policy, add ? " " : " without --", add ? add : drop[0], cfgs[idx].predictor,
	      cfgs[idx].objective, diff);
}

int main(void)
{
	static const char *const deadline_tunables[] = { "util", "util-max", "slack", NULL };
	static const char *const objective[] = { "objective", NULL };
	unsigned int i;

	vt_ok(!vt_setup(NULL), "modules load");
	vt_ok(!vt_write_str(vt_devfreq(0, "polling_interval"), "1"),
	      "polling every 1 ms");
	for (i = 0; i < NR_CFGS; i++)
		round_trip(i, &cfgs[i]);
	negative_control(REC_CRISP_L_EDP, objective, "--objective energy",
			 "gpugov-crisp_l-energy");
	negative_control(REC_DEADLINE, deadline_tunables, NULL, "gpugov-crisp-deadline");
	vt_ok(!vt_set_governor(0, "simple_ondemand"), "back to simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
