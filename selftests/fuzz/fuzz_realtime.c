// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_realtime.c - libFuzzer target: `gpugov-replay realtime` end to end
 * (tools/replay/cmd_realtime.c's entry, rtpolicy.c, the engine of
 * drivers_glue/sim_rt.c and sim_smu.c) on a fuzzed sweep trace with
 * fuzzed options.
 *
 * The input's first line holds the options, words separated by blanks
 * ("--hz 120 --profile msm --json"); the rest is the sweep trace, given
 * as the one trace.  Words the harness leaves out, so that a run reads
 * and writes nothing but its own files and returns: any with a '/' (a
 * path elsewhere); --help, -h, --list-profiles (they exit) and
 * --sequence (it writes a file; the harness adds one of its own when the
 * first word is "#seq").  Abbreviations of --hz, --poll-ms, --profile,
 * --load and --segs-per-frame are left out too, so that the harness
 * reads the scenario's size from the words as the command will.
 *
 * The work is capped in the harness, not in the command: a scenario
 * whose run could have more than EVENT_BUDGET events (polls, firmware
 * evaluations, frames: rt_end_bound() over the intervals) is not run.
 *
 * Checks: no crash or UB; the exit status is 0, 1 or 2; on failure
 * nothing on stdout and no --sequence file (all or nothing); on success
 * a table, with --csv every row as many fields as its header and a
 * number (never nan or inf) or "-" in every numeric one, with --json one
 * array and no number nan or inf, and a
 * --sequence file of whole rows, its last field (the OPP) a number.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_util.h"
#include "replay.h"
#include "rt_bound.h"
#include "rtpolicy.h"
#include "sweep.h"

#define MAX_WORDS	40
#define EVENT_BUDGET	400000ULL
#define ROWS_MAX	48	/* the rows of a run, every option on */
#define EVENTS_A_FRAME	16	/* arrive, start, done and the timers in it */
#define FW_NS		1000000ULL	/* sim_smu.h: an evaluation every 1 ms */

int cmd_realtime(int argc, char **argv);

/* @w abbreviates (is a strict prefix of) long option @name. */
static bool abbreviates(const char *w, size_t len, const char *name)
{
	return len < strlen(name) && !strncmp(w, name, len);
}

/* A word the command may have: see the header. */
static bool allowed(const char *w)
{
	static const char *const sized[] = { "hz", "poll-ms", "profile", "load",
					     "segs-per-frame" };
	size_t len, i;

	if (strchr(w, '/'))
		return false;
	if (w[0] == '-' && w[1] != '-')
		return !strchr(w, 'h');
	if (w[0] != '-' || !w[2])
		return true;
	w += 2;
	len = strcspn(w, "=");
	if (!strncmp(w, "help", len) || (len >= 2 && !strncmp(w, "list-profiles", len)) ||
	    (len >= 3 && !strncmp(w, "sequence", len)))
		return false;
	for (i = 0; i < ARRAY_SIZE(sized); i++)
		if (abbreviates(w, len, sized[i]))
			return false;
	return true;
}

/* The value of the last --@name in @argv (exact, or --@name=V), or @def. */
static const char *last_value(int argc, char **argv, const char *name, const char *def)
{
	size_t len = strlen(name);
	int i;

	for (i = argc - 1; i >= 1; i--) {
		const char *w = argv[i];

		if (strncmp(w, "--", 2) || strncmp(w + 2, name, len))
			continue;
		if (w[2 + len] == '=')
			return w + 3 + len;
		if (!w[2 + len] && i + 1 < argc)
			return argv[i + 1];
	}
	return def;
}

static u64 num(const char *s)
{
	return strtoull(s, NULL, 10);
}

/*
 * Whether the run is within the budget: the scenario as the command will
 * build it from @path (the same setup), its longest run over the polls
 * and firmware evaluations it can have, for every row.  A scenario the
 * command refuses costs nothing.
 */
static bool affordable(int argc, char **argv, const char *path)
{
	const struct rt_profile *prof = rt_profile_find(last_value(argc, argv, "profile",
								    "panfrost"));
	u64 hz = num(last_value(argc, argv, "hz", "60"));
	u64 poll_ms, t, events;
	char err[GPUGOV_TRACE_ERR_MAX];
	static struct sweep w;
	struct rt_setup su = { 0 };
	bool ok = true;

	if (!prof || !hz || hz > 1000000)
		return true;
	poll_ms = num(last_value(argc, argv, "poll-ms", "0"));
	if (!poll_ms)
		poll_ms = prof->polling_ms;
	if (!poll_ms)
		return true;
	if (sweep_open(&w, path, "realtime"))
		return true;
	gpugov_policy_defaults(&su.params);
	su.prof = prof;
	if (!rt_setup_init(&su, &w, 1000000000ULL / hz, poll_ms * 1000000,
			   (u32)num(last_value(argc, argv, "load", "60")),
			   (u32)num(last_value(argc, argv, "segs-per-frame", "1")),
			   err, sizeof(err))) {
		u32 frames = (su.sc.nr_segs - 1) / su.sc.segs_per_frame + 1;

		t = rt_end_bound(&su.sc, frames, 0);
		events = t / (poll_ms * 1000000) + (u64)EVENTS_A_FRAME * frames;
		if (prof->smu)
			events += t / FW_NS;
		ok = events <= EVENT_BUDGET / ROWS_MAX;
		rt_setup_free(&su);
	}
	sweep_free(&w);
	return ok;
}

/*
 * CSV @text: every line after the header has as many fields as it, and
 * from field @first_num on each is a number (a digit first) or "-" (no
 * value): never nan or inf.
 */
static void check_csv(const char *text, size_t len, int first_num)
{
	const char *p = text, *end = text + len, *cell;
	int fields = 1, n;

	for (; p < end && *p != '\n'; p++)
		fields += *p == ',';
	FUZZ_CHECK(p < end);
	for (p++; p < end; p++) {
		for (n = 1, cell = p; p < end && *p != '\n'; p++) {
			if (*p != ',')
				continue;
			n++;
			cell = p + 1;
			if (n >= first_num)
				FUZZ_CHECK((*cell >= '0' && *cell <= '9') ||
					   (*cell == '-' && (cell[1] == ',' || cell[1] == '\n')));
		}
		FUZZ_CHECK(n == fields);
	}
}

/* The file at @path, NUL-terminated, and its length; NULL if none. */
static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
		abort();
	buf = calloc(1, (size_t)n + 1);
	if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n)
		abort();
	fclose(f);
	*len = (size_t)n;
	return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nl = memchr(data, '\n', size);
	size_t head = nl ? (size_t)(nl - data) : size, off = nl ? head + 1 : size, out_len;
	char *line = strndup((const char *)data, head), *save, *w, *trace, *seq, *out;
	char *argv[MAX_WORDS + 4];
	int argc = 0, rc, csv = 0, json = 0;
	bool want_seq = false;
	size_t seq_len;

	if (!line)
		abort();
	argv[argc++] = "realtime";
	for (w = strtok_r(line, " \t\r", &save); w && argc < MAX_WORDS;
	     w = strtok_r(NULL, " \t\r", &save)) {
		if (argc == 1 && !strcmp(w, "#seq")) {
			want_seq = true;
			continue;
		}
		if (allowed(w))
			argv[argc++] = w;
		csv |= !strcmp(w, "--csv");
		json |= !strcmp(w, "--json");
	}
	trace = fuzz_write_file("sweep.trace", data + off, size - off);
	seq = fuzz_write_file("seq.csv", NULL, 0);
	remove(seq);
	if (want_seq) {
		argv[argc++] = "--sequence";
		argv[argc++] = seq;
	}
	argv[argc++] = trace;
	argv[argc] = NULL;
	if (!affordable(argc, argv, trace))
		goto out;

	rc = fuzz_run_captured(cmd_realtime, argc, argv, &out, &out_len);
	FUZZ_CHECK(rc == EXIT_OK || rc == EXIT_FAILURE_RUN || rc == EXIT_USAGE);
	if (rc) {
		FUZZ_CHECK(!out_len);
		FUZZ_CHECK(access(seq, F_OK));
	} else {
		FUZZ_CHECK(out_len);
		/* --csv: the title line, then the table: numbers from energy on */
		if (csv) {
			w = strchr(out, '\n');
			FUZZ_CHECK(w);
			check_csv(w + 1, out_len - (size_t)(w + 1 - out), 3);
		}
		/* --json: one array; no number nan or inf (names are quoted) */
		if (json)
			FUZZ_CHECK(out[0] == '[' && out_len >= 2 && !strcmp(out + out_len - 2, "]\n") &&
				   !strstr(out, ": nan") && !strstr(out, ": -nan") &&
				   !strstr(out, ": inf") && !strstr(out, ": -inf"));
		/* the sequence: numbers from the decision on, but the event */
		if (want_seq) {
			char *s = read_all(seq, &seq_len);

			FUZZ_CHECK(s);
			check_csv(s, seq_len, 8);
			free(s);
		}
	}
	free(out);
out:
	remove(seq);
	free(seq);
	free(trace);
	free(line);
	return 0;
}
