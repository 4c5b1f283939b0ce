// SPDX-License-Identifier: GPL-2.0
/*
 * plot_timeline.c - `gpugov-replay plot timeline FRAMES.csv --trace TRACE
 * [--sequence SEQ.csv]`: one policy's real-time run as a picture (the
 * model of DESIGN.md section 7a, docs/realtime.md).
 *
 * Above, the core clock against time: the OPP in force, a step at each
 * decision of `realtime --sequence` (or of gpugov_sim's rt_log in that
 * form), with the time a janked frame ran past its vsync shaded.  Below,
 * the frames on the same time axis: a frame's period (arrival to its
 * deadline, the next vsync) as an outline, the GPU's work on it (start to
 * completion) filled, janked ones in another colour and marked with a
 * triangle, so the clock's lag behind the work shows directly.  Frames
 * alternate between two rows so that neighbours do not touch.
 */
#include <stdlib.h>
#include <string.h>
#include "plot.h"
#include "replay.h"
#include "strnum.h"
#include "sweep.h"

/* plot.h's line types, one meaning each; grey for a frame's period */
#define TL_STR(x)	#x
#define TL_LT(x)	TL_STR(x)
#define TL_CLOCK	TL_LT(PLOT_BLUE)	/* the clock, work on time */
#define TL_JANK		TL_LT(PLOT_VERMILLION)	/* janked */
#define TL_PERIOD	"rgb '#999999'"
#define TL_MAX		65536

struct tl_frame {
	u64 arrival, start, done, deadline;
	u32 frame, opp;
	bool janked;
};

struct tl_step {
	u64 t;
	u32 opp;
};

/**
 * struct tl_ctx - one policy's run, as read
 * @r: the workload chosen
 * @policy: the policy chosen (--policies' first, or the first row's)
 * @nr_opps: OPPs of --trace
 * @fr: its frames, in the file's order (completion)
 * @nfr: how many
 * @st: its decisions
 * @nst: how many
 */
struct tl_ctx {
	struct rows_ctx r;
	char policy[64];
	u32 nr_opps;
	struct tl_frame fr[TL_MAX];
	size_t nfr;
	struct tl_step st[TL_MAX];
	size_t nst;
};

static bool tl_u64(const char *s, u64 *v)
{
	return !parse_u64(s, strlen(s), v);
}

/* Whether row @f is of the workload and policy chosen (the first wanted). */
static bool tl_mine(struct tl_ctx *c, char **f)
{
	if (!row_wanted(&c->r, f))
		return false;
	if (!c->policy[0])
		snprintf(c->policy, sizeof(c->policy), "%s", f[1]);
	return !strcmp(f[1], c->policy);
}

static const char *frame_row(char **f, int n, void *ctx)
{
	struct tl_ctx *c = ctx;
	struct tl_frame x;
	u64 j;

	if (n != 9)
		return "not 9 fields";
	if (parse_u32(f[2], strlen(f[2]), &x.frame) || !tl_u64(f[3], &x.arrival) ||
	    !tl_u64(f[4], &x.start) || !tl_u64(f[5], &x.done) ||
	    !tl_u64(f[6], &x.deadline) || !tl_u64(f[7], &j) ||
	    parse_u32(f[8], strlen(f[8]), &x.opp))
		return "frame, times, janked or opp is not an unsigned number";
	if (j > 1 || x.opp >= c->nr_opps)
		return "janked is not 0 or 1, or opp is not one of the trace's";
	if (x.start < x.arrival || x.done < x.start || x.deadline < x.arrival)
		return "times out of order (arrival <= start <= done, arrival <= deadline)";
	/* the names go into gnuplot's quoted title */
	if (strchr(f[0], '\'') || strchr(f[1], '\''))
		return "a quote in the workload or policy name";
	if (strlen(f[1]) >= sizeof(c->policy))
		return "a policy name longer than 63 characters";
	if (!tl_mine(c, f))
		return NULL;
	if (c->nfr == TL_MAX)
		return "more than 65536 frames";
	x.janked = j;
	c->fr[c->nfr++] = x;
	return NULL;
}

static const char *step_row(char **f, int n, void *ctx)
{
	struct tl_ctx *c = ctx;
	struct tl_step x;

	if (n != 8)
		return "not 8 fields";
	if (!tl_u64(f[3], &x.t) || parse_u32(f[7], strlen(f[7]), &x.opp))
		return "time_ns or opp is not an unsigned number";
	if (x.opp >= c->nr_opps)
		return "opp is not one of the trace's";
	if (!row_wanted(&c->r, f) || strcmp(f[1], c->policy))
		return NULL;
	if (c->nst && x.t < c->st[c->nst - 1].t)
		return "time_ns goes back within the policy";
	if (c->nst == TL_MAX)
		return "more than 65536 decisions";
	c->st[c->nst++] = x;
	return NULL;
}

static double ms(u64 ns)
{
	return (double)ns / 1e6;
}

/* Data block $d: index 0 the frames, index 1 the clock's steps (MHz). */
static void tl_data(FILE *g, const struct tl_ctx *c, const struct sweep *w, double end)
{
	const struct gpugov_opp *opp = w->t.hdr.opps.opp;
	size_t i;
	u32 last = 0;

	fprintf(g, "$d << EOD\n");
	for (i = 0; i < c->nfr; i++)
		fprintf(g, "%.4f %.4f %.4f %.4f %d %u\n", ms(c->fr[i].arrival),
			ms(c->fr[i].start), ms(c->fr[i].done), ms(c->fr[i].deadline),
			c->fr[i].janked, c->fr[i].frame % 2);
	fprintf(g, "\n\n");
	if (c->nst) {
		/* a frame done before the first decision ran at the start OPP */
		if (c->fr[0].done <= c->st[0].t)
			fprintf(g, "0 %.1f\n", opp[c->fr[0].opp].core_khz / 1000.0);
		for (i = 0; i < c->nst; i++)
			fprintf(g, "%.4f %.1f\n", ms(c->st[i].t),
				opp[c->st[i].opp].core_khz / 1000.0);
		last = c->st[c->nst - 1].opp;
	} else {
		/* no decisions: each frame's OPP from its start (the oracle's) */
		for (i = 0; i < c->nfr; i++)
			fprintf(g, "%.4f %.1f\n", ms(c->fr[i].start),
				opp[c->fr[i].opp].core_khz / 1000.0);
		last = c->fr[c->nfr - 1].opp;
	}
	fprintf(g, "%.4f %.1f\nEOD\n", end, opp[last].core_khz / 1000.0);
}

/* The clock panel's axis: every OPP's clock, a tic each where they fit. */
static void tl_clock_axis(FILE *g, const struct sweep *w)
{
	const struct gpugov_opp_table *t = &w->t.hdr.opps;
	double lo = t->opp[0].core_khz / 1000.0, hi = t->opp[t->nr - 1].core_khz / 1000.0;
	double pad = hi > lo ? (hi - lo) * 0.08 : 1;
	u32 k;

	fprintf(g, "set yrange [%.1f:%.1f]\n", lo - pad, hi + pad);
	if (t->nr > 12) {
		fprintf(g, "set ytics auto\n");
		return;
	}
	fprintf(g, "set ytics (");
	for (k = 0; k < t->nr; k++)
		fprintf(g, "%s'%u' %.1f", k ? ", " : "", t->opp[k].core_khz / 1000,
			t->opp[k].core_khz / 1000.0);
	fprintf(g, ")\n");
}

static void tl_script(FILE *g, const struct tl_ctx *c, const struct sweep *w,
		      const struct plot_opts *o, double end)
{
	size_t i, nj = 0;

	fprintf(g, "set terminal pngcairo size 1200,720 noenhanced font ',10'\n"
		"set output '%s'\nunset title\nunset xlabel\n"
		"set multiplot title '%s on %s: the core clock against the frames, in real time'\n"
		"set lmargin at screen 0.08\nset rmargin at screen 0.97\n"
		"set xrange [0:%.4f]\nset tmargin at screen 0.89\nset bmargin at screen 0.52\n"
		"set format x ''\nset ylabel 'core clock, MHz'\nset grid\n"
		"set key at screen 0.97,0.945 right horizontal\n",
		o->out, c->policy, c->r.workload, end);
	tl_clock_axis(g, w);
	/*
	 * a janked frame's lateness shaded, and a dashed line and a triangle
	 * at its completion, visible however short the lateness
	 */
	for (i = 0; i < c->nfr; i++) {
		if (!c->fr[i].janked)
			continue;
		nj++;
		fprintf(g, "set object %zu rect from %.4f, graph 0 to %.4f, graph 1 "
			"behind fc lt " TL_JANK " fs transparent solid 0.45 noborder\n"
			"set arrow %zu from %.4f, graph 0 to %.4f, graph 1 nohead dt 2 "
			"lc " TL_JANK "\nset label %zu '' at %.4f, graph 0.04 point "
			"pt 11 ps 1.4 lc " TL_JANK " front\n",
			nj, ms(c->fr[i].deadline), ms(c->fr[i].done), nj, ms(c->fr[i].done),
			ms(c->fr[i].done), nj, ms(c->fr[i].done));
	}
	fprintf(g, "plot $d index 1 using 1:2 with steps lw 2.5 lc " TL_CLOCK " "
		"title 'core clock (the OPP in force%s)', "
		"NaN with boxes fs transparent solid 0.45 noborder lc " TL_JANK " "
		"title 'a janked frame: deadline to completion'\n",
		c->nst ? "" : ", set as each frame starts");
	fprintf(g, "unset object\nunset arrow\nunset label\nset tmargin at screen 0.48\nset bmargin at screen 0.13\n"
		"set format x '%%g'\nset xlabel 'time, ms'\nset ylabel 'frames'\n"
		"set yrange [-0.7:1.7]\nset ytics ('even' 0, 'odd' 1)\nset grid xtics noytics\n"
		"set key at screen 0.5,0.05 center horizontal maxrows 1 samplen 2\n"
		"plot $d index 0 using (($1+$4)/2):6:(($4-$1)/2):(0.34) with boxxyerror "
		"fs empty lc " TL_PERIOD " title 'frame: arrival to deadline (next vsync)', "
		"$d index 0 using ($5 > 0 ? 1/0 : ($2+$3)/2):6:(($3-$2)/2):(0.22) with boxxyerror "
		"fs solid 0.9 noborder lc " TL_CLOCK " title 'GPU at work, on time', "
		"$d index 0 using ($5 > 0 ? ($2+$3)/2 : 1/0):6:(($3-$2)/2):(0.22) with boxxyerror "
		"fs solid 0.9 noborder lc " TL_JANK " title 'GPU at work, janked', "
		"$d index 0 using ($5 > 0 ? $3 : 1/0):($6+0.48) with points pt 11 ps 1.4 "
		"lc " TL_JANK " notitle\nunset multiplot\n");
}

/**
 * plot_timeline() - `plot timeline FRAMES.csv`
 * @path: the frames (`realtime --frames`)
 * @o: options; @o->trace required, @o->sequence optional
 *
 * Return: an exit status.
 */
int plot_timeline(const char *path, const struct plot_opts *o)
{
	static struct tl_ctx c;
	static struct sweep w;
	size_t i;
	u64 end;
	FILE *g;
	int ret;

	if (!o->trace) {
		fprintf(stderr, "gpugov-replay plot: timeline needs --trace TRACE (its OPPs)\n");
		return EXIT_USAGE;
	}
	if (sweep_open(&w, o->trace, "plot"))
		return EXIT_FAILURE_RUN;
	memset(&c, 0, sizeof(c));
	c.r.o = o;
	c.nr_opps = w.t.hdr.opps.nr;
	ret = read_rows(path, "workload,policy,frame,arrival_ns,start_ns,done_ns,"
			"deadline_ns,janked,opp", frame_row, &c);
	if (!ret && !c.nfr) {
		fprintf(stderr, "gpugov-replay plot: %s: no rows to plot\n", path);
		ret = EXIT_USAGE;
	}
	if (!ret && o->sequence)
		ret = read_rows(o->sequence, "workload,policy,decision,time_ns,event,busy,"
				"total,opp", step_row, &c);
	if (ret) {
		sweep_free(&w);
		return ret;
	}
	/* the time axis: to the last deadline or completion, 1 ms at least */
	end = 1000000;
	for (i = 0; i < c.nfr; i++)
		end = max_t(u64, end, max_t(u64, c.fr[i].done, c.fr[i].deadline));
	g = gnuplot_open(o, "", "", "");
	if (!g) {
		sweep_free(&w);
		return EXIT_FAILURE_RUN;
	}
	tl_data(g, &c, &w, ms(end));
	tl_script(g, &c, &w, o, ms(end));
	sweep_free(&w);
	return gnuplot_close(g);
}
