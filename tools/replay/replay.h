/* SPDX-License-Identifier: GPL-2.0 */
/*
 * replay.h - shared pieces of gpugov-replay's subcommands.
 */
#ifndef GPUGOV_REPLAY_H
#define GPUGOV_REPLAY_H

#include <stdbool.h>
#include <stdio.h>
#include "gpugov_sample.h"
#include "gpugov_policy.h"
#include "coremem_gpu.h"
#include "strnum.h"
#include "names.h"

/* getopt_long short options of every subcommand: -h is --help (GNU). */
#define REPLAY_SHORT_OPTS "h"

/* Exit codes of every subcommand (documented in --help). */
#define EXIT_OK		0
#define EXIT_FAILURE_RUN 1	/* a file could not be read, or a check failed */
#define EXIT_USAGE	2	/* malformed command line or input */

int cmd_predict(int argc, char **argv);
int cmd_accuracy(int argc, char **argv);
int cmd_fit_coremem(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_import(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int cmd_pace(int argc, char **argv);
int cmd_realtime(int argc, char **argv);
int cmd_rtsummary(int argc, char **argv);
int cmd_sensitivity(int argc, char **argv);
int cmd_settle(int argc, char **argv);
int cmd_nextepoch(int argc, char **argv);

extern struct coremem_gpu_sel replay_coremem_gpu;
int replay_coremem_opt(const char *arg);
extern struct gpugov_pcstall_params replay_pcstall;
int replay_pcstall_opt(const char *name, const char *arg);
void replay_pred_init(struct gpugov_pred_state *st);

/*
 * getopt_long entry of --coremem-gpu NAME|FILE; it returns COREMEM_OPT, a
 * value no subcommand's own options (characters) can collide with.
 */
#define COREMEM_OPT		0x100
#define COREMEM_LONG_OPT \
	{ "coremem-gpu", required_argument, NULL, COREMEM_OPT }
#define COREMEM_HELP \
	"  --coremem-gpu NAME|FILE  GPU description of the coremem model: a built-in\n" \
	"                     name (gtx980 gtx980-2019 gtx1080ti titanx-pascal p100\n" \
	"                     v100) or a key=value file (docs/coremem.md); overrides\n" \
	"                     the traces' coremem-gpu header line (default gtx980)\n"

/*
 * getopt_long entries of the pcstall model's table geometry (the sysfs
 * tunables pcstall_*); they return PCSTALL_OPT, handled by
 * replay_pcstall_opt().
 */
#define PCSTALL_OPT		0x101
#define PCSTALL_LONG_OPTS \
	{ "pcstall-entries", required_argument, NULL, PCSTALL_OPT }, \
	{ "pcstall-shift", required_argument, NULL, PCSTALL_OPT }, \
	{ "pcstall-age-half", required_argument, NULL, PCSTALL_OPT }
#define PCSTALL_HELP \
	"  --pcstall-entries N  pcstall: PC table entries, a power of two in 1..1024\n" \
	"                     (default 128)\n" \
	"  --pcstall-shift N  pcstall: table index = PC >> N, 0..32 (default 4)\n" \
	"  --pcstall-age-half N  pcstall: scheduling-age weight halves at this\n" \
	"                     rank, 0 (no weighting)..1024 (default 8)\n"

int parse_opp_list(const char *list, struct gpugov_opp_table *t, char *err,
		   size_t errlen);
int parse_sample_kv(const char *kv, size_t len, struct gpugov_sample *s,
		    char *err, size_t errlen);
int parse_sample_file(const char *path, struct gpugov_sample *s, char *err,
		      size_t errlen);
int parse_objective(const char *name);
const char *policy_opt_accepts(const char *name, char *buf, size_t len);
int parse_policy_opt(const char *name, const char *val,
		     struct gpugov_policy_params *p);
void print_policy_opts_help(FILE *f, bool all);

/*
 * getopt_long entries of the policy options (the names parse_policy_opt()
 * knows), each returning 'P': POLICY_SHARED_LONG_OPTS those every
 * objective uses, POLICY_LONG_OPTS also energy's, deadline's and target's
 * own.
 */
#define POLICY_LONG_OPT(name)	{ name, required_argument, NULL, 'P' }
#define POLICY_SHARED_LONG_OPTS \
	POLICY_LONG_OPT("hysteresis"), POLICY_LONG_OPT("dyn-uw"), \
	POLICY_LONG_OPT("static-uw"), POLICY_LONG_OPT("uncore-uw"), \
	POLICY_LONG_OPT("idle-uw"), POLICY_LONG_OPT("idle-static-uw")
#define POLICY_LONG_OPTS \
	POLICY_LONG_OPT("max-slowdown"), POLICY_LONG_OPT("util"), \
	POLICY_LONG_OPT("util-max"), POLICY_LONG_OPT("slack"), POLICY_SHARED_LONG_OPTS, \
	POLICY_LONG_OPT("target"), POLICY_LONG_OPT("react"), \
	POLICY_LONG_OPT("frame-period-us")

#endif /* GPUGOV_REPLAY_H */
