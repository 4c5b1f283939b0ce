// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_fit_coremem.c - `gpugov-replay fit-coremem`: calibrate the coremem
 * model's cycle constants to the GPU that sweep traces were measured on
 * (tools/common/coremem_fit.c), and write the result as a description
 * file that --coremem-gpu reads (docs/coremem.md, "Calibrating a
 * description").
 *
 * Every segment of every trace, measured at a base OPP, gives one move to
 * each other OPP: the model's inputs come from the base sample, the
 * measured ratio from the same work's time at both OPPs.  The counts of
 * the description (SMs, cores per SM, warps) are the starting
 * description's: say them with --coremem-gpu FILE (e.g. `base = gtx980`
 * then `sm_count = 15`).
 */
#include <stdlib.h>
#include <string.h>
#include "cmdline.h"
#include "coremem_fit.h"
#include "outfile.h"
#include "sweep.h"
#include "gpugov_predict.h"

/*
 * Every error evaluation goes over every move: a million moves take about a
 * minute to fit, and all bases of a long trace with many OPPs could ask for
 * gigabytes.
 */
#define MOVES_MAX	1000000

struct fit_opts {
	int base;		/* OPP index, BASE_TOP or BASE_ALL */
	const char *out;	/* NULL: stdout */
	unsigned int flags;	/* COREMEM_FIT_ALL */
};

/* The moves measured so far, and what the traces gave. */
struct obs_set {
	struct coremem_obs *o;
	size_t n, cap;
	u32 mem_khz;		/* the first move's memory clock */
	bool mems;		/* more than one memory clock seen */
	unsigned int traces, unscored;
};

static void print_help(void)
{
	size_t nd, na, i;
	const char *const *keys = coremem_fit_keys(0, &nd);

	coremem_fit_keys(COREMEM_FIT_ALL, &na);
	printf("usage: gpugov-replay fit-coremem [--base N|top|all] [--all-constants]\n"
	       "                                 [--out FILE] [--coremem-gpu NAME|FILE]\n"
	       "                                 SWEEP_TRACE...\n"
	       "Calibrate the coremem model to the GPU the sweep traces were measured\n"
	       "on: its DRAM constants");
	for (i = 0; i < nd; i++)
		printf("%s%s", i ? ", " : " ", keys[i]);
	printf("\nare searched for the least open-loop MAPE of the moves from the base\n"
	       "OPP(s) to every other OPP (what `accuracy --predictor coremem` reports),\n"
	       "starting from the description given and from each built-in one's. The\n"
	       "other keys stay those of the starting description: give the counts\n"
	       "(sm_count, cores_sm, warp_size, warps_max) with --coremem-gpu FILE.\n"
	       "With one memory clock in the traces, ddm_a is folded into ddm_b.\n"
	       "Fit on microbenchmarks, judge on other work (`accuracy`).\n"
	       "  --base N|top|all  moves from OPP index N, from the top OPP, or from\n"
	       "                    every OPP (default: all, as a governor moves)\n"
	       "  --all-constants   also");
	for (; i < na; i++)
		printf("%s%s", i == nd ? " " : i == nd + 4 ? ",\n                    " :
		       ", ", keys[i]);
	printf("\n"
	       "  --out FILE        write the description there (default: stdout)\n"
	       COREMEM_HELP
	       "The errors before and after go to stderr. A trace without coremem's\n"
	       "counters is skipped and named.\n"
	       "Exit status: 0 success, 1 unreadable trace, no trace with the\n"
	       "counters, or the output not written, 2 bad usage.\n");
}

static int fit_opt(int c, void *ctx)
{
	struct fit_opts *o = ctx;

	switch (c) {
	case 'b':
		return parse_base_opp("fit-coremem", optarg, true, &o->base);
	case 'o':
		o->out = optarg;
		return 0;
	case 'a':
		o->flags |= COREMEM_FIT_ALL;
		return 0;
	default:
		return EXIT_USAGE;
	}
}

/* Add one move; -1 if out of memory or beyond MOVES_MAX. */
static int obs_add(struct obs_set *set, const struct coremem_obs *ob)
{
	struct coremem_obs *o;

	if (set->n == MOVES_MAX)
		return -1;
	if (set->n == set->cap) {
		size_t cap = set->cap ? 2 * set->cap : 1024;

		o = realloc(set->o, cap * sizeof(*o));
		if (!o)
			return -1;
		set->o = o;
		set->cap = cap;
	}
	if (!set->n)
		set->mem_khz = ob->base_mem_khz;
	if (ob->base_mem_khz != set->mem_khz || ob->mem_khz != set->mem_khz)
		set->mems = true;
	set->o[set->n++] = *ob;
	return 0;
}

/* The moves of trace @w from base OPP @b; -1 as obs_add(). */
static int moves_from(struct obs_set *set, const struct sweep *w, u32 b)
{
	const struct gpugov_opp_table *t = &w->t.hdr.opps;
	struct coremem_obs ob;
	double at_b, at_i;
	u32 seg, i;

	for (seg = 0; seg < w->t.nr_seg; seg++) {
		const struct gpugov_sample *s = sweep_sample(w, seg, b);

		if (!gpugov_coremem_inputs(s, &ob.in) || !s->core_khz ||
		    !s->mem_khz || sweep_work_time_ns(w, seg, b, b, &at_b) ||
		    !(at_b > 0))
			continue;
		ob.base_core_khz = s->core_khz;
		ob.base_mem_khz = s->mem_khz;
		for (i = 0; i < t->nr; i++) {
			if (i == b || sweep_work_time_ns(w, seg, b, i, &at_i) ||
			    !(at_i > 0) || !t->opp[i].core_khz)
				continue;
			ob.core_khz = t->opp[i].core_khz;
			ob.mem_khz = t->opp[i].mem_khz ? t->opp[i].mem_khz :
							 s->mem_khz;
			ob.ratio = at_i / at_b;
			if (obs_add(set, &ob))
				return -1;
		}
	}
	return 0;
}

/* The moves of trace @w from the base(s) @base; 0 or EXIT_FAILURE_RUN. */
static int trace_moves(struct obs_set *set, const struct sweep *w, int base)
{
	u32 b, nr = w->t.hdr.opps.nr;

	for (b = 0; b < nr; b++) {
		if ((base == BASE_TOP && b + 1 != nr) ||
		    (base >= 0 && b != (u32)base) || !moves_from(set, w, b))
			continue;
		if (set->n == MOVES_MAX)
			fprintf(stderr, "gpugov-replay fit-coremem: %s: more than "
				"%d moves: fit from one base (--base N|top) or on "
				"fewer traces\n", w->path, MOVES_MAX);
		else
			fprintf(stderr, "gpugov-replay fit-coremem: out of memory\n");
		return EXIT_FAILURE_RUN;
	}
	return 0;
}

/* Every trace's moves into @set; 0, or an exit status (after a message). */
static int collect(int argc, char **argv, const struct fit_opts *o,
		   struct obs_set *set, struct gpugov_coremem_params *start)
{
	const u32 need = gpugov_pred_coremem.caps;
	struct sweep w;
	int a, ret = 0;

	for (a = optind; a < argc && !ret; a++) {
		if (sweep_open(&w, argv[a], "fit-coremem"))
			return EXIT_FAILURE_RUN;
		if (a == optind)
			*start = w.coremem;
		set->traces++;
		if (o->base >= (int)w.t.hdr.opps.nr) {
			fprintf(stderr, "gpugov-replay fit-coremem: %s: --base %d is "
				"not an OPP index of this trace (it has %u OPPs)\n",
				argv[a], o->base, w.t.hdr.opps.nr);
			ret = EXIT_USAGE;
		} else if ((w.t.hdr.caps & need) != need) {
			fprintf(stderr, "gpugov-replay fit-coremem: %s: skipped, "
				"no coremem counters\n", argv[a]);
			set->unscored++;
		} else {
			ret = trace_moves(set, &w, o->base);
		}
		sweep_free(&w);
	}
	return ret;
}

/*
 * Write @p with a header saying what it was fitted on, to @path (all or
 * nothing) or stdout; 0 or -1.
 */
static int write_desc(const char *path, const struct gpugov_coremem_params *p,
		      const struct obs_set *set,
		      const struct coremem_fit_result *r)
{
	char err[GPUGOV_TRACE_ERR_MAX];
	struct outfile out;

	if (!path)
		outfile_stdout(&out);
	else if (outfile_open(&out, path, err, sizeof(err)))
		goto fail;
	fprintf(out.f, "# coremem GPU description fitted by gpugov-replay fit-coremem\n"
		"# on %zu moves of %u traces: MAPE %.2f %% -> %.2f %%\n",
		set->n, set->traces - set->unscored, 100 * r->mape_before,
		100 * r->mape_after);
	/* a failed write sets the stream's error flag, which the commit checks */
	coremem_gpu_write(out.f, p);
	if (!outfile_commit(&out, err, sizeof(err)))
		return 0;
fail:
	fprintf(stderr, "gpugov-replay fit-coremem: %s\n", err);
	return -1;
}

int cmd_fit_coremem(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "base", required_argument, NULL, 'b' },
		{ "out", required_argument, NULL, 'o' },
		{ "all-constants", no_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		COREMEM_LONG_OPT,
		{ NULL, 0, NULL, 0 },
	};
	struct fit_opts o = { .base = BASE_ALL };
	enum table_format fmt = TABLE_TEXT;
	const struct cmdline cl = { .cmd = "fit-coremem", .opts = opts,
				    .help = print_help, .own = fit_opt,
				    .o = &o, .fmt = &fmt };
	struct obs_set set = { 0 };
	struct gpugov_coremem_params p;
	struct coremem_fit_result r;
	int ret;

	ret = cmdline_parse(argc, argv, &cl);
	if (!ret)
		ret = cmdline_need_traces("fit-coremem", argc);
	if (!ret)
		ret = collect(argc, argv, &o, &set, &p);
	if (!ret && !set.n) {
		fprintf(stderr, "gpugov-replay fit-coremem: no move to fit: no "
			"trace has coremem's counters and two OPPs\n");
		ret = EXIT_FAILURE_RUN;
	}
	if (!ret) {
		coremem_fit(&p, set.o, set.n, o.flags |
			    (set.mems ? COREMEM_FIT_MEMS : 0), &r);
		fprintf(stderr, "gpugov-replay fit-coremem: %zu moves, MAPE "
			"%.2f %% -> %.2f %% (from %s%s, %lu evaluations)\n",
			set.n, 100 * r.mape_before, 100 * r.mape_after,
			r.start ? "the constants of " : "the description given",
			r.start ? gpugov_coremem_gpu_name(r.start - 1) : "",
			r.evals);
		if (write_desc(o.out, &p, &set, &r))
			ret = EXIT_FAILURE_RUN;
	}
	free(set.o);
	return ret;
}
