// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_trace.c - gpugov-trace: trace the gpugov devfreq governor's
 * decisions with BPF (libbpf skeleton, bcc libbpf-tools style).
 *
 * Attaches to gpugov:gpugov_sample and gpugov:gpugov_decision, as tp_btf
 * where the module has BTF and as raw_tp everywhere else (chosen at run
 * time, see gpugov_trace.bpf.c), and either prints one line per decision,
 * sums histograms in BPF maps (--hist), or records the samples of one
 * device as a v1 sample trace (--record) for `gpugov-replay run`.
 *
 * While attached, the tracepoints hold a reference on the gpugov module,
 * so `rmmod gpugov` is refused until gpugov-trace exits.
 */
#include <argp.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <bpf/libbpf.h>

#include "gpugov_trace.h"
#include "strnum.h"
#include "gpugov_trace.skel.h"
#include "trace_hist.h"
#include "trace_layout.h"
#include "trace_live.h"
#include "trace_record.h"
#include "trace_sysfs.h"
#include "version.h"

enum attach_mode { ATTACH_AUTO, ATTACH_RAW_TP, ATTACH_TP_BTF };

static struct env {
	const char *device;
	const char *record;
	bool hist;
	bool verbose;
	unsigned long duration;		/* seconds, 0 = until SIGINT */
	unsigned long long count;	/* decisions, 0 = no limit */
	enum attach_mode attach;
} env;

/* What the ring buffer callback needs. */
struct trace_ctx {
	struct gt_recorder *rec;
	struct gpugov_sample pending;	/* --record: sample awaiting its decision */
	bool have_pending;
	unsigned long long decisions;
	unsigned long long samples;
	__u64 start_ns;
	bool live;
	bool done;		/* --count reached */
	bool write_error;
};

static volatile sig_atomic_t exiting;

/* --version, -V: the project's version (VERSION), as every tool prints it. */
static void print_trace_version(FILE *f, struct argp_state *state)
{
	fprintf(f, "gpugov-trace %s\n", gpugov_version);
}

void (*argp_program_version_hook)(FILE *, struct argp_state *) =
	print_trace_version;
static const char argp_doc[] =
"Trace the decisions of the gpugov devfreq governor with BPF.\n"
"\n"
"USAGE: gpugov-trace [-d DEV] [-H] [-r FILE] [-D SECS] [-c N] [-a MODE] [-v]\n"
"\n"
"Without -H or -r, prints one line per decision: time, device, decision\n"
"number, interval, busy %, counter caps, instructions, memory stall % of\n"
"the busy cycles, model used (* = fallback from the configured one),\n"
"objective, reason, frequency in force -> chosen, predicted busy time and\n"
"objective (relative to the frequency in force) at the chosen one.\n"
"At the end, a summary with the counts goes to stderr.\n"
"\n"
"EXAMPLES:\n"
"    gpugov-trace                    # every decision of every device\n"
"    gpugov-trace -d fb000000.gpu    # one device\n"
"    gpugov-trace -H -D 10           # histograms over 10 seconds\n"
"    gpugov-trace -r run.trace       # record the device running gpugov\n"
"    gpugov-replay run --predictor crisp --objective edp run.trace\n"
"\n"
"Exit status: 0 success, 1 failure (not loaded, not permitted, events lost\n"
"while recording), 2 bad usage.";

static const struct argp_option opts[] = {
	{ "device", 'd', "DEV", 0, "Only this devfreq device (e.g. gpugov_sim.0)", 0 },
	{ "hist", 'H', NULL, 0,
	  "Frequency residency and prediction-error histograms at the end", 0 },
	{ "record", 'r', "FILE", 0,
	  "Write the device's samples as a v1 sample trace for gpugov-replay", 0 },
	{ "duration", 'D', "SECS", 0, "Stop after SECS seconds", 0 },
	{ "count", 'c', "N", 0, "Stop after N decisions", 0 },
	{ "attach", 'a', "MODE", 0,
	  "auto (default: tp_btf if the module has BTF, else raw_tp), raw_tp, tp_btf", 0 },
	{ "verbose", 'v', NULL, 0, "Show libbpf's messages", 0 },
	{ NULL, 'h', NULL, OPTION_HIDDEN, "Show the full help", 0 },
	{ 0 },
};

/*
 * A count of 1..@max, digits only: strtoull() would take blanks, a sign
 * and a wrapped negative.  Else exits 2 naming option -@key and the range.
 */
static u64 parse_count(struct argp_state *state, int key, const char *name,
		       const char *arg, u64 max)
{
	u64 v;

	if (parse_u64(arg, strlen(arg), &v) || !v || v > max)
		argp_error(state, "-%c/--%s: bad value '%s' (accepted: 1..%llu)",
			   key, name, arg, (unsigned long long)max);
	return v;
}

static error_t parse_arg(int key, char *arg, struct argp_state *state)
{
	switch (key) {
	case 'd':
		if (strlen(arg) >= GT_DEV_LEN)
			argp_error(state, "-d/--device: bad value '%s' (accepted: a name of at most %d characters)",
				   arg, GT_DEV_LEN - 1);
		env.device = arg;
		break;
	case 'H':
		env.hist = true;
		break;
	case 'r':
		env.record = arg;
		break;
	case 'D':
		env.duration = parse_count(state, key, "duration", arg,
					   ULONG_MAX / 1000000000UL);
		break;
	case 'c':
		env.count = parse_count(state, key, "count", arg, U64_MAX);
		break;
	case 'a':
		if (!strcmp(arg, "auto"))
			env.attach = ATTACH_AUTO;
		else if (!strcmp(arg, "raw_tp"))
			env.attach = ATTACH_RAW_TP;
		else if (!strcmp(arg, "tp_btf"))
			env.attach = ATTACH_TP_BTF;
		else
			argp_error(state, "-a/--attach: bad value '%s' (accepted: auto, raw_tp or tp_btf)",
				   arg);
		break;
	case 'v':
		env.verbose = true;
		break;
	case 'h':
		argp_state_help(state, stdout, ARGP_HELP_STD_HELP);
		break;
	case ARGP_KEY_ARG:
		argp_usage(state);
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static int libbpf_print_fn(enum libbpf_print_level level, const char *fmt,
			   va_list args)
{
	/* Our own messages say what failed; libbpf's log is for -v. */
	if (!env.verbose)
		return 0;
	return vfprintf(stderr, fmt, args);
}

static void sig_handler(int sig)
{
	exiting = 1;
}

static __u64 now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (__u64)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static int handle_event(void *arg, void *data, size_t size)
{
	static struct gt_decision d;
	struct trace_ctx *ctx = arg;
	const struct gt_sample *s = data;

	if (ctx->done || size < sizeof(__u32))
		return 0;
	switch (*(const __u32 *)data) {
	case GT_EV_SAMPLE:
		if (size < sizeof(*s))
			return 0;
		ctx->samples++;
		/*
		 * Recorded once its decision arrives: attaching or stopping
		 * between the two tracepoints of a poll leaves a sample
		 * without a decision, which is dropped, so every record has
		 * one.
		 */
		ctx->pending = s->s;
		ctx->have_pending = true;
		break;
	case GT_EV_DECISION:
		if (size < GT_DECISION_SIZE)
			return 0;
		/* The event ends before the sample's waves. */
		memcpy(&d, data, GT_DECISION_SIZE);
		ctx->decisions++;
		if (ctx->rec && ctx->have_pending &&
		    gt_record_sample(ctx->rec, &ctx->pending, &d))
			ctx->write_error = true;
		ctx->have_pending = false;
		if (ctx->live)
			gt_live_line(stdout, &d, ctx->start_ns);
		if (env.count && ctx->decisions >= env.count)
			ctx->done = true;
		break;
	}
	return 0;
}

static bool use_tp_btf(void)
{
	if (env.attach != ATTACH_AUTO)
		return env.attach == ATTACH_TP_BTF;
	return !access(GT_MODULE_BTF, R_OK);
}

/* Open, configure and load the skeleton with one attach type. */
static struct gpugov_trace_bpf *open_and_load(bool tp_btf, const char *dev,
					      int *err)
{
	struct gpugov_trace_bpf *skel;

	skel = gpugov_trace_bpf__open();
	if (!skel) {
		*err = -errno;
		return NULL;
	}
	gt_layout_fill((struct gt_layout *)&skel->rodata->layout);
	if (dev)
		strncpy((char *)skel->rodata->dev_filter, dev, GT_DEV_LEN - 1);
	skel->rodata->want_samples = !!env.record;
	skel->rodata->want_hist = env.hist;
	skel->rodata->max_decisions = env.count;
	bpf_program__set_autoload(skel->progs.raw_sample, !tp_btf);
	bpf_program__set_autoload(skel->progs.raw_decision, !tp_btf);
	bpf_program__set_autoload(skel->progs.btf_sample, tp_btf);
	bpf_program__set_autoload(skel->progs.btf_decision, tp_btf);
	*err = gpugov_trace_bpf__load(skel);
	if (*err) {
		gpugov_trace_bpf__destroy(skel);
		return NULL;
	}
	return skel;
}

/*
 * bpf() says EPERM for missing capabilities; EACCES is the verifier
 * refusing a program, which is not a permission problem.
 */
static void report_load_error(int err)
{
	if (err == -EPERM)
		fprintf(stderr, "gpugov-trace: BPF not permitted (%s): "
			"run as root, or with CAP_BPF and CAP_PERFMON\n", strerror(-err));
	else if (err == -EACCES)
		fprintf(stderr, "gpugov-trace: the kernel's verifier refused the BPF programs "
			"(-v shows its log)\n");
	else
		fprintf(stderr, "gpugov-trace: cannot load the BPF programs: %s (-v shows libbpf's log)\n",
			strerror(-err));
}

/* Pick the device to record: the one given, or the only one running gpugov. */
static const char *record_device(char *buf, size_t size)
{
	int err;

	if (env.device)
		return env.device;
	err = gt_only_device(buf, size);
	if (!err)
		return buf;
	if (err == -EEXIST)
		fprintf(stderr, "gpugov-trace: several devices run gpugov, choose one with -d\n");
	else if (err == -ENOENT && *gt_debugfs_why(NULL))
		fprintf(stderr, "gpugov-trace: %s is missing%s\n", GT_DEBUGFS, gt_debugfs_why(NULL));
	else if (err == -ENOENT)
		fprintf(stderr, "gpugov-trace: no device runs gpugov (%s is empty)\n", GT_DEBUGFS);
	else
		fprintf(stderr, "gpugov-trace: %s: %s%s\n", GT_DEBUGFS, strerror(-err),
			err == -EACCES ? " (run as root)" : "");
	return NULL;
}

static void print_hists(struct gpugov_trace_bpf *skel)
{
	if (gt_hist_print_residency(stdout, bpf_map__fd(skel->maps.residency)) ||
	    gt_hist_print_prederr(stdout, bpf_map__fd(skel->maps.prederr)))
		fprintf(stderr, "gpugov-trace: cannot read the histogram maps\n");
}

/*
 * How often the ring buffer is drained.  The BPF side submits without
 * wakeups: a wakeup is an irq_work, and freeing the ring buffer when the
 * tracer exits busy-waits (irq_work_sync()) for the last one.  Where an
 * irq_work IPI is lost (seen in guests) that wait never ends and the CPU
 * locks up; without wakeups no irq_work is ever queued.  The 4 MiB buffer
 * holds over a second of decisions of eight devices polled every 1 ms.
 */
#define GT_DRAIN_MS	20

/* Consume events until a limit, a signal or the module going away. */
static int trace_loop(struct ring_buffer *rb, struct trace_ctx *ctx,
		      bool *gone)
{
	const struct timespec nap = { 0, GT_DRAIN_MS * 1000000L };
	__u64 end = env.duration ? ctx->start_ns + env.duration * 1000000000ULL : 0;
	int err = 0;

	while (!exiting && !ctx->done && !ctx->write_error) {
		err = ring_buffer__consume(rb);
		if (err < 0) {
			fprintf(stderr, "gpugov-trace: ring buffer: %s\n", strerror(-err));
			break;
		}
		err = 0;
		fflush(stdout);
		if (end && now_ns() >= end)
			break;
		/* Cannot happen while attached, short of a forced unload. */
		if (!gt_module_loaded()) {
			*gone = true;
			break;
		}
		nanosleep(&nap, NULL);	/* a signal ends it early */
	}
	/* What is already in the buffer still counts. */
	if (!ctx->done && !ctx->write_error)
		ring_buffer__consume(rb);
	return err;
}

int main(int argc, char **argv)
{
	static const struct argp argp = {
		.options = opts,
		.parser = parse_arg,
		.doc = argp_doc,
	};
	struct gpugov_trace_bpf *skel = NULL;
	struct ring_buffer *rb = NULL;
	static struct trace_ctx ctx;
	struct gt_recorder rec;
	struct sigaction sa = { 0 };
	char devbuf[GT_DEV_LEN], msg[512];
	const char *dev;
	bool tp_btf, gone = false;
	int err, ret = 1;

	argp_err_exit_status = 2;
	if (argp_parse(&argp, argc, argv, 0, NULL, NULL))
		return 2;
	libbpf_set_print(libbpf_print_fn);
	dev = env.device;

	if (!gt_module_loaded()) {
		fprintf(stderr, "gpugov-trace: the gpugov module is not loaded (no %s): "
			"modprobe gpugov, or select gpugov on a devfreq device\n", GT_SYS_MODULE);
		return 1;
	}
	if (dev && !env.record) {
		snprintf(msg, sizeof(msg), GT_DEVFREQ "/%s", dev);
		if (access(msg, F_OK))
			fprintf(stderr, "gpugov-trace: warning: no devfreq device %s (yet)\n", dev);
	}
	if (env.record) {
		dev = record_device(devbuf, sizeof(devbuf));
		if (!dev)
			return 1;
		if (gt_record_open(&rec, env.record, dev, msg, sizeof(msg))) {
			fprintf(stderr, "gpugov-trace: %s\n", msg);
			return 1;
		}
		ctx.rec = &rec;
	}

	tp_btf = use_tp_btf();
	if (tp_btf && gt_layout_check_btf(GT_MODULE_BTF, msg, sizeof(msg))) {
		fprintf(stderr, "gpugov-trace: this build does not match the running gpugov module: %s\n",
			msg);
		goto out;
	}
	skel = open_and_load(tp_btf, dev, &err);
	if (!skel && tp_btf && env.attach == ATTACH_AUTO && err != -EPERM) {
		if (env.verbose)
			fprintf(stderr, "gpugov-trace: tp_btf failed (%s), using raw_tp\n",
				strerror(-err));
		tp_btf = false;
		skel = open_and_load(false, dev, &err);
	}
	if (!skel) {
		report_load_error(err);
		goto out;
	}
	err = gpugov_trace_bpf__attach(skel);
	if (err) {
		fprintf(stderr, "gpugov-trace: cannot attach to the gpugov tracepoints: %s%s\n",
			strerror(-err), err == -ENOENT ? " (is the gpugov module loaded?)" : "");
		goto out;
	}
	ctx.live = !env.hist && !env.record;
	rb = ring_buffer__new(bpf_map__fd(skel->maps.events), handle_event, &ctx, NULL);
	if (!rb) {
		fprintf(stderr, "gpugov-trace: cannot open the ring buffer: %s\n", strerror(errno));
		goto out;
	}

	sa.sa_handler = sig_handler;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	ctx.start_ns = now_ns();
	fprintf(stderr, "Tracing gpugov decisions%s%s (%s)... Hit Ctrl-C to end.\n",
		dev ? " of " : "", dev ? dev : "", tp_btf ? "tp_btf" : "raw_tp");
	if (ctx.live)
		gt_live_header(stdout);

	if (trace_loop(rb, &ctx, &gone))
		goto out;
	ret = 0;
	if (env.hist)
		print_hists(skel);
	fflush(stdout);
	fprintf(stderr, "gpugov-trace: %llu decisions, %llu samples, %llu lost%s\n",
		ctx.decisions, ctx.samples, (unsigned long long)skel->bss->nr_lost,
		gone ? " (the gpugov module was unloaded)" : "");
	if (env.record) {
		if (ctx.write_error || skel->bss->nr_lost) {
			fprintf(stderr, "gpugov-trace: %s is incomplete: %s\n", env.record,
				ctx.write_error ? "write error" : "events were lost");
			ret = 1;
		}
		fprintf(stderr, "gpugov-trace: %llu records written to %s\n",
			rec.records, env.record);
	}
out:
	ring_buffer__free(rb);
	gpugov_trace_bpf__destroy(skel);
	if (env.record && gt_record_close(&rec)) {
		fprintf(stderr, "gpugov-trace: %s: write error\n", env.record);
		ret = 1;
	}
	return ret;
}
