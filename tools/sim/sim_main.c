// SPDX-License-Identifier: GPL-2.0
/*
 * sim_main.c - gpugov-sim command line (docs/simulator.md).
 *
 *   gpugov-sim run      -g GPU -w WORKLOAD [--opp I]
 *   gpugov-sim sweep    -g GPU -w WORKLOAD [--segment N | --epoch-us N |
 *                       --frames]
 *                       [--follow top|energy|edp|ed2p] [-o TRACE]
 *                       [--oracle FILE]
 *   gpugov-sim online   -g GPU -w WORKLOAD --epoch-us N
 *                       [--predictor NAME] [--objective NAME] [-o TRACE]
 *                       [--target RATE] [--idle-uw UW]
 *                       [--coremem-gpu NAME|FILE]
 *   gpugov-sim openloop TRACE...
 * Common: --seed S (default 1), --scale F (grid factor, default 1).
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "online.h"
#include "openloop.h"
#include "names.h"
#include "outfile.h"
#include "strnum.h"
#include "sweep.h"
#include "version.h"

struct cli {
	const char *gpu, *wl, *out, *oracle, *per_sm;
	u64 seed;
	double scale;
	long opp;
	u64 segment;
	u64 epoch_us;
	int nr_sizes;	/* how many of --segment, --epoch-us, --frames */
	bool frames;
	enum sim_follow follow;
	enum sim_objective follow_obj;
	int pred;
	int objective;
	u64 target;	/* online --target: objective target, work units/s */
	u64 idle_uw;	/* online --idle-uw: the policy's idle power */
};

static struct sim_gpu_desc gpu;
static struct sim_workload wl;
static struct coremem_gpu_sel coremem;	/* --coremem-gpu */

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * Usage of the tool (cmd NULL) or of one subcommand.  Asked for with
 * --help or -h it goes to stdout with exit status 0 (GNU); after a usage
 * error, to stderr with exit status 2.
 */
static const char usage_top[] =
	"usage: gpugov-sim run|sweep|online -g GPU -w WORKLOAD [options]\n"
	"       gpugov-sim openloop TRACE...\n"
	"       gpugov-sim [SUBCOMMAND] --help\n"
	"       gpugov-sim --version\n"
	"  run       the whole workload as one interval at one OPP\n"
	"  sweep     sweep trace: each interval re-run at every OPP\n"
	"  online    a predictor and objective of predictors/ in the loop\n"
	"  openloop  open-loop MAPE of every predictor over sweep traces\n"
	"Common: -g, --gpu GPU  -w, --workload WORKLOAD  -s, --seed S (default 1)\n"
	"        --scale F (grid factor, default 1)\n"
	"Exit status: 0 success, 1 run-time failure, 2 bad usage.\n"
	"See docs/simulator.md.\n";

static const char usage_run[] =
	"usage: gpugov-sim run -g GPU -w WORKLOAD [--opp I] [-s S] [--scale F]\n"
	"  -g, --gpu GPU            GPU description file (tools/sim/gpus/*.gpu)\n"
	"  -w, --workload WORKLOAD  workload file (tools/sim/workloads/)\n"
	"  --opp I                  OPP index (default: the fastest)\n"
	"  -s, --seed S             random seed (default 1)\n"
	"  --scale F                multiply every kernel's grid by F (default 1)\n"
	"Prints the run's time, energy and counters on one line.\n"
	"Exit status: 0 success, 1 run-time failure, 2 bad usage.\n";

static const char usage_sweep[] =
	"usage: gpugov-sim sweep -g GPU -w WORKLOAD\n"
	"          [--segment INSTS | --epoch-us US | --frames]\n"
	"          [--follow top|energy|edp|ed2p] [-o TRACE] [--oracle FILE]\n"
	"          [--per-sm DIR] [-s S] [--scale F]\n"
	"  -g, --gpu GPU            GPU description file\n"
	"  -w, --workload WORKLOAD  workload file\n"
	"  --segment INSTS          intervals of INSTS warp instructions (default 200000)\n"
	"  --epoch-us US            intervals of US microseconds (epoch sweep)\n"
	"  --frames                 one interval per frame marker of the workload\n"
	"  --follow MODE            continue from the top OPP (top, default) or from\n"
	"                           the oracle's choice for energy, edp or ed2p\n"
	"  -o, --output TRACE       write the sweep trace (- = stdout)\n"
	"  --oracle FILE            write the per-interval oracle (- = stdout)\n"
	"  --per-sm DIR             also write one sweep trace per SM, DIR/smNN.trace\n"
	"                           (that SM's counters and all its waves)\n"
	"  -s, --seed S             random seed (default 1)\n"
	"  --scale F                multiply every kernel's grid by F (default 1)\n"
	"Exit status: 0 success, 1 run-time failure, 2 bad usage.\n";

static const char usage_online[] =
	"usage: gpugov-sim online -g GPU -w WORKLOAD --epoch-us US\n"
	"          [--predictor NAME] [--objective NAME] [--coremem-gpu NAME|FILE]\n"
	"          [--target RATE] [--idle-uw UW] [-o TRACE | --per-sm DIR]\n"
	"          [-s S] [--scale F]\n"
	"  -g, --gpu GPU            GPU description file\n"
	"  -w, --workload WORKLOAD  workload file\n"
	"  --epoch-us US            decide every US microseconds (required)\n"
	"  --target RATE            objective target (GRAPE): hold RATE warp\n"
	"                           instructions per busy second (1..10^12)\n"
	"  --idle-uw UW             the policy's idle power, uW (default 0)\n"
	"  --predictor NAME         model of predictors/ (default crisp; the names\n"
	"                           are listed below)\n"
	"  --objective NAME         objective (default edp; listed below)\n"
	"  --coremem-gpu NAME|FILE  GPU description of the coremem model (a built-in\n"
	"                           name or a key=value file, docs/coremem.md)\n"
	"  -o, --output TRACE       write the samples the governor saw (- = stdout)\n"
	"  --per-sm DIR             per-SM V/f domains: a governor per SM sets its\n"
	"                           core clock; its samples to DIR/smNN.trace\n"
	"  -s, --seed S             random seed (default 1)\n"
	"  --scale F                multiply every kernel's grid by F (default 1)\n"
	"Exit status: 0 success, 1 run-time failure, 2 bad usage.\n";

static const char usage_openloop[] =
	"usage: gpugov-sim openloop SWEEP_TRACE...\n"
	"MAPE of every predictor from the top OPP to every other OPP, per trace,\n"
	"averaged, and the maximum error.\n"
	"Exit status: 0 success, 1 unreadable trace, 2 bad usage.\n";

/* What online's --predictor and --objective accept. */
static void print_online_names(FILE *f)
{
	char buf[NAMES_MAX];

	fprintf(f, "Predictors: %s\n", predictor_names(buf, sizeof(buf)));
	fprintf(f, "Objectives: %s\n", objective_names(0, buf, sizeof(buf)));
}

static void usage_of(const char *cmd, bool help)
{
	const char *u = usage_top;

	if (!cmd)
		u = usage_top;
	else if (!strcmp(cmd, "run"))
		u = usage_run;
	else if (!strcmp(cmd, "sweep"))
		u = usage_sweep;
	else if (!strcmp(cmd, "online"))
		u = usage_online;
	else if (!strcmp(cmd, "openloop"))
		u = usage_openloop;
	fputs(u, help ? stdout : stderr);
	if (u == usage_online)
		print_online_names(help ? stdout : stderr);
	exit(help ? 0 : 2);
}

/* The subcommand being parsed, for usage(). */
static const char *sim_cmd;

static void usage(void)
{
	usage_of(sim_cmd, false);
}

/* A usage error: what is wrong, named, then the usage; exit 2. */
static void __attribute__((format(printf, 1, 2))) usage_err(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "gpugov-sim%s%s: ", sim_cmd ? " " : "", sim_cmd ? sim_cmd : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	usage();
}

/*
 * What getopt_long (opterr off, optstring led by ':') did not take: @ch
 * ':' a missing value, else an unknown option; @word is argv[optind - 1],
 * the word it stopped at ("--frob", "--gpu", "-x", "-gx"...).
 */
static void bad_option(int ch, const char *word)
{
	bool lng = word[0] == '-' && word[1] == '-';

	if (ch == ':') {
		if (lng)
			usage_err("option '%s' needs a value", word);
		usage_err("option '-%c' needs a value", optopt);
	}
	if (lng || !optopt)
		usage_err("unknown option '%s'", word);
	usage_err("unknown option '-%c'", optopt);
}

static bool is_help(const char *arg)
{
	return !strcmp(arg, "--help") || !strcmp(arg, "-h");
}

/*
 * Interval sizes are bounded so that the simulator's sums stay far from
 * wrapping: the counters of one interval fit 2^40 (DESIGN.md section 4),
 * an epoch is at most 10 s.
 */
#define SEGMENT_MAX	(1ULL << 40)
#define EPOCH_US_MAX	10000000ULL

/* The value of option --@opt: decimal in 0..@max, else exit 2. */
static u64 opt_u64(const char *opt, const char *val, u64 max)
{
	u64 v;

	if (parse_u64(val, strlen(val), &v) || v > max) {
		fprintf(stderr, "gpugov-sim: --%s '%s': not a decimal number "
			"in 0..%llu\n", opt, val, (unsigned long long)max);
		exit(2);
	}
	return v;
}

/* --scale: a finite factor > 0 (workload.c bounds the grids it makes). */
static double opt_scale(const char *val)
{
	double v;

	if (parse_finite(val, &v) || v <= 0) {
		fprintf(stderr, "gpugov-sim: --scale '%s': not a finite number "
			"> 0\n", val);
		exit(2);
	}
	return v;
}

static int parse_follow(struct cli *c, const char *s)
{
	u32 i;

	if (!strcmp(s, "top")) {
		c->follow = SIM_FOLLOW_TOP;
		return 0;
	}
	for (i = 0; i < SIM_NR_OBJ; i++)
		if (!strcmp(s, sim_objective_names[i])) {
			c->follow = SIM_FOLLOW_ORACLE;
			c->follow_obj = i;
			return 0;
		}
	return -1;
}

static void parse(struct cli *c, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "gpu", required_argument, NULL, 'g' },
		{ "workload", required_argument, NULL, 'w' },
		{ "output", required_argument, NULL, 'o' },
		{ "seed", required_argument, NULL, 's' },
		{ "scale", required_argument, NULL, 'S' },
		{ "opp", required_argument, NULL, 'p' },
		{ "segment", required_argument, NULL, 'n' },
		{ "epoch-us", required_argument, NULL, 'e' },
		{ "frames", no_argument, NULL, 'F' },
		{ "follow", required_argument, NULL, 'f' },
		{ "oracle", required_argument, NULL, 'O' },
		{ "per-sm", required_argument, NULL, 'M' },
		{ "predictor", required_argument, NULL, 'P' },
		{ "objective", required_argument, NULL, 'J' },
		{ "coremem-gpu", required_argument, NULL, 'G' },
		{ "target", required_argument, NULL, 'T' },
		{ "idle-uw", required_argument, NULL, 'I' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char cerr[COREMEM_GPU_ERR_MAX], nb[NAMES_MAX];
	int ch;

	memset(c, 0, sizeof(*c));
	c->seed = 1;
	c->scale = 1.0;
	c->opp = -1;
	c->segment = 200000;
	c->pred = GPUGOV_PRED_CRISP;
	c->objective = GPUGOV_OBJ_EDP;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":g:w:o:s:h", opts, NULL)) != -1) {
		switch (ch) {
		case 'g': c->gpu = optarg; break;
		case 'w': c->wl = optarg; break;
		case 'o': c->out = optarg; break;
		case 'O': c->oracle = optarg; break;
		case 'M': c->per_sm = optarg; break;
		case 's': c->seed = opt_u64("seed", optarg, U64_MAX); break;
		case 'S': c->scale = opt_scale(optarg); break;
		case 'p':
			c->opp = (long)opt_u64("opp", optarg, GPUGOV_MAX_OPPS - 1);
			break;
		case 'n':
			c->segment = opt_u64("segment", optarg, SEGMENT_MAX);
			c->nr_sizes++;
			break;
		case 'e':
			c->epoch_us = opt_u64("epoch-us", optarg, EPOCH_US_MAX);
			c->nr_sizes++;
			break;
		case 'F':
			c->frames = true;
			c->nr_sizes++;
			break;
		case 'f':
			if (parse_follow(c, optarg))
				usage_err("--follow '%s': not top, energy, edp or ed2p",
					  optarg);
			break;
		case 'P':
			c->pred = gpugov_predictor_find(optarg, strlen(optarg));
			if (c->pred < 0) {
				fprintf(stderr, "gpugov-sim: unknown predictor "
					"'%s' (accepted: %s)\n", optarg,
					predictor_names(nb, sizeof(nb)));
				exit(2);
			}
			break;
		case 'G':
			if (coremem_gpu_select(optarg, &coremem, cerr,
					       sizeof(cerr))) {
				fprintf(stderr, "--coremem-gpu: %s\n", cerr);
				exit(2);
			}
			break;
		case 'J':
			c->objective = gpugov_objective_find(optarg, strlen(optarg));
			if (c->objective < 0) {
				fprintf(stderr, "gpugov-sim: unknown objective "
					"'%s' (accepted: %s)\n", optarg,
					objective_names(0, nb, sizeof(nb)));
				exit(2);
			}
			break;
		case 'T':
			c->target = opt_u64("target", optarg, SIM_TARGET_MAX);
			if (!c->target)
				usage_err("--target 0: give a rate of 1 or more");
			break;
		case 'I':
			c->idle_uw = opt_u64("idle-uw", optarg, U32_MAX);
			break;
		case 'h':
			usage_of(sim_cmd, true);
			break;
		default:
			bad_option(ch, argv[optind - 1]);
		}
	}
	if (optind < argc)
		usage_err("unexpected argument '%s'", argv[optind]);
	if (!c->gpu || !c->wl)
		usage_err("%s missing", !c->gpu ? "-g GPU" : "-w WORKLOAD");
	if (!c->segment)
		usage_err("--segment 0: give 1 or more instructions");
	if (c->nr_sizes > 1) {
		fputs("gpugov-sim: --segment, --epoch-us and --frames each "
		      "define the intervals: give one\n", stderr);
		exit(2);
	}
}

/*
 * The files a sweep or an online run writes (-o, --oracle, --per-sm), all
 * or nothing together: on any failure none is put in place.  sm_f are the
 * per-SM streams as the simulator takes them.
 */
enum { OUT_TRACE, OUT_ORACLE, OUT_SM0, NR_OUTS = OUT_SM0 + SIM_MAX_SM };
static struct outfile outs[NR_OUTS];
static FILE *sm_f[SIM_MAX_SM];

/* Open --@opt @path (NULL: not asked for, "-": stdout); 0 or -1. */
static int open_out(struct outfile *o, const char *opt, const char *path)
{
	char err[SIM_ERR_MAX];

	if (!path)
		return 0;
	if (!strcmp(path, "-")) {
		outfile_stdout(o);
		return 0;
	}
	if (!outfile_open(o, path, err, sizeof(err)))
		return 0;
	fprintf(stderr, "gpugov-sim: --%s: %s\n", opt, err);
	return -1;
}

/* --per-sm DIR: DIR/sm00.trace ... for every SM; 0 or -1. */
static int open_per_sm(const char *dir)
{
	char path[4096];
	u32 s;

	for (s = 0; s < gpu.sms; s++) {
		if (snprintf(path, sizeof(path), "%s/sm%02u.trace", dir, s) >=
		    (int)sizeof(path)) {
			fprintf(stderr, "gpugov-sim: --per-sm: path too long\n");
			return -1;
		}
		if (open_out(&outs[OUT_SM0 + s], "per-sm", path))
			return -1;
		sm_f[s] = outs[OUT_SM0 + s].f;
	}
	return 0;
}

/*
 * Put every output in place if @rc is 0 and each was written whole, else
 * remove them all.  Return: 0, or -1 (after a message where it failed
 * here).
 */
static int finish_outputs(int rc)
{
	char err[SIM_ERR_MAX] = "";
	u32 i;

	for (i = 0; !rc && i < NR_OUTS; i++)
		rc = outfile_close(&outs[i], err, sizeof(err));
	for (i = 0; !rc && i < NR_OUTS; i++)
		rc = outfile_commit(&outs[i], err, sizeof(err));
	if (err[0])
		fprintf(stderr, "gpugov-sim: %s\n", err);
	for (i = 0; i < NR_OUTS; i++)
		outfile_abort(&outs[i]);
	return rc;
}

/* Open every output @c asks for; 0, or -1 after a message (none open). */
static int open_outputs(const struct cli *c)
{
	if (open_out(&outs[OUT_TRACE], "output", c->out) ||
	    open_out(&outs[OUT_ORACLE], "oracle", c->oracle) ||
	    (c->per_sm && open_per_sm(c->per_sm))) {
		finish_outputs(-1);
		return -1;
	}
	return 0;
}

static void setup(const struct cli *c, struct sim *x, char *source,
		  size_t len)
{
	char err[SIM_ERR_MAX];
	struct sim_state *st;

	if (sim_gpu_load(&gpu, c->gpu, err) ||
	    sim_workload_load(&wl, c->wl, c->scale, err)) {
		fprintf(stderr, "gpugov-sim: %s\n", err);
		exit(1);
	}
	st = sim_state_alloc();
	if (!st) {
		fputs("gpugov-sim: out of memory\n", stderr);
		exit(1);
	}
	sim_init(x, &gpu, &wl, st, c->seed);
	snprintf(source, len, "gpugov-sim workload=%s seed=%llu scale=%g",
		 wl.name, (unsigned long long)c->seed, c->scale);
}

static int cmd_run(const struct cli *c, struct sim *x, const char *src)
{
	struct gpugov_trace_rec *r;
	char err[SIM_ERR_MAX];
	struct sim_interval iv;
	double t0;

	if (c->opp >= (long)sim_nr_opp(x)) {
		fprintf(stderr, "gpugov-sim: OPP %ld out of range\n", c->opp);
		return 1;
	}
	r = malloc(sizeof(*r));
	if (!r) {
		fputs("gpugov-sim: out of memory\n", stderr);
		return 1;
	}
	sim_set_opp(x, c->opp < 0 ? sim_nr_opp(x) - 1 : (u32)c->opp);
	sim_interval_begin(x, &iv);
	t0 = now_s();
	if (sim_run(x, SIM_INF, SIM_INF, SIM_NO_LAUNCH, err)) {
		fprintf(stderr, "gpugov-sim: %s\n", err);
		free(r);
		return 1;
	}
	t0 = now_s() - t0;
	sim_interval_end(x, &iv, 0, r);
	printf("workload %s core_khz %u mem_khz %u time_ns %llu energy_uj %.1f "
	       "insts %llu cycles %llu load_stall %llu store_stall %llu "
	       "lcp %llu lcp_core %llu load_out %llu lead %llu crit %llu "
	       "dram_txn %llu "
	       "l2_hits %llu l2_txn %llu occupancy %.3f\n",
	       wl.name, r->s.core_khz, r->s.mem_khz,
	       (unsigned long long)r->s.busy_ns, r->energy_pj / 1e6,
	       (unsigned long long)r->s.insts,
	       (unsigned long long)(x->st->sm[0].now - iv.start_cyc[0]),
	       (unsigned long long)r->s.load_stall_cyc,
	       (unsigned long long)r->s.store_stall_cyc,
	       (unsigned long long)r->s.lcp_cyc,
	       (unsigned long long)r->s.lcp_core_cyc,
	       (unsigned long long)r->s.load_out_cyc,
	       (unsigned long long)r->s.lead_cyc,
	       (unsigned long long)r->s.crit_cyc,
	       (unsigned long long)r->s.dram_txn,
	       (unsigned long long)r->s.l2_hits,
	       (unsigned long long)r->s.l2_txn,
	       r->s.occupancy_q16 / 65536.0);
	fprintf(stderr, "simulated %.2f Mwarp-inst in %.3f s\n",
		r->s.insts / 1e6, t0);
	free(r);
	return 0;
}

static int cmd_sweep(const struct cli *c, struct sim *x, const char *src)
{
	struct sim_sweep_opts o = { 0 };
	struct sim_sweep_result res;
	char err[SIM_ERR_MAX];
	double t0;
	u32 i;
	int rc;

	if (c->frames && !wl.nframe) {
		fprintf(stderr, "gpugov-sim: %s: no 'frame' marker, which "
			"--frames needs\n", c->wl);
		return 1;
	}
	o.interval = c->epoch_us ? GPUGOV_INTERVAL_EPOCH :
				   GPUGOV_INTERVAL_SEGMENT;
	o.size = c->epoch_us ? c->epoch_us * 1000 :
		 c->frames ? 0 : c->segment;
	o.frames = c->frames;
	o.follow = c->follow;
	o.follow_obj = c->follow_obj;
	if (open_outputs(c))
		return 1;
	o.trace = outs[OUT_TRACE].f;
	o.oracle = outs[OUT_ORACLE].f;
	o.source = src;
	o.sm_trace = c->per_sm ? sm_f : NULL;
	t0 = now_s();
	rc = sim_sweep(x, &o, &res, err);
	t0 = now_s() - t0;
	if (rc)
		fprintf(stderr, "gpugov-sim: %s\n", err);
	if (finish_outputs(rc))
		return 1;
	fprintf(stderr, "%s: %llu intervals x %u OPPs, %.2f Mwarp-inst in "
		"%.2f s (%.2f Mwarp-inst/s); top OPP %.1f us %.1f uJ",
		wl.name, (unsigned long long)res.intervals, sim_nr_opp(x),
		res.insts / 1e6, t0, res.insts / 1e6 / t0, res.top_ns / 1e3,
		res.top_pj / 1e6);
	for (i = 0; i < SIM_NR_OBJ; i++)
		fprintf(stderr, "; oracle-%s %.1f us %.1f uJ",
			sim_objective_names[i], res.oracle_ns[i] / 1e3,
			res.oracle_pj[i] / 1e6);
	fputc('\n', stderr);
	return 0;
}

static int cmd_online(const struct cli *c, struct sim *x, const char *src)
{
	struct sim_online_opts o = { 0 };
	struct sim_online_result r;
	char err[SIM_ERR_MAX];
	u32 i, nopp = c->per_sm ? gpu.nr_core : sim_nr_opp(x);
	int rc;

	o.pred = c->pred;
	gpugov_policy_defaults(&o.policy);
	o.policy.objective = c->objective;
	sim_online_target(&o.policy, c->target, (u32)c->idle_uw);
	o.epoch_ns = c->epoch_us * 1000;
	if (open_outputs(c))
		return 1;
	o.trace = outs[OUT_TRACE].f;
	o.source = src;
	o.coremem = &coremem;
	o.sm_trace = sm_f;
	rc = c->per_sm ? sim_online_per_sm(x, &o, &r, err) :
			 sim_online(x, &o, &r, err);
	if (rc)
		fprintf(stderr, "gpugov-sim: %s\n", err);
	if (finish_outputs(rc))
		return 1;
	printf("workload %s predictor %s objective %s epochs %llu time_us %.1f "
	       "energy_uj %.1f edp %.4g ed2p %.4g insts %llu opp_epochs",
	       wl.name, gpugov_predictor(o.pred)->name,
	       gpugov_objective_names[o.policy.objective],
	       (unsigned long long)r.epochs, r.ns / 1e3, r.pj / 1e6,
	       r.pj / 1e6 * r.ns / 1e3, r.pj / 1e6 * r.ns / 1e3 * r.ns / 1e3,
	       (unsigned long long)r.insts);
	for (i = 0; i < nopp; i++)
		printf(" %llu", (unsigned long long)r.opp_epochs[i]);
	putchar('\n');
	return 0;
}

/* MAPE per predictor per trace, then the average over traces. */
static int cmd_openloop(int argc, char **argv)
{
	double avg[GPUGOV_NR_PRED] = { 0 }, worst[GPUGOV_NR_PRED] = { 0 };
	char err[GPUGOV_TRACE_ERR_MAX];
	int i, n = 0;
	u32 p;

	for (i = 2; i < argc; i++) {
		if (is_help(argv[i]))
			usage_of("openloop", true);
		if (argv[i][0] == '-')
			usage_err("unknown option '%s'", argv[i]);
	}
	if (argc < 3)
		usage_err("no trace given");
	printf("%-24s", "# MAPE % from top OPP");
	for (p = 0; p < GPUGOV_NR_PRED; p++)
		printf(" %8s", gpugov_predictor(p)->name);
	printf("\n");
	for (i = 2; i < argc; i++) {
		struct gpugov_trace t;
		struct sim_openloop r;

		if (gpugov_trace_load(argv[i], &t, err, sizeof(err)) ||
		    sim_openloop_trace(&t, &r, err, sizeof(err))) {
			fprintf(stderr, "gpugov-sim: %s\n", err);
			gpugov_trace_free(&t);	/* load leaves it empty */
			return 1;
		}
		gpugov_trace_free(&t);
		if (!r.n)
			continue;
		printf("%-24.24s", strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 :
		       argv[i]);
		for (p = 0; p < GPUGOV_NR_PRED; p++) {
			double m = 100 * r.sum_ape[p] / r.n;

			printf(" %7.1f%s", m, r.fallback[p] ? "*" : " ");
			avg[p] += m;
			if (100 * r.max_ape[p] > worst[p])
				worst[p] = 100 * r.max_ape[p];
		}
		printf("\n");
		n++;
	}
	if (!n)
		return 0;
	printf("%-24s", "average");
	for (p = 0; p < GPUGOV_NR_PRED; p++)
		printf(" %7.1f ", avg[p] / n);
	printf("\n%-24s", "max error");
	for (p = 0; p < GPUGOV_NR_PRED; p++)
		printf(" %7.1f ", worst[p]);
	printf("\n# * the predictor fell back to another model (missing counters)\n");
	return 0;
}

int main(int argc, char **argv)
{
	int (*cmd)(const struct cli *c, struct sim *x, const char *src) = NULL;
	char src[256];
	struct sim x;
	struct cli c;
	int rc;

	outfile_check_stdout_at_exit("gpugov-sim");
	if (argc < 2)
		usage();
	if (is_help(argv[1]))
		usage_of(NULL, true);
	if (is_version_opt(argv[1]))
		return print_version("gpugov-sim");
	if (strcmp(argv[1], "run") && strcmp(argv[1], "sweep") &&
	    strcmp(argv[1], "online") && strcmp(argv[1], "openloop"))
		usage_err("unknown subcommand '%s' (accepted: run, sweep, online, "
			  "openloop)", argv[1]);
	sim_cmd = argv[1];
	if (!strcmp(argv[1], "openloop"))
		return cmd_openloop(argc, argv);
	parse(&c, argc - 1, argv + 1);
	/*
	 * run is one interval over the whole workload, and online's
	 * governor decides per fixed-time epoch: frames mean nothing there.
	 */
	if (c.frames && strcmp(argv[1], "sweep")) {
		fprintf(stderr, "gpugov-sim %s: --frames is for sweep only\n",
			argv[1]);
		return 2;
	}
	if (c.per_sm && strcmp(argv[1], "sweep") && strcmp(argv[1], "online")) {
		fprintf(stderr, "gpugov-sim %s: --per-sm is for sweep and "
			"online only\n", argv[1]);
		return 2;
	}
	/* DIR/sm00.trace with DIR '' would be /sm00.trace */
	if (c.per_sm && !*c.per_sm) {
		fprintf(stderr, "gpugov-sim %s: --per-sm: empty directory name\n",
			argv[1]);
		return 2;
	}
	if (c.per_sm && c.out && !strcmp(argv[1], "online")) {
		fputs("gpugov-sim online: --per-sm writes per-SM traces, -o "
		      "the device's: give one\n", stderr);
		return 2;
	}
	if (!strcmp(argv[1], "run"))
		cmd = cmd_run;
	else if (!strcmp(argv[1], "sweep"))
		cmd = cmd_sweep;
	else if (!strcmp(argv[1], "online") && c.epoch_us)
		cmd = cmd_online;
	if (!cmd)
		usage_err("--epoch-us missing");
	setup(&c, &x, src, sizeof(src));
	rc = cmd(&c, &x, src);
	/* gpu and wl are static; the simulator state is all there is */
	free(x.st);
	return rc;
}
