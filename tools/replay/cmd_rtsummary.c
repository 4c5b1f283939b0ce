// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_rtsummary.c - `gpugov-replay realtime-summary`: the headline of the
 * real-time bench (scripts/bench-realtime.sh) from its CSV, with the
 * summaries of DESIGN.md §7a, per view group and per driver profile.
 *
 * A cell is (view, profile, hz, load, workload); its rows are what
 * `realtime --csv` printed for it, one per policy.  The view's group is
 * its name up to the first '-' (counters-fermi-15sm: counters).  The
 * driver's own simple_ondemand row (simple_ondemand-UP/DOWN[+boost]) is
 * the baseline of its cell, the no-loss oracle (oracle-noloss) its
 * bound; the upthreshold sweep's rows (simple_ondemand-sweep-UP/DOWN)
 * are the settings a row is checked against for Pareto dominance.
 *
 * The targets, on the shipped default's row (gpugov-default; --default
 * names another, or a list of which each view group takes the first it
 * has) in every view group and profile:
 *   XS (avoidable janks, Σ(J - J_oracle) / Σ(J_od - J_oracle)) <= 0.25
 *	where simple_ondemand has >= 10 avoidable janks (fewer: too few to
 *	score, and marked so);
 *   E/od (Σ E / Σ E_od) <= 0.90;
 *   the oracle share (Σ(1 - E) / Σ(1 - E_oracle)) >= 70 % with counters,
 *	>= 50 % with busy/total alone (stock, synthetic);
 *   on steady frames (workloads RTS_STEADY*), in every cell, switches a
 *	second <= 1.5 x simple_ondemand's + 0.1: a steady load needs no
 *	more switching than the stock governor's, whose 50 ms window
 *	aliases with the frame period.  The same bound on the no-loss
 *	oracle's row follows, not a target: where the oracle misses it (its
 *	one move from the starting OPP, in a run of a few seconds, is more
 *	than 0.1 a second), no policy that saves energy meets it.
 * Figures are computed here, not in the script, so that a test checks
 * them.
 */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cmdline.h"
#include "outfile.h"
#include "replay.h"
#include "rtsum.h"
#include "table.h"

#define RTS_DEFAULT		"gpugov-default"
#define RTS_TARGET_XS		0.25
#define RTS_XS_MIN_OD		10
#define RTS_TARGET_EOD		0.90
#define RTS_TARGET_ORACLE_CNT	70.0
#define RTS_TARGET_ORACLE_BUSY	50.0
#define RTS_COUNTERS		"counters"
/* view groups a table of the default per profile shows side by side */
#define RTS_PROF_GROUPS		3
#define RTS_PROF_COLS		6

static void ratio(char *cell, const char *fmt, double a, double b)
{
	if (b > 0)
		table_num(cell, fmt, a / b);
	else
		snprintf(cell, TABLE_CELL, TABLE_NONE);
}

/*
 * The figures the tables share, in @c: XS, simple_ondemand's avoidable
 * janks, E/od, the oracle share %, switches a second, simple_ondemand's,
 * decisions a second.
 */
static void figures(char c[7][TABLE_CELL], const struct rts_agg *a)
{
	ratio(c[0], "%.3f", a->xs, a->xs_od);
	table_num(c[1], "%.0f", a->xs_od);
	ratio(c[2], "%.3f", a->e_on, a->e_od);
	ratio(c[3], "%.1f", 100 * a->sav, a->sav_or);
	ratio(c[4], "%.2f", a->sw, a->secs);
	ratio(c[5], "%.2f", a->sw_od, a->secs_od);
	ratio(c[6], "%.1f", a->dec, a->secs);
}

/**
 * struct rts_out - what the summary prints, built whole before a line is printed
 * @prof: the default per profile, RTS_PROF_GROUPS view groups a table
 * @prof_cols, @prof_heads: their columns' names
 * @nr_prof: tables in @prof
 * @tt, @tab, @tp, @tf: the targets, every policy, every policy per
 *	profile (--by-profile), the firmware's choice
 * @title: the targets' title
 */
struct rts_out {
	struct table *prof;
	char (*prof_heads)[1 + RTS_PROF_GROUPS * RTS_PROF_COLS][TABLE_CELL];
	const char *(*prof_cols)[1 + RTS_PROF_GROUPS * RTS_PROF_COLS];
	size_t nr_prof;
	struct table tt, tab, tp, tf;
	char title[256];
};

/*
 * The default's table per profile for view groups @g0 .. @g0 + @ng - 1
 * (@def[g] its policy in group g, -1 if none): a row per profile with
 * XS (in parentheses where simple_ondemand has too few avoidable janks to
 * score it), those janks, E/od, the oracle share, switches a second
 * (simple_ondemand's in parentheses), decisions a second.
 */
static void prof_table(const struct rts *r, struct rts_out *o, const long *def, size_t g0,
		       size_t ng, enum table_format fmt, const char *name)
{
	static const char *const what[RTS_PROF_COLS] = { "XS", "od_avoid", "E/od", "oracle%",
							 "sw/s(od)", "dec/s" };
	struct table *t = &o->prof[o->nr_prof];
	char (*head)[TABLE_CELL] = o->prof_heads[o->nr_prof];
	const char **cols = o->prof_cols[o->nr_prof];
	char cell[1 + RTS_PROF_GROUPS * RTS_PROF_COLS][TABLE_CELL], c[7][TABLE_CELL];
	struct rts_agg all, *by = rts_must(calloc(ng * r->prof.nr + 1, sizeof(*by)), false);
	size_t g, k, p, n = 1 + ng * RTS_PROF_COLS;
	bool any;

	snprintf(head[0], TABLE_CELL, "profile");
	for (g = 0; g < ng; g++) {
		for (k = 0; k < RTS_PROF_COLS; k++)
			snprintf(head[1 + g * RTS_PROF_COLS + k], TABLE_CELL, "%.20s %s",
				 r->group.name[g0 + g], what[k]);
		if (def[g0 + g] >= 0)
			rts_aggregate(r, (size_t)def[g0 + g], &all, by + g * r->prof.nr);
	}
	for (k = 0; k < n; k++)
		cols[k] = head[k];
	table_init(t, name, fmt, cols, (int)n);
	for (p = 0; p < r->prof.nr; p++) {
		snprintf(cell[0], TABLE_CELL, "%s", r->prof.name[p]);
		for (g = 0, any = false; g < ng; g++) {
			const struct rts_agg *a = &by[g * r->prof.nr + p];
			size_t b = 1 + g * RTS_PROF_COLS;

			any |= a->n > 0;
			if (!a->n) {	/* no row of the default here: nothing, not zeroes */
				for (k = 0; k < RTS_PROF_COLS; k++)
					snprintf(cell[b + k], TABLE_CELL, TABLE_NONE);
				continue;
			}
			figures(c, a);
			if (a->xs_od > 0 && a->xs_od < RTS_XS_MIN_OD)
				snprintf(cell[b], TABLE_CELL, "(%.20s)", c[0]);
			else
				snprintf(cell[b], TABLE_CELL, "%s", c[0]);
			for (k = 1; k < 4; k++)
				snprintf(cell[b + k], TABLE_CELL, "%s", c[k]);
			snprintf(cell[b + 4], TABLE_CELL, "%.20s(%.20s)", c[4], c[5]);
			snprintf(cell[b + 5], TABLE_CELL, "%s", c[6]);
		}
		if (any)
			table_add(t, cell[0], cell[1], cell[2], cell[3], cell[4], cell[5], cell[6],
				  cell[7], cell[8], cell[9], cell[10], cell[11], cell[12], cell[13],
				  cell[14], cell[15], cell[16], cell[17], cell[18]);
	}
	o->nr_prof++;
	free(by);
}

/**
 * struct rts_target - one target over the default's view groups and profiles
 * @scored, @missed: view x profile pairs (cells, for the steady frames)
 *	scored, and those missing the target
 * @worst: the figure furthest from the target (on steady frames, how far
 *	the switches a second pass the bound)
 * @where: its view and profile (on steady frames, its cell)
 * @figure: the figure as printed
 */
struct rts_target {
	size_t scored, missed;
	double worst;
	char where[TABLE_CELL];
	char figure[TABLE_CELL];
};

/* Figure @v of @g/@prof against bound @bound: at most (@max) or at least. */
static void score(struct rts_target *t, double v, double bound, bool max, const char *g,
		  const char *prof, const char *fmt)
{
	bool worse = max ? v > t->worst : v < t->worst;

	t->missed += max ? v > bound : v < bound;
	if (!t->scored++ || worse) {
		t->worst = v;
		snprintf(t->where, TABLE_CELL, "%.20s/%.26s", g, prof);
		table_num(t->figure, fmt, v);
	}
}

static void target_row(struct table *tt, const char *name, const struct rts_target *t)
{
	char scored[TABLE_CELL], missed[TABLE_CELL];

	snprintf(scored, sizeof(scored), "%zu", t->scored);
	snprintf(missed, sizeof(missed), "%zu", t->missed);
	table_add(tt, name, scored, missed, t->scored ? t->figure : TABLE_NONE,
		  t->scored ? t->where : TABLE_NONE,
		  !t->scored ? "not scored" : t->missed ? "missed" : "met");
}

/*
 * The steady cells of @all, one policy's in one view group, into @st: the
 * cell furthest over its bound is the worst.
 */
static void score_steady(struct rts_target *st, const struct rts *r,
			 const struct rts_agg *all)
{
	const struct rts_cell *c;
	double bound = RTS_STEADY_FACTOR * all->steady_od + RTS_STEADY_SLACK;

	if (!all->n_steady)
		return;
	c = &r->cell[all->steady_cell];
	if (!st->scored || all->steady_worst - bound > st->worst) {
		st->worst = all->steady_worst - bound;
		snprintf(st->figure, TABLE_CELL, "%.2f(od %.2f)", all->steady_worst,
			 all->steady_od);
		snprintf(st->where, TABLE_CELL, "%.12s/%.8s/%u/%u/%.12s", c->view,
			 r->prof.name[c->profile], c->hz, c->load, c->workload);
	}
	st->scored += all->n_steady;
	st->missed += all->steady_miss;
}

/* The targets (the header comment) on the default, @def[g] its policy in group g. */
static void targets(const struct rts *r, struct rts_out *o, const long *def)
{
	struct rts_target xs = { 0 }, eod = { 0 }, oc = { 0 }, ob = { 0 }, st = { 0 };
	struct rts_target so = { 0 };
	struct rts_agg all, *by = rts_must(calloc(r->prof.nr + 1, sizeof(*by)), false);
	size_t g, p;
	long or;

	for (g = 0; g < r->group.nr; g++) {
		const char *gn = r->group.name[g];
		bool cnt = !strcmp(gn, RTS_COUNTERS);

		if (def[g] < 0)
			continue;
		rts_aggregate(r, (size_t)def[g], &all, by);
		for (p = 0; p < r->prof.nr; p++) {
			const struct rts_agg *a = &by[p];
			const char *pn = r->prof.name[p];

			if (a->xs_od >= RTS_XS_MIN_OD)
				score(&xs, a->xs / a->xs_od, RTS_TARGET_XS, true, gn, pn, "%.3f");
			if (a->e_od > 0)
				score(&eod, a->e_on / a->e_od, RTS_TARGET_EOD, true, gn, pn,
				      "%.3f");
			if (a->sav_or > 0)
				score(cnt ? &oc : &ob, 100 * a->sav / a->sav_or,
				      cnt ? RTS_TARGET_ORACLE_CNT : RTS_TARGET_ORACLE_BUSY, false,
				      gn, pn, "%.1f");
		}
		score_steady(&st, r, &all);
		or = rts_find_pol(r, g, RTS_ORACLE);
		if (or >= 0) {
			rts_aggregate(r, (size_t)or, &all, NULL);
			score_steady(&so, r, &all);
		}
	}
	free(by);
	target_row(&o->tt, "XS <= 0.25 (od avoidable janks >= 10)", &xs);
	target_row(&o->tt, "E/od <= 0.90", &eod);
	target_row(&o->tt, "oracle share >= 70 % (counters)", &oc);
	target_row(&o->tt, "oracle share >= 50 % (stock, synthetic)", &ob);
	target_row(&o->tt, "steady: sw/s <= 1.5 x od's + 0.1 (cells)", &st);
	target_row(&o->tt, "  the same on oracle-noloss (reach)", &so);
}

/*
 * Policy @p over a set of its cells (@a): a row of the table of every
 * policy, with the profile @prof after the view unless it is NULL.
 */
static void summary_row(struct table *t, const struct rts *r, size_t p,
			const struct rts_agg *a, const char *prof)
{
	char c[7][TABLE_CELL], n[TABLE_CELL], j[TABLE_CELL], e[TABLE_CELL], w[TABLE_CELL];
	const char *g = r->group.name[r->pol[p].group], *name = r->pol[p].name;
	char par[TABLE_CELL];

	figures(c, a);
	snprintf(n, sizeof(n), "%zu", a->n);
	table_num(j, "%.0f", a->j);
	table_num(e, "%.4f", a->e / (double)a->n);
	table_num(w, "%.3f", a->worst);
	ratio(par, "%.1f", 100.0 * (double)a->pareto, (double)a->n_pareto);
	if (prof)
		table_add(t, g, prof, name, n, j, c[0], c[1], c[2], c[3], e, w, c[4], c[5], c[6],
			  par);
	else
		table_add(t, g, name, n, j, c[0], c[1], c[2], c[3], e, w, c[4], c[5], c[6], par);
}

/*
 * Policy @p against the firmware's own choice, over the cells that have
 * one (a firmware-governed profile, amdgpu): the share of cells with less
 * energy (E<fw), with no more janked frames (J<=fw) and with both;
 * janked frames and the firmware's; the mean ratio of energies.  Nothing
 * when @p's cells have no firmware row.
 */
static void firmware_row(struct table *t, const struct rts *r, size_t p,
			 const struct rts_agg *a)
{
	char c[7][TABLE_CELL];

	if (r->pol[p].sweep || !strcmp(r->pol[p].name, RTS_FW) || !a->n_fw)
		return;
	snprintf(c[0], TABLE_CELL, "%zu", a->n_fw);
	ratio(c[1], "%.1f", 100.0 * (double)a->fw_el, (double)a->n_fw);
	ratio(c[2], "%.1f", 100.0 * (double)a->fw_jl, (double)a->n_fw);
	ratio(c[3], "%.1f", 100.0 * (double)a->fw_both, (double)a->n_fw);
	table_num(c[4], "%.0f", a->fw_j);
	table_num(c[5], "%.0f", a->fw_jf);
	ratio(c[6], "%.4f", a->fw_er, (double)a->n_fw);
	table_add(t, r->group.name[r->pol[p].group], r->pol[p].name, c[0], c[1], c[2], c[3],
		  c[4], c[5], c[6]);
}

/**
 * struct rts_heat - a policy on a row of the heat map
 * @row, @pol: the row (view/workload) and the policy
 * @k: cells
 * @e, @j, @jo: Σ E / E_od, janked frames and simple_ondemand's
 */
struct rts_heat {
	size_t row, pol, k;
	double e, j, jo;
};

static int heat_cmp(const void *a, const void *b)
{
	const struct rts_heat *x = a, *y = b;

	if (x->row != y->row)
		return x->row < y->row ? -1 : 1;
	return x->pol < y->pol ? -1 : x->pol > y->pol;
}

/*
 * The heat map's data: per view and workload (over profiles, rates and
 * loads) and policy (the driver's simple_ondemand, gpugov's rows, the
 * oracle): energy relative to simple_ondemand (the mean over the cells of
 * the ratio), janked frames and simple_ondemand's; rows in the order of
 * the CSV, policies in the order of their first rows.  Written whole or
 * not at all.
 */
static int write_heat(struct rts *r, const char *path)
{
	char err[256], key[3 * TABLE_CELL];
	struct rts_names rows = { 0 };
	struct strmap ix = { 0 };
	struct rts_heat *h = NULL;
	size_t i, k, nr = 0, cap = 0;
	struct outfile of;
	int ret = EXIT_OK;

	for (i = 0; i < r->nr_row; i++) {
		const struct rts_row *v = &r->row[i];
		const struct rts_cell *c = &r->cell[v->cell];
		const struct rts_row *o = c->od >= 0 ? &r->row[c->od] : NULL;
		size_t hr;

		if (r->pol[v->pol].sweep || !strcmp(r->pol[v->pol].name, "performance") ||
		    !o || o->e <= 0)
			continue;
		snprintf(key, sizeof(key), "%s/%s", c->view, c->workload);
		hr = rts_name_index(r, &rows, key);
		snprintf(key, sizeof(key), "%zu,%zu", hr, v->pol);
		if (!strmap_get(&ix, key, &k)) {
			h = rts_grow(h, &cap, nr + 1, sizeof(*h));
			h[nr] = (struct rts_heat){ .row = hr, .pol = v->pol };
			rts_must(h, strmap_put(&ix, rts_keep(r, key), nr));
			k = nr++;
		}
		h[k].k++;
		h[k].e += v->e / o->e;
		h[k].j += v->j;
		h[k].jo += o->j;
	}
	if (nr)
		qsort(h, nr, sizeof(*h), heat_cmp);
	if (outfile_open(&of, path, err, sizeof(err))) {
		ret = EXIT_FAILURE_RUN;
	} else {
		fprintf(of.f, "row,policy,energy_od,janked,janked_od\n");
		for (i = 0; i < nr; i++)
			fprintf(of.f, "%s,%s,%.4f,%.0f,%.0f\n", rows.name[h[i].row],
				r->pol[h[i].pol].name, h[i].e / (double)h[i].k, h[i].j, h[i].jo);
		if (outfile_close(&of, err, sizeof(err)) || outfile_commit(&of, err, sizeof(err)))
			ret = EXIT_FAILURE_RUN;
		outfile_abort(&of);
	}
	if (ret)
		fprintf(stderr, "gpugov-replay realtime-summary: %s\n", err);
	free(h);
	free(rows.name);
	strmap_free(&rows.ix);
	strmap_free(&ix);
	return ret;
}

static void print_help(void)
{
	printf("usage: gpugov-replay realtime-summary [--csv|--json] [--heat FILE.csv]\n"
	       "                                      [--default POLICY[,POLICY...]] [--by-profile]\n"
	       "                                      BENCH.csv\n"
	       "The real-time bench's summary (scripts/bench-realtime.sh) from its CSV\n"
	       "(" RTS_HEADER "),\n"
	       "per view group (the view up to its first '-') and driver profile, against the\n"
	       "driver's simple_ondemand at its own settings (od) and the no-loss oracle:\n"
	       "  XS       avoidable janks, sum(J - J_oracle) / sum(J_od - J_oracle): 0 as\n"
	       "           smooth as the oracle, 1 as janky as simple_ondemand\n"
	       "  E/od     summed energy over simple_ondemand's\n"
	       "  oracle%%  the oracle's saving obtained, sum(1 - E) / sum(1 - E_oracle)\n"
	       "  sw/s     switches a second (switches / (frames / hz)); od_sw/s simple_ondemand's\n"
	       "  dec/s    decisions a second\n"
	       "First the shipped default's row (POLICY, default " RTS_DEFAULT "; of a list,\n"
	       "the first a view group has) per profile, up to three view groups a\n"
	       "table: XS in parentheses where\n"
	       "simple_ondemand has fewer than 10 avoidable janks (not scored), sw/s with\n"
	       "simple_ondemand's in parentheses.  Then the targets on that row, each with\n"
	       "the view/profile pairs scored and missed, the worst figure, where, and\n"
	       "met or missed: XS <= 0.25 where simple_ondemand has >= 10 avoidable\n"
	       "janks; E/od <= 0.90; oracle share >= 70 %% with counters, >= 50 %% on\n"
	       "busy/total (stock, synthetic); on steady frames (workloads " RTS_STEADY "*), in\n"
	       "every cell, sw/s <= 1.5 x simple_ondemand's + 0.1, and the same on\n"
	       "oracle-noloss (reach, not a target: where it misses, so must any policy\n"
	       "that leaves the starting OPP).  Then every policy\n"
	       "over all profiles: cells, janked frames, XS, E/od, oracle%%, mean energy\n"
	       "relative to performance, the worst latency, sw/s, od_sw/s, dec/s, and\n"
	       "pareto (not a target): the share of cells where no setting of the\n"
	       "upthreshold sweep has no more janks and energy and less of one;\n"
	       "--by-profile: then the same per view, policy and profile.\n"
	       "Then, where a profile has the firmware's own choice (" RTS_FW ", amdgpu),\n"
	       "every policy against it: the share of cells with less energy (E<fw), no\n"
	       "more janked frames (J<=fw) and both, janked frames and the firmware's,\n"
	       "the mean ratio of energies.\n"
	       "--heat FILE.csv: per view/workload and policy, energy relative to\n"
	       "simple_ondemand (mean ratio), janked frames and simple_ondemand's.\n"
	       "Every column is checked; a bad row is named by file and line, and\n"
	       "nothing is printed or written.\n"
	       "Exit status: 0 success, 1 unreadable file, 2 bad usage or row.\n");
}

static void free_out(struct rts_out *o)
{
	size_t i;

	for (i = 0; i < o->nr_prof; i++)
		table_free(&o->prof[i]);
	free(o->prof);
	free(o->prof_heads);
	free(o->prof_cols);
	table_free(&o->tt);
	table_free(&o->tab);
	table_free(&o->tp);
	table_free(&o->tf);
}

/*
 * The default's row in view group @g: the first of the comma-separated
 * names @def that the group has (today's default rows differ between
 * views), -1 if none.
 */
static long default_pol(const struct rts *r, size_t g, const char *def)
{
	char name[TABLE_CELL];
	long p = -1;

	while (p < 0 && *def) {
		size_t n = strcspn(def, ",");

		snprintf(name, sizeof(name), "%.*s", (int)(n < TABLE_CELL ? n : TABLE_CELL - 1),
			 def);
		p = rts_find_pol(r, g, name);
		def += n + (def[n] == ',');
	}
	return p;
}

/* Every table of the summary of @r into @o, for the default @def. */
static void build(const struct rts *r, struct rts_out *o, const char *def, bool by_prof,
		  enum table_format fmt)
{
	static const char *const cols[] = { "view", "policy", "cells", "janked", "XS",
					    "od_avoid", "E/od",
					    "oracle%", "energy", "worst_ms", "sw/s", "od_sw/s",
					    "dec/s", "pareto" };
	static const char *const pcols[] = { "view", "profile", "policy", "cells", "janked",
					     "XS", "od_avoid", "E/od", "oracle%", "energy",
					     "worst_ms", "sw/s", "od_sw/s", "dec/s", "pareto" };
	static const char *const tcols[] = { "target", "scored", "missed", "worst", "where",
					     "verdict" };
	static const char *const fcols[] = { "view", "policy", "cells", "E<fw", "J<=fw",
					     "both", "janked", "janked_fw", "E/fw" };
	size_t nt = (r->group.nr + RTS_PROF_GROUPS - 1) / RTS_PROF_GROUPS, g, p, k;
	long *dp = rts_must(calloc(r->group.nr + 1, sizeof(*dp)), false);
	struct rts_agg a, *by = rts_must(calloc(r->prof.nr + 1, sizeof(*by)), false);

	for (g = 0; g < r->group.nr; g++)
		dp[g] = default_pol(r, g, def);
	o->prof = rts_must(calloc(nt + 1, sizeof(*o->prof)), false);
	o->prof_heads = rts_must(calloc(nt + 1, sizeof(*o->prof_heads)), false);
	o->prof_cols = rts_must(calloc(nt + 1, sizeof(*o->prof_cols)), false);
	for (g = 0; g < r->group.nr; g += RTS_PROF_GROUPS)
		prof_table(r, o, dp, g, r->group.nr - g < RTS_PROF_GROUPS ?
			   r->group.nr - g : RTS_PROF_GROUPS, fmt,
			   "the shipped default per profile: XS ((not scored): od_avoid < 10), "
			   "od_avoid, E/od, oracle%, sw/s (od's), dec/s");
	snprintf(o->title, sizeof(o->title), "targets on %.200s in every view and profile",
		 def);
	table_init(&o->tt, o->title, fmt, tcols, ARRAY_SIZE(tcols));
	targets(r, o, dp);
	table_init(&o->tab, "real time: per view and policy, against simple_ondemand at the "
		   "driver's settings (pareto: not a target)", fmt, cols, ARRAY_SIZE(cols));
	table_init(&o->tf, "against the firmware's own choice (" RTS_FW "), where a profile "
		   "has one", fmt, fcols, ARRAY_SIZE(fcols));
	if (by_prof)
		table_init(&o->tp, "real time: per view, policy and profile, against "
			   "simple_ondemand at the driver's settings (pareto: not a target)", fmt,
			   pcols, ARRAY_SIZE(pcols));
	for (p = 0; p < r->nr_pol; p++) {
		rts_aggregate(r, p, &a, by_prof ? by : NULL);
		summary_row(&o->tab, r, p, &a, NULL);
		firmware_row(&o->tf, r, p, &a);
		for (k = 0; by_prof && k < r->prof.nr; k++)
			if (by[k].n)
				summary_row(&o->tp, r, p, &by[k], r->prof.name[k]);
	}
	free(by);
	free(dp);
}

static void print_out(struct rts_out *o, enum table_format fmt, FILE *f)
{
	struct table *order[] = { &o->tt, &o->tab, &o->tp, &o->tf };
	size_t i;

	table_json_begin(f, fmt);
	for (i = 0; i < o->nr_prof; i++) {
		if (i && fmt == TABLE_TEXT)
			fputc('\n', f);
		table_print(&o->prof[i], f);
	}
	for (i = 0; i < ARRAY_SIZE(order); i++) {
		/* no firmware table without a firmware row, per profile if asked */
		if (!order[i]->ncols || (order[i] == &o->tf && !o->tf.nrows))
			continue;
		if (fmt == TABLE_TEXT)
			fputc('\n', f);
		table_print(order[i], f);
	}
	table_json_end(f, fmt);
}

/**
 * rts_summary() - the summary of the bench CSV @path on @f
 * @path: the CSV
 * @heat: NULL, or the heat map's CSV to write
 * @def: the shipped default's row, or a list (default_pol())
 * @by_prof: every policy per profile too
 * @fmt: text, CSV or JSON
 * @f: where the tables go
 *
 * Nothing is printed nor written unless @path is read whole.
 *
 * Return: 0, EXIT_FAILURE_RUN (unreadable input, unwritable heat map) or
 * EXIT_USAGE (a bad row), said on stderr.
 */
int rts_summary(const char *path, const char *heat, const char *def, bool by_prof,
		enum table_format fmt, FILE *f)
{
	struct rts_out o = { 0 };
	struct rts r = { 0 };
	int ret = rts_read(&r, path);

	if (!ret && heat)
		ret = write_heat(&r, heat);
	if (!ret) {
		build(&r, &o, def, by_prof, fmt);
		print_out(&o, fmt, f);
		free_out(&o);
	}
	rts_free(&r);
	return ret;
}

/* Whether the comma-separated names @s hold an empty or over-long one. */
static bool bad_names(const char *s)
{
	size_t n;

	do {
		n = strcspn(s, ",");
		if (!n || n >= TABLE_CELL)
			return true;
		s += n;
	} while (*s++);
	return false;
}

int cmd_rtsummary(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "heat", required_argument, NULL, 'H' },
		{ "default", required_argument, NULL, 'd' },
		{ "by-profile", no_argument, NULL, 'p' },
		FORMAT_LONG_OPTS,
		{ NULL, 0, NULL, 0 },
	};
	enum table_format fmt = TABLE_TEXT;
	const char *heat = NULL, *def = RTS_DEFAULT;
	bool by_prof = false;
	int c;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'H':
			heat = optarg;
			break;
		case 'd':
			def = optarg;
			break;
		case 'p':
			by_prof = true;
			break;
		case 'c':
		case 'j':
			if (cmdline_set_format("realtime-summary", &fmt,
					       c == 'c' ? TABLE_CSV : TABLE_JSON))
				return EXIT_USAGE;
			break;
		case 'h':
			print_help();
			return EXIT_OK;
		default:
			return EXIT_USAGE;
		}
	}
	if (argc - optind != 1) {
		fprintf(stderr,
			"gpugov-replay realtime-summary: need one BENCH.csv (see --help)\n");
		return EXIT_USAGE;
	}
	if (bad_names(def)) {
		fprintf(stderr, "gpugov-replay realtime-summary: --default: an empty or over-long "
			"name in '%s'\n", def);
		return EXIT_USAGE;
	}
	return rts_summary(argv[optind], heat, def, by_prof, fmt, stdout);
}
