// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_realtime.c - `gpugov-replay realtime`: governors in real time
 * (DESIGN.md section 7a, docs/realtime.md).
 *
 * Frames arrive at the refresh rate, each with the work of one or more
 * segments of a sweep trace, scaled so that the mean frame lasts --load %
 * of the period at the top OPP; the GPU runs them in order at the OPP in
 * force; governors decide at the driver profile's polls from what the
 * polls' windows measured.  Per policy: energy relative to performance,
 * janked frames (finished after the vsync that followed their arrival),
 * the worst frame latency, OPP switches and decisions per second.
 */
#include <stdlib.h>
#include <string.h>
#include "cmdline.h"
#include "outfile.h"
#include "rtpolicy.h"
#include "gpugov_mali.h"

/**
 * struct rt_opts - the command line
 * @su: profile, thresholds, gpugov's view, model and parameters
 * @fmt: --csv, --json
 * @hz: refresh rate
 * @load: mean frame at the top OPP, % of the period
 * @poll_ms: polling interval, or -1 for the profile's
 * @segs_per_frame: segments a frame
 * @start: --start-opp, or -1 for the top OPP
 * @sequence: --sequence FILE.csv, or NULL
 * @frames: --frames FILE.csv, or NULL
 * @od_set: --ondemand given
 * @od_sweep: --ondemand-sweep: simple_ondemand at every upthreshold of the
 *	sweep too
 * @models: --models: gpugov's default objective with every other model
 *	the view allows too
 * @vrr: --vrr: a variable-refresh display (sim_rt_scenario.vrr); the
 *	boosts column, and on msm the row of msm's deadline rule
 * @frontier: --frontier: the causal frontier's rows too (rtfrontier.h)
 */
struct rt_opts {
	struct rt_setup su;
	enum table_format fmt;
	u32 hz;
	u32 load;
	long long poll_ms;
	u32 segs_per_frame;
	int start;
	const char *sequence;
	const char *frames;
	bool od_set;
	bool od_sweep;
	bool models;
	bool vrr;
	bool frontier;
};

/*
 * --ondemand-sweep: upthreshold from 20 to 95 in steps of 5, each with
 * the profile's own downdifferential (so the sweep passes through the
 * driver's own setting).
 */
#define RT_SWEEP_UP_MIN		20
#define RT_SWEEP_UP_MAX		95
#define RT_SWEEP_UP_STEP	5
#define RT_SWEEP_NR	((RT_SWEEP_UP_MAX - RT_SWEEP_UP_MIN) / RT_SWEEP_UP_STEP + 1)

/*
 * The options' ranges, from the engine's (sim_rt.h): --hz such that the
 * period 1/N s lies in [SIM_RT_PERIOD_MIN_NS, SIM_RT_PERIOD_MAX_NS], and
 * --poll-ms in whole ms within [SIM_RT_POLL_MIN_NS, SIM_RT_POLL_MAX_NS].
 * A poll of 0 would mean no polls at all: simple_ondemand and gpugov
 * would never decide, so it is refused rather than tabled.
 */
#define RT_NS_PER_S	1000000000ULL
#define RT_NS_PER_MS	1000000ULL
#define RT_HZ_MIN	((u32)((RT_NS_PER_S + SIM_RT_PERIOD_MAX_NS - 1) / SIM_RT_PERIOD_MAX_NS))
#define RT_HZ_MAX	((u32)(RT_NS_PER_S / SIM_RT_PERIOD_MIN_NS))
#define RT_POLL_MS_MIN	((u32)((SIM_RT_POLL_MIN_NS + RT_NS_PER_MS - 1) / RT_NS_PER_MS))
#define RT_POLL_MS_MAX	((u32)(SIM_RT_POLL_MAX_NS / RT_NS_PER_MS))
_Static_assert(RT_HZ_MIN == 1 && RT_POLL_MS_MIN == 1, "the --help ranges start at 1");

static void print_help(void)
{
	printf("usage: gpugov-replay realtime [--hz N] [--load PCT] [--profile NAME]\n"
	       "          [--poll-ms MS] [--ondemand UP/DOWN] [--segs-per-frame N]\n"
	       "          [--predictor NAME] [--objective NAME] [--stock|--mali]\n"
	       "          [--start-opp N] [--sequence FILE.csv] [--frames FILE.csv]\n"
	       "          [--ondemand-sweep]\n"
	       "          [--models] [--frontier] [--list-profiles] [--vrr]\n"
	       "          [--csv|--json] [policy options] SWEEP_TRACE...\n"
	       "Frames arrive every 1/N s (--hz, default 60), each with the work of\n"
	       "--segs-per-frame segments (default 1) of the trace, scaled so that the\n"
	       "mean frame takes PCT %% of the period at the top OPP (--load, default 60).\n"
	       "The GPU runs frames in order at the OPP in force; a frame not done by\n"
	       "the vsync after it arrived is janked and delays the ones behind it.\n"
	       "Governors decide at the device's polls, every --poll-ms (default: the\n"
	       "profile's), from the busy/total (and counters) of the poll's window.\n"
	       "Profiles (--profile, default panfrost): ");
	rt_profile_names(stdout);
	printf(".\n"
	       "Policies: performance; firmware-auto (amdgpu: the SMU firmware's own\n"
	       "choice, drivers_glue/sim_smu.h); simple_ondemand at the profile's thresholds (or\n"
	       "--ondemand UP/DOWN); gpugov-MODEL-OBJECTIVE (default crisp, deadline,\n"
	       "falling back as in the kernel); oracle-noloss: per frame, at its start,\n"
	       "the least-energy OPP that finishes it by its deadline (clairvoyant).\n"
	       "Columns: energy relative to performance (idle power included), janked\n"
	       "frames, frames, worst frame latency in ms, OPP switches, decisions per\n"
	       "simulated second. --stock: gpugov sees busy/total only; --mali: what a\n"
	       "Mali counter source gives. --start-opp N: simple_ondemand and gpugov\n"
	       "start at OPP N (default: the top one, where performance runs).\n"
	       "--sequence writes every decision of simple_ondemand and gpugov:\n"
	       "workload,policy,decision,time_ns,event,busy,total,opp (event poll,\n"
	       "boost or unboost; busy and total in the profile's units), what\n"
	       "gpugov_sim's rt_log shows for the same run.\n"
	       "--frames writes every frame of every policy: workload,policy,frame,\n"
	       "arrival_ns,start_ns,done_ns,deadline_ns,janked,opp (opp: the one it\n"
	       "finished at).\n"
	       "--ondemand-sweep: simple_ondemand-sweep-UP/DOWN rows too, UP from %d to\n"
	       "%d in steps of %d, DOWN the profile's downdifferential (or --ondemand's).\n"
	       "--models: gpugov-MODEL-OBJECTIVE rows (at polls only) for every other\n"
	       "model, as the view lets it run (a model that falls back to one already\n"
	       "listed gives no row). --frontier: frontier-N-kK-mM rows, at each frame's\n"
	       "start the least-energy OPP at which the K-th longest of the last N\n"
	       "finished frames, known exactly at every OPP, fits the period less M %%;\n"
	       "+checkC: and at C %% of the period after a frame arrived, the top OPP if\n"
	       "it is not done (the bound on governors deciding from past frames).\n"
	       "--list-profiles: the profiles' names, one a line.\n"
	       "--vrr: a variable-refresh display: each frame's fence deadline is its\n"
	       "arrival (\"now\" when set; it is still janked after the next vsync);\n"
	       "adds a boosts column (msm's boosts, gpugov's raises inside a frame)\n"
	       "and, on msm, simple_ondemand-UP/DOWN+boost+deadline: msm's own rule,\n"
	       "a boost 3 ms before each fence deadline.\n"
	       "See docs/realtime.md.\n", RT_SWEEP_UP_MIN, RT_SWEEP_UP_MAX, RT_SWEEP_UP_STEP);
	print_policy_help_end("bad usage or scenario", false);
}

/* --ondemand UP/DOWN, as simple_ondemand accepts them. */
static int parse_ondemand(const char *arg, struct ondemand_params *od)
{
	const char *slash = strchr(arg, '/');
	u32 up, down;

	if (!slash || parse_u32(arg, slash - arg, &up) ||
	    parse_u32(slash + 1, strlen(slash + 1), &down) || up > 100 || down > up)
		return -1;
	od->upthreshold = up;
	od->downdifferential = down;
	return 0;
}

static int rt_opt(int c, void *ctx)
{
	struct rt_opts *o = ctx;
	u32 u;
	int id;

	switch (c) {
	case 'z':
		if (parse_u32(optarg, strlen(optarg), &o->hz) ||
		    o->hz < RT_HZ_MIN || o->hz > RT_HZ_MAX)
			return -1;
		return 0;
	case 'l':
		if (parse_u32(optarg, strlen(optarg), &o->load) || !o->load || o->load > 100)
			return -1;
		return 0;
	case 'f':
		o->su.prof = rt_profile_find(optarg);
		if (o->su.prof)
			return 0;
		fprintf(stderr, "gpugov-replay realtime: unknown profile '%s': ", optarg);
		rt_profile_names(stderr);
		fputc('\n', stderr);
		return EXIT_USAGE;
	case 'q':
		if (parse_u32(optarg, strlen(optarg), &u) ||
		    u < RT_POLL_MS_MIN || u > RT_POLL_MS_MAX)
			return -1;
		o->poll_ms = u;
		return 0;
	case 'u':
		o->od_set = true;
		return parse_ondemand(optarg, &o->su.od);
	case 'n':
		if (parse_u32(optarg, strlen(optarg), &o->segs_per_frame) ||
		    !o->segs_per_frame)
			return -1;
		return 0;
	case 's':
		if (parse_u32(optarg, strlen(optarg), &u) || u >= GPUGOV_MAX_OPPS)
			return -1;
		o->start = (int)u;
		return 0;
	case 'Q':
		o->sequence = optarg;
		return 0;
	case 'F':
		o->frames = optarg;
		return 0;
	case 'W':
		o->od_sweep = true;
		return 0;
	case 'm':
		o->models = true;
		return 0;
	case 'V':
		o->vrr = true;
		return 0;
	case 'X':
		o->frontier = true;
		return 0;
	case 'L':
		rt_profile_list(stdout);
		exit(EXIT_OK);
	case 'p':
		id = gpugov_predictor_find(optarg, strlen(optarg));
		if (id < 0)
			return -1;
		o->su.pred = id;
		return 0;
	case 'o':
		id = parse_objective(optarg);
		if (id < 0)
			return -1;
		o->su.params.objective = id;
		return 0;
	case 'k':
	case 'M':
		if (o->su.view != RT_VIEW_COUNTERS) {
			fprintf(stderr, "gpugov-replay realtime: --stock or --mali, once\n");
			return EXIT_USAGE;
		}
		o->su.view = c == 'k' ? RT_VIEW_STOCK : RT_VIEW_MALI;
		return 0;
	default:
		return EXIT_USAGE;
	}
}

static int parse_rt_args(int argc, char **argv, struct rt_opts *o)
{
	static const struct option opts[] = {
		{ "hz", required_argument, NULL, 'z' },
		{ "load", required_argument, NULL, 'l' },
		{ "profile", required_argument, NULL, 'f' },
		{ "poll-ms", required_argument, NULL, 'q' },
		{ "ondemand", required_argument, NULL, 'u' },
		{ "segs-per-frame", required_argument, NULL, 'n' },
		{ "start-opp", required_argument, NULL, 's' },
		{ "sequence", required_argument, NULL, 'Q' },
		{ "frames", required_argument, NULL, 'F' },
		{ "predictor", required_argument, NULL, 'p' },
		{ "objective", required_argument, NULL, 'o' },
		{ "stock", no_argument, NULL, 'k' },
		{ "mali", no_argument, NULL, 'M' },
		{ "ondemand-sweep", no_argument, NULL, 'W' },
		{ "models", no_argument, NULL, 'm' },
		{ "frontier", no_argument, NULL, 'X' },
		{ "list-profiles", no_argument, NULL, 'L' },
		{ "vrr", no_argument, NULL, 'V' },
		FORMAT_LONG_OPTS,
		COREMEM_LONG_OPT,
		POLICY_LONG_OPTS,
		{ NULL, 0, NULL, 0 },
	};
	static const struct cmdline_accepts accepts[] = {
		{ "hz", "1..%u (a refresh period of 1 s down to 0.1 ms)", RT_HZ_MAX },
		{ "poll-ms", "1..%u ms (0, no polls, would leave the governors "
		  "undecided)", RT_POLL_MS_MAX },
		{ "load", "1..100 (%% of the period)" },
		{ "segs-per-frame", "1 or more" },
		{ "start-opp", "an OPP index, 0..%u", GPUGOV_MAX_OPPS - 1 },
		{ "ondemand", "UP/DOWN, 0 <= DOWN <= UP <= 100" },
		{ NULL },
	};
	const struct cmdline cl = { .cmd = "realtime", .opts = opts, .help = print_help,
				    .own = rt_opt, .o = o, .fmt = &o->fmt,
				    .par = &o->su.params, .accepts = accepts };
	int ret;

	memset(o, 0, sizeof(*o));
	gpugov_policy_defaults(&o->su.params);
	o->su.prof = rt_profile_find("panfrost");
	o->su.pred = GPUGOV_PRED_CRISP;		/* the governor's default */
	o->hz = 60;
	o->load = 60;
	o->poll_ms = -1;
	o->segs_per_frame = 1;
	o->start = -1;
	ret = cmdline_parse(argc, argv, &cl);
	if (ret)
		return ret;
	if (!o->od_set)
		o->su.od = o->su.prof->od;
	return cmdline_need_traces("realtime", argc);
}

/* One row: @r against performance's @perf. */
static void add_row(struct table *tab, const char *wl, const char *policy,
		    const struct sim_rt_result *r, const struct sim_rt_result *perf)
{
	char e[TABLE_CELL], j[TABLE_CELL], f[TABLE_CELL], worst[TABLE_CELL];
	char sw[TABLE_CELL], dps[TABLE_CELL], b[TABLE_CELL];

	if (perf->energy_pj)
		table_num(e, "%.4f", (double)r->energy_pj / (double)perf->energy_pj);
	else
		snprintf(e, sizeof(e), TABLE_NONE);
	snprintf(j, sizeof(j), "%u", r->janked);
	snprintf(f, sizeof(f), "%u", r->frames);
	table_num(worst, "%.3f", r->worst_latency_ns / 1e6);
	snprintf(sw, sizeof(sw), "%llu", (unsigned long long)r->switches);
	table_num(dps, "%.1f", r->end_ns ? r->decisions * 1e9 / r->end_ns : 0);
	snprintf(b, sizeof(b), "%llu", (unsigned long long)r->boosts);
	/* boosts: the last column, there with --vrr only */
	table_add(tab, wl, policy, e, j, f, worst, sw, dps, b);
}

/*
 * The rows: the baselines, gpugov as the options set it up (react fence
 * with no fence: at the device's polls, as on a kernel or driver that
 * gives no deadlines), and gpugov with each deadline source and each way
 * of reacting between polls (the fence not in the stock view: it needs a
 * counter source).
 */
static const struct rt_policy rt_rows[] = {
	{ RT_PERFORMANCE, 0, false },
	{ RT_FIRMWARE, 0, false },
	{ RT_ONDEMAND, 0, false },
	{ RT_ONDEMAND, 0, false, true },
	{ RT_GPUGOV, GPUGOV_REACT_FENCE, false },
	{ RT_GPUGOV, GPUGOV_REACT_FENCE, false, true },
	{ RT_GPUGOV, GPUGOV_REACT_TIMER, false },
	{ RT_GPUGOV, GPUGOV_REACT_TIMER, true },
	{ RT_GPUGOV, GPUGOV_REACT_TIMER, false, true },
	{ RT_GPUGOV, GPUGOV_REACT_FRAME, false },
	{ RT_GPUGOV, GPUGOV_REACT_FRAME, false, true },
	{ RT_GPUGOV, GPUGOV_REACT_POLL, false },
	{ RT_GPUGOV, GPUGOV_REACT_POLL, true },
	{ RT_ORACLE, 0, false },
};

/*
 * --frontier: the look back from the last frame to a second's worth, the
 * max and a spare (the 2nd longest of 16), margins 0 and 10 %; then the
 * same with an in-frame check at half and three quarters of the period.
 */
static const struct rt_frontier rt_frontier_rows[] = {
	{ 1, 1, 0, 0 }, { 1, 1, 10, 0 }, { 4, 1, 0, 0 }, { 4, 1, 10, 0 },
	{ 16, 1, 0, 0 }, { 16, 1, 10, 0 }, { 16, 2, 10, 0 }, { 64, 1, 10, 0 },
	{ 1, 1, 0, 50 }, { 1, 1, 0, 75 }, { 4, 1, 0, 50 }, { 4, 1, 0, 75 },
	{ 16, 1, 10, 50 }, { 16, 1, 10, 75 },
};

#define RT_MAX_ROWS	(ARRAY_SIZE(rt_rows) + RT_SWEEP_NR + GPUGOV_NR_PRED + \
			 ARRAY_SIZE(rt_frontier_rows))

/**
 * struct rt_row - one row of the table
 * @pol: the policy
 * @od: simple_ondemand's thresholds
 * @pred: gpugov's model (before any fallback)
 * @sweep: a row of --ondemand-sweep
 */
struct rt_row {
	struct rt_policy pol;
	struct ondemand_params od;
	enum gpugov_pred_id pred;
	bool sweep;
};

/* The capability bits gpugov's samples carry in @o's view of @w. */
static u32 view_caps(const struct rt_opts *o, const struct sweep *w)
{
	u32 caps = o->su.view == RT_VIEW_STOCK ? 0 : w->t.hdr.caps;

	return o->su.view == RT_VIEW_MALI ? caps & GPUGOV_MALI_CAPS : caps;
}

/*
 * The rows of @o over @w, in table order: rt_rows, with the upthreshold
 * sweep after simple_ondemand and the other models and the frontier
 * before the oracle.
 * Return: how many.
 */
static size_t build_rows(const struct rt_opts *o, const struct sweep *w,
			 struct rt_row *rows)
{
	static const struct rt_policy at_polls = { RT_GPUGOV, GPUGOV_REACT_OFF, false };
	u32 caps = view_caps(o, w);
	bool listed[GPUGOV_NR_PRED] = { false };
	size_t i, f, n = 0;
	u32 up;
	int m;

	listed[gpugov_predictor_resolve(o->su.pred, caps)] = true;
	for (i = 0; i < ARRAY_SIZE(rt_rows); i++) {
		/* gpugov's fence deadlines come through a counter source */
		if (rt_rows[i].fence && rt_rows[i].kind == RT_GPUGOV &&
		    o->su.view == RT_VIEW_STOCK)
			continue;
		/* msm's deadline rule: with --vrr, on msm */
		if (rt_rows[i].kind == RT_ONDEMAND && rt_rows[i].fence &&
		    (!o->vrr || !o->su.prof->msm))
			continue;
		/* a row of firmware-governed devices */
		if (rt_rows[i].kind == RT_FIRMWARE && !o->su.prof->smu)
			continue;
		if (rt_rows[i].kind == RT_ORACLE && o->models) {
			for (m = 0; m < GPUGOV_NR_PRED; m++) {
				if (listed[gpugov_predictor_resolve(m, caps)])
					continue;
				listed[gpugov_predictor_resolve(m, caps)] = true;
				rows[n++] = (struct rt_row){ at_polls, o->su.od, m, false };
			}
		}
		for (f = 0; rt_rows[i].kind == RT_ORACLE && o->frontier &&
		     f < ARRAY_SIZE(rt_frontier_rows); f++) {
			struct rt_policy fr = { .kind = RT_FRONTIER,
						.front = rt_frontier_rows[f] };

			rows[n++] = (struct rt_row){ fr, o->su.od, o->su.pred, false };
		}
		rows[n++] = (struct rt_row){ rt_rows[i], o->su.od, o->su.pred, false };
		if (rt_rows[i].kind != RT_ONDEMAND || !o->od_sweep)
			continue;
		for (up = RT_SWEEP_UP_MIN; up <= RT_SWEEP_UP_MAX; up += RT_SWEEP_UP_STEP) {
			struct ondemand_params od = { up, o->su.od.downdifferential };

			/* simple_ondemand takes no downdifferential above upthreshold */
			od.downdifferential = min_t(u32, od.downdifferential, up);
			rows[n++] = (struct rt_row){ rt_rows[i], od, o->su.pred, true };
		}
	}
	return n;
}

/*
 * Whether @row is gpugov as it ships: the default model (after the
 * fallback @w's view makes), objective and way of reacting, on the
 * deadlines the view's board gives: fences with a counter source (the
 * glue, Linux 6.4+), none on a stock driver.
 */
static bool row_is_default(const struct rt_opts *o, const struct sweep *w,
			   const struct rt_row *row)
{
	struct gpugov_policy_params def;
	u32 caps = view_caps(o, w);

	gpugov_policy_defaults(&def);
	return row->pol.kind == RT_GPUGOV && row->pol.react == def.react &&
	       !row->pol.hint && row->pol.fence == (o->su.view != RT_VIEW_STOCK) &&
	       o->su.params.objective == def.objective &&
	       gpugov_predictor_resolve(row->pred, caps) ==
	       gpugov_predictor_resolve(GPUGOV_PRED_CRISP, caps);
}

/*
 * The deadline source a gpugov row reacts on, as its name says it: none
 * at polls (react off, or react fence with no fence: the same decisions).
 */
static const char *rt_react_source(const struct rt_policy *pol)
{
	if (pol->hint)
		return "+hint";
	if (pol->fence)
		return "+fence";
	if (pol->react == GPUGOV_REACT_OFF || pol->react == GPUGOV_REACT_FENCE)
		return "";
	return "+learned";
}

/*
 * A row's policy name, in the table and the sequence: gpugov-default for
 * the shipped default, whatever it is made of; gpugov's other rows name
 * their model after any fallback.
 */
static void row_name(const struct rt_opts *o, const struct sweep *w,
		     const struct rt_row *row, char *name, size_t size)
{
	const struct rt_policy *pol = &row->pol;

	switch (pol->kind) {
	case RT_PERFORMANCE:
		snprintf(name, size, "performance");
		break;
	case RT_ONDEMAND:
		snprintf(name, size, "simple_ondemand-%s%u/%u%s%s", row->sweep ? "sweep-" : "",
			 row->od.upthreshold, row->od.downdifferential,
			 o->su.prof->msm ? "+boost" : "", pol->fence ? "+deadline" : "");
		break;
	case RT_GPUGOV:
		if (row_is_default(o, w, row)) {
			snprintf(name, size, "gpugov-default");
			break;
		}
		snprintf(name, size, "gpugov-%s-%s%s%s%s",
			 gpugov_predictor(gpugov_predictor_resolve(row->pred,
								   view_caps(o, w)))->name,
			 gpugov_objective_names[o->su.params.objective],
			 rt_react_source(pol), *rt_react_source(pol) ? "/" : "",
			 *rt_react_source(pol) ? gpugov_react_names[pol->react] : "");
		break;
	case RT_FIRMWARE:
		snprintf(name, size, "firmware-auto");
		break;
	case RT_FRONTIER:
		snprintf(name, size, "frontier-%u-k%u-m%u", pol->front.n, pol->front.rank,
			 pol->front.margin_pct);
		if (pol->front.check_pct)
			snprintf(name + strlen(name), size - strlen(name), "+check%u",
				 pol->front.check_pct);
		break;
	default:
		snprintf(name, size, "oracle-noloss");
	}
}

/* Every policy over one trace; 0 or an exit status. */
static int run_trace(struct rt_opts *o, const char *path, FILE *seq, FILE *frames,
		     struct table *tab)
{
	u64 period = o->hz ? 1000000000ULL / o->hz : 0;
	u64 poll = (u64)(o->poll_ms < 0 ? o->su.prof->polling_ms : o->poll_ms) * 1000000;
	static struct sim_rt_result res[RT_MAX_ROWS];
	static char name[RT_MAX_ROWS][TABLE_CELL];
	static struct rt_row rows[RT_MAX_ROWS];
	char err[GPUGOV_TRACE_ERR_MAX];
	static struct sweep w;
	struct rt_setup su;
	struct rt_seq rs;
	size_t i, n;

	if (sweep_open(&w, path, "realtime"))
		return EXIT_FAILURE_RUN;
	if (o->start >= (int)w.t.hdr.opps.nr) {
		fprintf(stderr, "gpugov-replay realtime: --start-opp %d: %s has %u OPPs\n",
			o->start, path, w.t.hdr.opps.nr);
		sweep_free(&w);
		return EXIT_USAGE;
	}
	o->su.start_opp = o->start < 0 ? w.t.hdr.opps.nr - 1 : (u32)o->start;
	if (rt_setup_init(&o->su, &w, period, poll, o->load, o->segs_per_frame,
			  err, sizeof(err))) {
		fprintf(stderr, "gpugov-replay realtime: %s\n", err);
		sweep_free(&w);
		return EXIT_USAGE;
	}
	o->su.sc.vrr = o->vrr;
	n = build_rows(o, &w, rows);
	for (i = 0; i < n; i++) {
		/* the row's thresholds and model on the shared scenario */
		su = o->su;
		su.od = rows[i].od;
		su.pred = rows[i].pred;
		row_name(o, &w, &rows[i], name[i], sizeof(name[i]));
		rs = (struct rt_seq){ seq, frames, w.name, name[i] };
		rt_policy_run(&su, &rows[i].pol, seq || frames ? &rs : NULL, &res[i]);
	}
	for (i = 0; i < n; i++)
		add_row(tab, w.name, name[i], &res[i], &res[0]);
	rt_setup_free(&o->su);
	sweep_free(&w);
	return 0;
}

/* The CSV files the run writes besides its table: --sequence, --frames. */
enum { RT_OUT_SEQ, RT_OUT_FRAMES, RT_NR_OUT };

/* Open @path (NULL: not asked for) as @of, with @header. 0 or an exit status. */
static int rt_out_open(struct outfile *of, const char *path, const char *opt,
		       const char *header)
{
	char err[GPUGOV_TRACE_ERR_MAX];

	if (!path)
		return 0;
	if (outfile_open(of, path, err, sizeof(err))) {
		fprintf(stderr, "gpugov-replay realtime: %s: %s\n", opt, err);
		return EXIT_FAILURE_RUN;
	}
	fprintf(of->f, "%s\n", header);
	return 0;
}

/*
 * The files go into place only whole, before the table says done; on
 * failure none that is not yet in place is.  0 or an exit status.
 */
static int rt_out_commit(struct outfile *of)
{
	char err[GPUGOV_TRACE_ERR_MAX];
	int i;

	for (i = 0; i < RT_NR_OUT; i++)
		if (of[i].f && outfile_close(&of[i], err, sizeof(err)))
			goto fail;
	for (i = 0; i < RT_NR_OUT; i++)
		if (outfile_written(&of[i]) && outfile_commit(&of[i], err, sizeof(err)))
			goto fail;
	return 0;
fail:
	fprintf(stderr, "gpugov-replay realtime: %s\n", err);
	return EXIT_FAILURE_RUN;
}

static void rt_out_abort(struct outfile *of)
{
	int i;

	for (i = 0; i < RT_NR_OUT; i++)
		outfile_abort(&of[i]);
}

int cmd_realtime(int argc, char **argv)
{
	static const char *const cols[] = { "workload", "policy", "energy", "janked",
					    "frames", "worst_ms", "switches",
					    "decisions_per_s", "boosts" };
	static char title[160];
	struct outfile out[RT_NR_OUT] = { { NULL } };
	struct rt_opts o;
	struct table tab;
	int ret, a;

	ret = parse_rt_args(argc, argv, &o);
	if (!ret)
		ret = rt_out_open(&out[RT_OUT_SEQ], o.sequence, "--sequence",
				  "workload,policy,decision,time_ns,event,busy,total,opp");
	if (!ret)
		ret = rt_out_open(&out[RT_OUT_FRAMES], o.frames, "--frames",
				  "workload,policy,frame,arrival_ns,start_ns,done_ns,"
				  "deadline_ns,janked,opp");
	if (ret) {
		rt_out_abort(out);
		return ret;
	}
	snprintf(title, sizeof(title), "real time: %u Hz%s, load %u%%, %s, polls every %lld ms, "
		 "relative to performance", o.hz, o.vrr ? " VRR" : "", o.load, o.su.prof->name,
		 o.poll_ms < 0 ? (long long)o.su.prof->polling_ms : o.poll_ms);
	table_init(&tab, title, o.fmt, cols, ARRAY_SIZE(cols) - !o.vrr);
	for (a = optind; a < argc && !ret; a++)
		ret = run_trace(&o, argv[a], out[RT_OUT_SEQ].f, out[RT_OUT_FRAMES].f, &tab);
	if (!ret)
		ret = rt_out_commit(out);
	rt_out_abort(out);
	if (ret) {
		table_free(&tab);
		return ret;
	}
	table_json_begin(stdout, o.fmt);
	table_print(&tab, stdout);
	table_json_end(stdout, o.fmt);
	table_free(&tab);
	return EXIT_OK;
}
