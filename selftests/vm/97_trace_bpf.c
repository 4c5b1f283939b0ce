// SPDX-License-Identifier: GPL-2.0
/*
 * 97_trace_bpf.c - gpugov-trace (bpf/) on the guest kernel: clear errors
 * when gpugov is not loaded or BPF is not permitted; over a closed window
 * (device suspended at both ends) it reports exactly the decisions debugfs
 * counted, each with the governor's decision number, and the last one as
 * debugfs shows it; --hist residency adds up to the same decisions and,
 * per clock, to the segments the sim device logged; --count and --duration
 * stop it; while attached it pins the module (rmmod refused), and after it
 * exits rmmod succeeds.  Finally, with a gpugov.ko that carries BTF
 * (/data/gpugov-btf.ko, mk/bpf.mk), it picks tp_btf by itself, checks the
 * layout against that BTF and counts as exactly.
 */
#include "../../bpf/selftest_tracer.h"

#define DEV		SIM_DEV "0"
#define MAX_LINES	4096

static char buf[1 << 20];

static unsigned long long decisions(void)
{
	return vt_key(vt_govdbg(0, "stats"), "decisions");
}

/* Value of "key word" in a debugfs file, as a string. */
static int read_word(const char *path, const char *key, char *out, size_t size)
{
	static char f[8192];
	char *p, fmt[32];

	if (vt_read(path, f, sizeof(f)) <= 0)
		return -1;
	for (p = f; p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		if (!strncmp(p, key, strlen(key)) && p[strlen(key)] == ' ') {
			snprintf(fmt, sizeof(fmt), "%%%zus", size - 1);
			return sscanf(p + strlen(key) + 1, fmt, out) == 1 ? 0 : -1;
		}
	}
	return -1;
}

/* One line of live output. */
struct line {
	unsigned long long seq;
	unsigned int cur_khz, chosen_khz;
	char dev[32], model[32], reason[32];
};

static int parse_live(const char *path, struct line *l, int max)
{
	char *s, *save;
	int n = 0;

	if (vt_read(path, buf, sizeof(buf)) < 0)
		return -1;
	for (s = strtok_r(buf, "\n", &save); s && n < max;
	     s = strtok_r(NULL, "\n", &save)) {
		double ts, intv, busy, pred, metric;
		unsigned long long insts;
		char stall[16], obj[32];
		unsigned int caps;

		if (!strncmp(s, "TIME", 4))
			continue;
		if (sscanf(s, "%lf %31s %llu %lf %lf %x %llu %15s %31s %31s %31s %u -> %u %lf %lf",
			   &ts, l[n].dev, &l[n].seq, &intv, &busy, &caps, &insts,
			   stall, l[n].model, obj, l[n].reason, &l[n].cur_khz,
			   &l[n].chosen_khz, &pred, &metric) != 15)
			return -1;
		n++;
	}
	return n;
}

static void check_errors(void)
{
	char *argv[] = { GT_TRACE_BIN, "-D", "1", NULL };

	vt_teardown();
	vt_ok(!vt_module_loaded("gpugov"), "gpugov not loaded");
	vt_ok(gt_run(argv, "/tmp/gt-nomod.out", "/tmp/gt-nomod.err", false) == 1 &&
	      gt_file_has("/tmp/gt-nomod.err", "gpugov module is not loaded"),
	      "without gpugov: exit 1, \"gpugov module is not loaded\"");
	vt_ok(!vt_setup(NULL), "modules load");
	vt_ok(gt_run(argv, "/tmp/gt-nocap.out", "/tmp/gt-nocap.err", true) == 1 &&
	      gt_file_has("/tmp/gt-nocap.err", "BPF not permitted"),
	      "without CAP_BPF, CAP_PERFMON, CAP_SYS_ADMIN: exit 1, \"BPF not permitted\"");
}

/* Live output over a closed window vs debugfs. */
static void check_live(void)
{
	static struct line l[MAX_LINES];
	const char *args[] = { "-d", DEV, NULL };
	unsigned long long d0, d1;
	struct tracer_summary sum;
	struct tracer t;
	char want[32];
	int n, i, err, bad = 0;

	vt_ok(!vt_write_str(vt_simdbg(0, "suspend"), "1"), "device suspended");
	d0 = decisions();
	vt_ok(!tracer_start(&t, "gt-live", args), "gpugov-trace -d %s attached", DEV);
	vt_ok(!vt_write_str(vt_simdbg(0, "suspend"), "0"), "device resumed");
	vt_ok(vt_wait_polls(0, 40, 20000), "40 polls");
	vt_ok(!vt_write_str(vt_simdbg(0, "suspend"), "1"), "device suspended");
	d1 = decisions();
	vt_ok(tracer_stop(&t) == 0, "SIGINT: exit 0");
	err = tracer_summary(&t, &sum);
	vt_ok(!err && sum.decisions == d1 - d0 && !sum.lost,
	      "summary: %llu decisions, 0 lost; debugfs counted %llu",
	      sum.decisions, d1 - d0);
	n = parse_live(t.out, l, MAX_LINES);
	vt_ok(n >= 0 && (unsigned long long)n == d1 - d0,
	      "one line per decision: %d lines", n);
	for (i = 0; i < n; i++)
		bad += strcmp(l[i].dev, DEV) || l[i].seq != d0 + 1 + i;
	vt_ok(n > 0 && !bad, "decision numbers %llu..%llu, device %s", d0 + 1,
	      d1, DEV);
	if (n <= 0)
		return;
	vt_ok(l[n - 1].cur_khz == vt_key(vt_govdbg(0, "decision"), "cur_khz") &&
	      l[n - 1].chosen_khz == vt_key(vt_govdbg(0, "decision"), "chosen_khz"),
	      "last line's frequencies = debugfs decision (%u -> %u)",
	      l[n - 1].cur_khz, l[n - 1].chosen_khz);
	vt_ok(!read_word(vt_govdbg(0, "decision"), "reason", want, sizeof(want)) &&
	      !strcmp(want, l[n - 1].reason), "last reason = debugfs (%s)", want);
	vt_ok(!read_word(vt_govdbg(0, "decision"), "predictor_used", want, sizeof(want)) &&
	      !strncmp(want, l[n - 1].model, strlen(want)),
	      "last model = debugfs predictor_used (%s)", want);
}

/* Busy intervals per clock in the sim device's log. */
static int log_counts(unsigned int *khz, unsigned long long *cnt, int max)
{
	char *s, *save;
	int n = 0, i;

	if (vt_read(vt_simdbg(0, "log"), buf, sizeof(buf)) <= 0)
		return -1;
	for (s = strtok_r(buf, "\n", &save); s; s = strtok_r(NULL, "\n", &save)) {
		unsigned int seg, opp, k;

		if (sscanf(s, "%u %u %u", &seg, &opp, &k) != 3)
			return -1;
		for (i = 0; i < n && khz[i] != k; i++)
			;
		if (i == n && n < max) {
			khz[n] = k;
			cnt[n++] = 0;
		}
		if (i < n)
			cnt[i]++;
	}
	return n;
}

/* --hist over one whole run of the trace, between idle polls. */
static void check_hist(void)
{
	const char *args[] = { "-H", "-d", DEV, NULL };
	unsigned long long d0, d1, tot = 0, busy = 0, checked = 0;
	unsigned long long lcnt[64], c, u, o;
	unsigned int lkhz[64], k;
	int nl, i, bad = 0, rows = 0;
	struct tracer_summary sum;
	struct tracer t;
	char *s, *save;

	vt_ok(!vt_write_str(vt_simdbg(0, "run"), "0") &&
	      !vt_write_str(vt_simdbg(0, "loop"), "0"), "replay stopped, no loop");
	d0 = decisions();
	vt_ok(!tracer_start(&t, "gt-hist", args), "gpugov-trace -H attached");
	vt_ok(!vt_write_str(vt_simdbg(0, "suspend"), "0"), "device resumed");
	vt_ok(!vt_write_str(vt_simdbg(0, "run"), "1") && vt_wait_done(0, 120000),
	      "one run of the trace");
	vt_ok(vt_wait_polls(0, 3, 5000), "idle polls after it");
	vt_ok(!vt_write_str(vt_simdbg(0, "suspend"), "1"), "device suspended");
	d1 = decisions();
	vt_ok(tracer_stop(&t) == 0, "SIGINT: exit 0");
	i = tracer_summary(&t, &sum);
	vt_ok(!i && sum.decisions == d1 - d0 && !sum.lost,
	      "summary: %llu decisions, 0 lost; debugfs counted %llu",
	      sum.decisions, d1 - d0);

	nl = log_counts(lkhz, lcnt, 64);
	vt_ok(nl > 0, "sim log read: %d clocks", nl);
	if (vt_read(t.out, buf, sizeof(buf)) <= 0)
		buf[0] = 0;
	for (s = strtok_r(buf, "\n", &save); s; s = strtok_r(NULL, "\n", &save)) {
		unsigned long long iv, bi;

		if (sscanf(s, "%u %llu %llu", &k, &iv, &bi) == 3) {
			rows++;
			tot += iv;
			busy += bi;
			for (i = 0; i < nl && lkhz[i] != k; i++)
				;
			bad += bi != (i < nl ? lcnt[i] : 0);
		} else if (sscanf(s, " total : %llu %llu checked %llu", &u, &o, &c) == 3) {
			checked += c;
			bad += u + o != c;
		}
	}
	for (i = 0, c = 0; i < nl; i++)
		c += lcnt[i];
	vt_ok(rows > 0 && tot == d1 - d0,
	      "residency: %llu intervals = debugfs decisions %llu", tot, d1 - d0);
	vt_ok(rows > 0 && !bad && busy == c,
	      "residency: busy intervals per clock = sim log (%llu segments)", c);
	vt_ok(checked > 0 && checked <= busy,
	      "prediction error: %llu predictions checked, under + over = total",
	      checked);
}

/* --count and --duration end it by themselves. */
static void check_limits(void)
{
	static struct line l[16];
	const char *cnt[] = { "-c", "5", "-d", DEV, NULL };
	const char *dur[] = { "-D", "1", NULL };
	struct tracer_summary sum;
	struct tracer t;
	int n;

	vt_ok(!vt_write_str(vt_simdbg(0, "suspend"), "0"), "device resumed");
	vt_ok(!tracer_start(&t, "gt-count", cnt) && tracer_wait(&t, 30000) == 0,
	      "-c 5: exits 0 by itself");
	n = parse_live(t.out, l, 16);
	sum.decisions = 0;
	tracer_summary(&t, &sum);
	vt_ok(n == 5 && sum.decisions == 5,
	      "-c 5: 5 lines, summary 5 decisions (%d)", n);
	vt_ok(!tracer_start(&t, "gt-dur", dur) && tracer_wait(&t, 30000) == 0,
	      "-D 1: exits 0 by itself");
}

/* Attached, the tracepoints hold the module. */
static void check_pin(void)
{
	const char *args[] = { NULL };
	struct tracer_summary sum;
	struct tracer t;
	char rc[16] = "";
	int err;

	/* gpugov_sim uses gpugov's symbols: it holds a reference too. */
	vt_ok(!vt_set_governor(0, "simple_ondemand") && !vt_unload("gpugov_sim"),
	      "device -> simple_ondemand, gpugov_sim unloaded");
	vt_ok(!vt_read_line("/sys/module/gpugov/refcnt", rc, sizeof(rc)) &&
	      !strcmp(rc, "0"), "gpugov refcnt 0: nothing uses it");
	vt_ok(!tracer_start(&t, "gt-pin", args), "gpugov-trace attached");
	vt_ok(!vt_read_line("/sys/module/gpugov/refcnt", rc, sizeof(rc)) &&
	      atoi(rc) > 0, "gpugov refcnt %s: held by the tracer's links", rc);
	err = vt_unload("gpugov");
	vt_ok(err == -EWOULDBLOCK, "rmmod gpugov while attached: %s",
	      strerror(-err));
	vt_ok(vt_module_loaded("gpugov") && !kill(t.pid, 0),
	      "module and tracer still there");
	err = tracer_stop(&t);
	vt_ok(!err && !tracer_summary(&t, &sum), "SIGINT: exit 0 with its counts");
	err = vt_unload("gpugov");
	vt_ok(!err, "rmmod gpugov after it exited: %s", strerror(-err));
}

/* A closed window of @polls polls; the decisions debugfs counted in it. */
static unsigned long long window(struct tracer *t, const char *name,
				 const char *const *args, unsigned int polls)
{
	unsigned long long d0;

	vt_write_str(vt_simdbg(0, "suspend"), "1");
	d0 = decisions();
	if (tracer_start(t, name, args))
		return ~0ULL;
	vt_write_str(vt_simdbg(0, "suspend"), "0");
	vt_wait_polls(0, polls, 20000);
	vt_write_str(vt_simdbg(0, "suspend"), "1");
	return decisions() - d0;
}

/* The module with BTF: tp_btf is chosen at run time. */
static void check_tp_btf(void)
{
	static struct line l[MAX_LINES];
	const char *args[] = { "-d", DEV, NULL };
	unsigned long long n;
	struct tracer_summary sum = { 0 };
	struct tracer t;
	int err, nl, i, bad = 0;

	vt_ok(!vt_insmod(DATA_DIR "/gpugov-btf.ko", NULL) &&
	      vt_exists("/sys/kernel/btf/gpugov"),
	      "gpugov.ko with BTF loaded: /sys/kernel/btf/gpugov");
	vt_ok(!vt_load("gpugov_sim", NULL) &&
	      !vt_load_blob(0, DATA_DIR "/sweep.blob", 65536) &&
	      !vt_set_governor(0, "gpugov") &&
	      !vt_write_str(vt_simdbg(0, "loop"), "1") &&
	      !vt_write_str(vt_simdbg(0, "run"), "1"), "sim device runs gpugov");
	n = window(&t, "gt-btf", args, 20);
	err = tracer_stop(&t);
	err = err ? err : tracer_summary(&t, &sum);
	vt_ok(!err && gt_file_has(t.err, "(tp_btf)"), "attached with tp_btf");
	nl = parse_live(t.out, l, MAX_LINES);
	for (i = 1; i < nl; i++)
		bad += l[i].seq != l[i - 1].seq + 1;
	vt_ok(nl > 0 && (unsigned long long)nl == n && sum.decisions == n && !bad,
	      "tp_btf: %d lines, consecutive numbers, = %llu debugfs decisions",
	      nl, n);
	vt_ok(!vt_set_governor(0, "simple_ondemand"), "back to simple_ondemand");
}

int main(void)
{
	check_errors();
	vt_replay_loop(DATA_DIR "/sweep.blob", 65536);
	vt_ok(vt_wait_polls(0, 3, 5000), "polling");
	check_live();
	check_hist();
	check_limits();
	check_pin();
	check_tp_btf();
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
