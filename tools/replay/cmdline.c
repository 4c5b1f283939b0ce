// SPDX-License-Identifier: GPL-2.0
/*
 * cmdline.c - the options the trace-evaluating subcommands share.
 */
#include <stdlib.h>
#include <string.h>
#include "cmdline.h"
#include "evalloop.h"
#include "gpugov_predict.h"

/*
 * --csv or --json: one format only; the second of two different ones is
 * refused rather than silently winning.  Return: 0 or EXIT_USAGE.
 */
int cmdline_set_format(const char *cmd, enum table_format *cur, enum table_format fmt)
{
	if (*cur != TABLE_TEXT && *cur != fmt) {
		fprintf(stderr, "gpugov-replay %s: --csv and --json together: give one\n", cmd);
		return EXIT_USAGE;
	}
	*cur = fmt;
	return 0;
}

/* Option @c (long option @idx): 0, -1 for a bad value, or an exit status. */
static int one_opt(const struct cmdline *cl, int c, int idx)
{
	switch (c) {
	case 'c':
		return cmdline_set_format(cl->cmd, cl->fmt, TABLE_CSV);
	case 'j':
		return cmdline_set_format(cl->cmd, cl->fmt, TABLE_JSON);
	case 'h':
		cl->help();
		exit(EXIT_OK);
	case 'P':
		return parse_policy_opt(cl->opts[idx].name, optarg, cl->par) ? -1 : 0;
	case COREMEM_OPT:
		return replay_coremem_opt(optarg);
	case PCSTALL_OPT:
		return replay_pcstall_opt(cl->opts[idx].name, optarg);
	default:
		return cl->own(c, cl->o);
	}
}

/**
 * bad_value() - report a value an option does not take
 * @cmd: the subcommand
 * @opt: the option, without "--"
 * @val: the value given
 * @accepted: what the option takes
 *
 * Return: EXIT_USAGE.
 */
int bad_value(const char *cmd, const char *opt, const char *val,
	      const char *accepted)
{
	fprintf(stderr, "gpugov-replay %s: --%s: bad value '%s' (accepted: %s)\n",
		cmd, opt, val, accepted);
	return EXIT_USAGE;
}

/* What option @name of @cl takes, in @buf. */
static const char *accepted(const struct cmdline *cl, const char *name,
			    char *buf, size_t len)
{
	const struct cmdline_accepts *a;

	for (a = cl->accepts; a && a->name; a++) {
		if (!strcmp(a->name, name)) {
			snprintf(buf, len, a->what, a->arg);
			return buf;
		}
	}
	if (!strcmp(name, "predictor"))
		return name_list(model_name, 0, cl->models ? NR_MODELS : GPUGOV_NR_PRED,
				 buf, len);
	if (!strcmp(name, "objective"))
		return objective_names(cl->no_performance ? GPUGOV_OBJ_EDP : 0,
				       buf, len);
	if (policy_opt_accepts(name, buf, len))
		return buf;
	return "see --help";	/* an own option missing from @accepts */
}

/* Read the options.  Return: 0, or the exit status (after a message). */
int cmdline_parse(int argc, char **argv, const struct cmdline *cl)
{
	int c, idx = 0, ret;
	char buf[256];

	optind = 1;
	while ((c = getopt_long(argc, argv, REPLAY_SHORT_OPTS, cl->opts, &idx)) != -1) {
		ret = one_opt(cl, c, idx);
		if (ret < 0)
			return bad_value(cl->cmd, cl->opts[idx].name, optarg,
					 accepted(cl, cl->opts[idx].name, buf,
						  sizeof(buf)));
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * parse_base_opp() - the value of --base: an OPP index, "top", or where
 * @all allows it "all"
 * @cmd: the subcommand, for the message
 * @arg: the value
 * @all: "all" is accepted
 * @base: set to the index, BASE_TOP or BASE_ALL
 *
 * Return: 0, or EXIT_USAGE after a message.
 */
int parse_base_opp(const char *cmd, const char *arg, bool all, int *base)
{
	u32 v;

	if (!strcmp(arg, "top")) {
		*base = BASE_TOP;
	} else if (all && !strcmp(arg, "all")) {
		*base = BASE_ALL;
	} else if (parse_u32(arg, strlen(arg), &v) || v >= GPUGOV_MAX_OPPS) {
		fprintf(stderr, "gpugov-replay %s: --base '%s' is not an OPP index: "
			"give 0 (the lowest OPP) to %d, %s\n", cmd, arg,
			GPUGOV_MAX_OPPS - 1, all ? "top or all" : "or top");
		return EXIT_USAGE;
	} else {
		*base = (int)v;
	}
	return 0;
}

/* After the options: 0 if traces follow, else EXIT_USAGE (after a message). */
int cmdline_need_traces(const char *cmd, int argc)
{
	if (optind < argc)
		return 0;
	fprintf(stderr, "gpugov-replay %s: no trace given\n", cmd);
	return EXIT_USAGE;
}

/*
 * The end of --help of a subcommand with policy options: the options (@all:
 * POLICY_LONG_OPTS, else POLICY_SHARED_LONG_OPTS), then the exit status,
 * @usage what exits 2.
 */
void print_policy_help_end(const char *usage, bool all)
{
	fputs(COREMEM_HELP, stdout);
	fputs(PCSTALL_HELP, stdout);
	printf("Policy and power model options:\n");
	print_policy_opts_help(stdout, all);
	printf("Exit status: 0 success, 1 unreadable trace, 2 %s.\n", usage);
}

/* Mark @id wanted (--predictor, --objective); -1 if @id < 0 (an unknown name). */
int set_wanted(bool *want, int id)
{
	if (id < 0)
		return -1;
	want[id] = true;
	return 0;
}

/* How many of @want[0..@n) are set. */
int nr_wanted(const bool *want, int n)
{
	int i, nr = 0;

	for (i = 0; i < n; i++)
		nr += want[i];
	return nr;
}

/* No --predictor: every model but busy. */
void want_all_but_busy(bool *want, int n)
{
	bool none = !nr_wanted(want, n);
	int i;

	for (i = 0; i < n; i++)
		want[i] |= none && i != GPUGOV_PRED_BUSY;
}
