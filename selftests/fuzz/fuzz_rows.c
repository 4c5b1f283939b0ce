// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_rows.c - libFuzzer target: the CSV row files gpugov-replay reads
 * (tools/replay/rows.c read_rows() and every caller's row callback):
 * `run --allowed-schedule` (allowed.c), `run --external` (extseq.c),
 * `plot freq` / `plot energy` (cmd_plot.c) and `plot timeline`'s frames
 * and decisions (plot_timeline.c).
 *
 * The input is one file, given to every reader.  Each must accept it
 * or refuse it as malformed (exit status 2), never as unreadable (1): it
 * is a readable regular file.  A schedule or a sequence set that is
 * accepted is checked, written back in the file's format and read again,
 * which must give the same thing.  plot's gnuplot is replaced, by the
 * linker's --wrap, with a stream in memory: the data block it would get
 * must hold no line that ends it early ("EOD").
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "allowed.h"
#include "extseq.h"
#include "replay.h"

#define SCHED_HEADER	"segment,lo,hi"
#define SEQ_HEADER	"workload,policy,segment,opp,core_khz,mem_khz"

int cmd_plot(int argc, char **argv);

/* ---- gnuplot, as plot sees it (-Wl,--wrap=popen,--wrap=pclose) ---- */

static FILE *plot_stream;
static char *plot_buf;
static size_t plot_len;

FILE *__wrap_popen(const char *cmd, const char *mode);
int __wrap_pclose(FILE *f);

FILE *__wrap_popen(const char *cmd, const char *mode)
{
	FUZZ_CHECK(!plot_stream && !strcmp(cmd, "gnuplot"));
	plot_stream = open_memstream(&plot_buf, &plot_len);
	if (!plot_stream)
		abort();
	return plot_stream;
}

/*
 * The script gnuplot would run: after the data block's end marker, only
 * plot's own commands (set, unset, plot); a data line reading "EOD"
 * would end the block early and have gnuplot run the rest of the data as
 * commands.
 */
static void check_script(char *s)
{
	char *p = strstr(s, "$d << EOD\n"), *line, *save;
	bool in_block = true;

	if (!p)
		return;
	for (line = strtok_r(p + strlen("$d << EOD\n"), "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (in_block)
			in_block = strcmp(line, "EOD");
		else
			FUZZ_CHECK(!strncmp(line, "set ", 4) || !strncmp(line, "unset ", 6) ||
				   !strncmp(line, "plot ", 5));
	}
	FUZZ_CHECK(!in_block);
}

int __wrap_pclose(FILE *f)
{
	FUZZ_CHECK(f == plot_stream);
	if (fclose(f))
		abort();
	check_script(plot_buf);
	free(plot_buf);
	plot_stream = NULL;
	plot_buf = NULL;
	return 0;
}

/* ---- --allowed-schedule ---- */

static void check_sched(const struct allowed_sched *a)
{
	static const u32 nr_opps[] = { 1, 3, GPUGOV_MAX_OPPS };
	struct gpugov_opp_range r;
	u32 i, k;

	for (i = 0; i < a->nr; i++) {
		const struct allowed_step *s = &a->step[i];

		FUZZ_CHECK(s->r.lo <= s->r.hi && s->r.hi < GPUGOV_MAX_OPPS);
		FUZZ_CHECK(!i || s->seg > s[-1].seg);
	}
	/*
	 * allowed_at() against the schedule's meaning: at a step's segment
	 * and the one after, that step; just before it, the one before (or
	 * every OPP); always within the table.
	 */
	for (k = 0; k < ARRAY_SIZE(nr_opps); k++) {
		u32 n = nr_opps[k];

		for (i = 0; i < a->nr; i++) {
			const struct allowed_step *s = &a->step[i];
			u32 hi = min_t(u32, s->r.hi, n - 1);

			allowed_at(a, s->seg, n, &r);
			FUZZ_CHECK(r.hi == hi && r.lo == min_t(u32, s->r.lo, hi));
			if (s->seg < U32_MAX && (i + 1 == a->nr || s[1].seg > s->seg + 1)) {
				allowed_at(a, s->seg + 1, n, &r);
				FUZZ_CHECK(r.hi == hi);
			}
			if (s->seg && (!i || s[-1].seg < s->seg - 1)) {
				allowed_at(a, s->seg - 1, n, &r);
				FUZZ_CHECK(r.hi == (i ? min_t(u32, s[-1].r.hi, n - 1) : n - 1));
				FUZZ_CHECK(r.lo <= r.hi);
			}
		}
	}
}

static void sched_round_trip(const struct allowed_sched *a)
{
	struct allowed_sched b = { 0 };
	char *text, *path;
	size_t len;
	FILE *f = open_memstream(&text, &len);
	u32 i;

	if (!f)
		abort();
	fprintf(f, "%s\n", SCHED_HEADER);
	for (i = 0; i < a->nr; i++)
		fprintf(f, "%u,%u,%u\n", a->step[i].seg, a->step[i].r.lo, a->step[i].r.hi);
	if (fclose(f))
		abort();
	path = fuzz_write_file("again.csv", (const uint8_t *)text, len);
	FUZZ_CHECK(!allowed_load(path, &b));
	FUZZ_CHECK(b.nr == a->nr);
	for (i = 0; i < a->nr; i++)
		FUZZ_CHECK(b.step[i].seg == a->step[i].seg &&
			   b.step[i].r.lo == a->step[i].r.lo &&
			   b.step[i].r.hi == a->step[i].r.hi);
	allowed_free(&b);
	free(path);
	free(text);
}

static void fuzz_allowed(const char *path)
{
	struct allowed_sched a = { 0 };
	int rc = allowed_load(path, &a);

	FUZZ_CHECK(rc == EXIT_OK || rc == EXIT_USAGE);
	if (rc) {
		FUZZ_CHECK(!a.nr && !a.step);
		return;
	}
	check_sched(&a);
	sched_round_trip(&a);
	allowed_free(&a);
}

/* ---- --external ---- */

static int by_names(const void *x, const void *y)
{
	const struct extseq *const *a = x, *const *b = y;
	int c = strcmp((*a)->workload, (*b)->workload);

	return c ? c : strcmp((*a)->policy, (*b)->policy);
}

/* Sorted by workload, then file order; each (workload, policy) once. */
static void check_seqs(const struct extseq_set *set)
{
	const struct extseq **byname = malloc((set->nr + 1) * sizeof(*byname));
	const struct extseq *first;
	u32 i, j, nr;

	if (!byname)
		abort();
	for (i = 0; i < set->nr; i++) {
		const struct extseq *s = &set->seq[i];

		FUZZ_CHECK(s->workload[0] && memchr(s->workload, 0, sizeof(s->workload)));
		FUZZ_CHECK(s->policy[0] && memchr(s->policy, 0, sizeof(s->policy)));
		FUZZ_CHECK(s->n >= 1 && s->n <= s->cap);
		for (j = 0; j < s->n; j++)
			FUZZ_CHECK(s->opp[j] < GPUGOV_MAX_OPPS);
		if (i) {
			int c = strcmp(s[-1].workload, s->workload);

			FUZZ_CHECK(c < 0 || (!c && s[-1].order < s->order));
		}
		byname[i] = s;
	}
	qsort(byname, set->nr, sizeof(*byname), by_names);
	for (i = 1; i < set->nr; i++)
		FUZZ_CHECK(by_names(&byname[i - 1], &byname[i]));
	free(byname);
	for (i = 0; i < set->nr; i += nr) {
		first = extseq_find(set, set->seq[i].workload, &nr);
		FUZZ_CHECK(first == &set->seq[i] && nr >= 1 && i + nr <= set->nr);
		FUZZ_CHECK(i + nr == set->nr ||
			   strcmp(set->seq[i + nr].workload, first->workload));
	}
	extseq_find(set, "", &nr);	/* no workload has an empty name */
	FUZZ_CHECK(!nr);
}

static void seqs_round_trip(const struct extseq_set *set)
{
	struct extseq_set again;
	char *text, *path;
	size_t len;
	FILE *f = open_memstream(&text, &len);
	u32 i, j;

	if (!f)
		abort();
	fprintf(f, "%s\n", SEQ_HEADER);
	for (i = 0; i < set->nr; i++)
		for (j = 0; j < set->seq[i].n; j++)
			fprintf(f, "%s,%s,%u,%u,0,0\n", set->seq[i].workload,
				set->seq[i].policy, j, set->seq[i].opp[j]);
	if (fclose(f))
		abort();
	path = fuzz_write_file("again.csv", (const uint8_t *)text, len);
	FUZZ_CHECK(!extseq_load(path, &again));
	FUZZ_CHECK(again.nr == set->nr);
	for (i = 0; i < set->nr; i++) {
		const struct extseq *a = &set->seq[i], *b = &again.seq[i];

		FUZZ_CHECK(!strcmp(a->workload, b->workload) &&
			   !strcmp(a->policy, b->policy) && a->n == b->n &&
			   !memcmp(a->opp, b->opp, a->n * sizeof(*a->opp)));
	}
	extseq_free(&again);
	free(path);
	free(text);
}

static void fuzz_extseq(const char *path)
{
	struct extseq_set set;
	int rc = extseq_load(path, &set);

	FUZZ_CHECK(rc == EXIT_OK || rc == EXIT_USAGE);
	if (rc) {
		FUZZ_CHECK(!set.nr && !set.seq);
		return;
	}
	check_seqs(&set);
	seqs_round_trip(&set);
	extseq_free(&set);
}

/* ---- plot freq|energy FILE ---- */

static void fuzz_plot(const char *kind, const char *path)
{
	char *argv[] = {
		"plot", (char *)kind, (char *)path, "--out", "/dev/null", NULL,
	};
	int rc = cmd_plot(ARRAY_SIZE(argv) - 1, argv);

	FUZZ_CHECK(rc == EXIT_OK || rc == EXIT_USAGE);
	FUZZ_CHECK(!plot_stream);	/* gnuplot closed on every path */
}

/*
 * ---- plot timeline FILE --trace T [--sequence FILE] ----
 * T a fixed sweep of two OPPs; the input as the frames, then as the
 * decisions of a fixed frame of workload w, policy p.
 */
static const char tl_trace[] = "gpugov-trace 1\ndevice t\nkind sweep\n"
	"interval segment 1000\nsource fuzz_rows\nopp 250000 0 625000 0\n"
	"opp 500000 0 750000 0\ncolumns seg opp interval_ns busy_ns core_khz caps insts\n"
	"data\nr 0 0 4000 4000 250000 0x0 1000\nr 0 1 2000 2000 500000 0x0 1000\n";
static const char tl_frames[] = "workload,policy,frame,arrival_ns,start_ns,done_ns,"
	"deadline_ns,janked,opp\nw,p,0,0,0,5,10,0,1\n";

/* plot timeline FRAMES --trace T [--sequence SEQ]: a fresh argv each (getopt permutes it) */
static void timeline_run(const char *frames, const char *trace, const char *seq)
{
	char *argv[] = {
		"plot", "timeline", (char *)frames, "--trace", (char *)trace, "--out",
		"/dev/null", "--sequence", (char *)seq, NULL,
	};
	int rc = cmd_plot(seq ? 9 : 7, argv);

	FUZZ_CHECK(rc == EXIT_OK || rc == EXIT_USAGE);
	FUZZ_CHECK(!plot_stream);
}

static void fuzz_timeline(const char *path)
{
	static char *trace, *frames;

	if (!trace) {
		trace = fuzz_write_file("timeline.trace", (const uint8_t *)tl_trace,
					sizeof(tl_trace) - 1);
		frames = fuzz_write_file("timeline.csv", (const uint8_t *)tl_frames,
					 sizeof(tl_frames) - 1);
	}
	timeline_run(path, trace, NULL);
	timeline_run(frames, trace, path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_opts o;
	size_t off = fuzz_opts_parse(data, size, &o);
	char *file = fuzz_write_file("rows.csv", data + off, size - off);
	char *path = fuzz_padded_path(file, o.path_len);

	fuzz_allowed(path);
	fuzz_extseq(path);
	fuzz_plot("freq", path);
	fuzz_plot("energy", path);
	fuzz_timeline(path);
	free(path);
	free(file);
	return 0;
}
