/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cmdline.h - the command line of the subcommands that evaluate traces
 * (run, accuracy, sensitivity, settle): --csv, --json, --help and the
 * policy options are read, and bad values reported, alike.
 */
#ifndef GPUGOV_CMDLINE_H
#define GPUGOV_CMDLINE_H

#include <getopt.h>
#include "replay.h"
#include "table.h"

/* getopt_long entries of --csv, --json and --help. */
#define FORMAT_LONG_OPTS \
	{ "csv", no_argument, NULL, 'c' }, \
	{ "json", no_argument, NULL, 'j' }, \
	{ "help", no_argument, NULL, 'h' }

/**
 * struct cmdline_accepts - what one of a subcommand's own options takes,
 *	for the message on a bad value
 * @name: the long option
 * @what: printf format of the accepted values, e.g. "0..%u"
 * @arg: the number @what prints, if it prints one
 */
struct cmdline_accepts {
	const char *name;
	const char *what;
	unsigned int arg;
};

/**
 * struct cmdline - how one subcommand reads its options
 * @cmd: the subcommand, for messages
 * @opts: getopt_long's table: the subcommand's own options, then
 *	FORMAT_LONG_OPTS and the policy options it takes (replay.h)
 * @help: prints --help on stdout
 * @own: sets the subcommand's own option @c (value in optarg) in @o;
 *	returns 0, -1 for a bad value, or an exit status
 * @o: the subcommand's options
 * @fmt: set by --csv and --json
 * @par: set by the policy options (NULL if it takes none)
 * @accepts: what the own options for which @own can return -1 take, up to
 *	an entry with a NULL name (--predictor and --objective: see @models)
 * @models: --predictor takes the evaluation models too (model_find())
 * @no_performance: --objective takes the objectives that consult a model
 *	only, not performance
 */
struct cmdline {
	const char *cmd;
	const struct option *opts;
	void (*help)(void);
	int (*own)(int c, void *o);
	void *o;
	enum table_format *fmt;
	struct gpugov_policy_params *par;
	const struct cmdline_accepts *accepts;
	bool models;
	bool no_performance;
};

/* --base values besides an OPP index (parse_base_opp()) */
#define BASE_TOP	(-1)	/* the top OPP */
#define BASE_ALL	(-2)	/* every OPP, where @all allows it */

int cmdline_parse(int argc, char **argv, const struct cmdline *cl);
int bad_value(const char *cmd, const char *opt, const char *val,
	      const char *accepted);
int parse_base_opp(const char *cmd, const char *arg, bool all, int *base);
int cmdline_need_traces(const char *cmd, int argc);
int cmdline_set_format(const char *cmd, enum table_format *cur, enum table_format fmt);
void print_policy_help_end(const char *usage, bool all);
int set_wanted(bool *want, int id);
int nr_wanted(const bool *want, int n);
void want_all_but_busy(bool *want, int n);

#endif /* GPUGOV_CMDLINE_H */
