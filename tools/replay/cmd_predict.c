// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_predict.c - `gpugov-replay predict`: the what-if calculator.
 *
 * Given one sample's counters and an OPP table, print what every model
 * predicts at every OPP (time, energy, EDP/ED2P/energy relative to the OPP
 * in force) and which OPP each objective would choose, using exactly the
 * code the kernel module runs.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include "replay.h"
#include "cmdline.h"
#include "evalloop.h"
#include "gpugov_predict.h"

static const char predict_usage[] =
"usage: gpugov-replay predict --opps LIST [options] [--sample FILE] [FIELD=VALUE...]\n"
"\n"
"Predict the sample's busy time and energy at every OPP with every model the\n"
"sample's counters allow, and the OPP each objective would choose.\n"
"\n"
"  --opps LIST        comma-separated CORE_KHZ[@MEM_KHZ][:UV[:POWER_UW]]\n"
"  --sample FILE      FIELD=VALUE lines ('#' comments); FIELD=VALUE arguments\n"
"                     given after it override it\n"
"  --predictor NAME   only this model (stall lead crit crisp crisp_l coremem busy\n"
"                     pcstall)\n"
"  --csv              one CSV row per model and OPP instead of tables\n"
COREMEM_HELP
PCSTALL_HELP
"Policy and power model:\n";

static const char predict_fields[] =
"Sample fields (time ns, clocks kHz, cycles at core_khz): interval_ns busy_ns\n"
"core_khz mem_khz insts load_stall_cyc store_stall_cyc lcp_cyc load_out_cyc\n"
"lead_cyc crit_cyc dram_txn l2_hits l2_txn gld_txn gst_txn mem_insts shm_txn\n"
"warps occupancy_q16 energy_uj lcp_core_cyc lcp_wait_cyc l2_busy_cyc\n"
"dram_busy_cyc.  Setting a counter marks it present.\n"
"Exit status: 0 success, 1 unreadable sample file, 2 malformed command line\n"
"or input.\n";

struct predict_opts {
	struct gpugov_opp_table opps;
	struct gpugov_sample sample;
	struct gpugov_policy_params policy;
	int only;		/* predictor id, or -1 for all applicable */
	bool csv;
};

static int usage_error(const char *fmt, const char *a, const char *b)
{
	fprintf(stderr, "gpugov-replay predict: ");
	fprintf(stderr, fmt, a, b);
	fprintf(stderr, "\n(see gpugov-replay predict --help)\n");
	return EXIT_USAGE;
}

static int parse_predict_args(int argc, char **argv, struct predict_opts *o)
{
	static const struct option base[] = {
		{ "opps", required_argument, NULL, 'o' },
		{ "sample", required_argument, NULL, 's' },
		{ "predictor", required_argument, NULL, 'p' },
		{ "csv", no_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		COREMEM_LONG_OPT,
		PCSTALL_LONG_OPTS,
		POLICY_LONG_OPTS,
		{ NULL, 0, NULL, 0 },
	};
	char err[512], names[256];
	bool have_opps = false;
	int c, idx = 0, ret;	/* idx: set by getopt_long (libc, unseen by MSan) */

	memset(o, 0, sizeof(*o));
	o->only = -1;
	gpugov_policy_defaults(&o->policy);
	optind = 1;
	while ((c = getopt_long(argc, argv, REPLAY_SHORT_OPTS, base, &idx)) != -1) {
		switch (c) {
		case 'o':
			if (parse_opp_list(optarg, &o->opps, err, sizeof(err)))
				return usage_error("--opps: %s%s", err, "");
			have_opps = true;
			break;
		case 's':
			ret = parse_sample_file(optarg, &o->sample, err, sizeof(err));
			if (ret == EXIT_USAGE)
				return usage_error("%s%s", err, "");
			if (ret) {	/* unreadable: not a usage error */
				fprintf(stderr, "gpugov-replay predict: %s\n", err);
				return ret;
			}
			break;
		case 'p':
			o->only = gpugov_predictor_find(optarg, strlen(optarg));
			if (o->only < 0)
				return bad_value("predict", "predictor", optarg,
						 name_list(model_name, 0, GPUGOV_NR_PRED,
							   names, sizeof(names)));
			break;
		case 'c':
			o->csv = true;
			break;
		case COREMEM_OPT:
			if (replay_coremem_opt(optarg))
				return EXIT_USAGE;
			break;
		case PCSTALL_OPT:
			if (replay_pcstall_opt(base[idx].name, optarg))
				return EXIT_USAGE;
			break;
		case 'h':
			fputs(predict_usage, stdout);
			print_policy_opts_help(stdout, true);
			fputs(predict_fields, stdout);
			exit(EXIT_OK);
		case 'P':
			if (parse_policy_opt(base[idx].name, optarg, &o->policy))
				return bad_value("predict", base[idx].name, optarg,
						 policy_opt_accepts(base[idx].name, names,
								    sizeof(names)));
			break;
		default:
			return usage_error("bad option%s%s", "", "");
		}
	}
	for (; optind < argc; optind++)
		if (parse_sample_kv(argv[optind], strlen(argv[optind]), &o->sample,
				    err, sizeof(err)))
			return usage_error("%s%s", err, "");
	if (!have_opps)
		return usage_error("--opps is required%s%s", "", "");
	if (!o->sample.core_khz || !o->sample.interval_ns)
		return usage_error("the sample needs core_khz and interval_ns%s%s", "", "");
	return 0;
}

static void print_table_head(const struct predict_opts *o, int wanted, int used)
{
	printf("\npredictor %s", gpugov_predictor(wanted)->name);
	if (used != wanted)
		printf(" (counters missing: falls back to %s)", gpugov_predictor(used)->name);
	printf("\n  opp  core_MHz   mem_MHz        uV        time_us     energy_uJ"
	       "    edp_rel   ed2p_rel energy_rel\n");
	(void)o;
}

static void print_rows(const struct predict_opts *o, int wanted, int used,
		       struct gpugov_decision dec[GPUGOV_NR_OBJ])
{
	u32 i;

	for (i = 0; i < o->opps.nr; i++) {
		const struct gpugov_opp *op = &o->opps.opp[i];
		const struct gpugov_decision *d = &dec[GPUGOV_OBJ_EDP];

		if (o->csv) {
			printf("%s,%s,%u,%u,%u,%u,%llu,%llu,%.6f,%.6f,%.6f\n",
			       gpugov_predictor(wanted)->name, gpugov_predictor(used)->name,
			       i, op->core_khz, op->mem_khz, op->uv,
			       (unsigned long long)d->time_ps[i],
			       (unsigned long long)d->energy_pj[i],
			       dec[GPUGOV_OBJ_EDP].metric_q16[i] / 65536.0,
			       dec[GPUGOV_OBJ_ED2P].metric_q16[i] / 65536.0,
			       dec[GPUGOV_OBJ_ENERGY].metric_q16[i] / 65536.0);
			continue;
		}
		char mem[16] = "-";

		if (op->mem_khz)
			snprintf(mem, sizeof(mem), "%.1f", op->mem_khz / 1e3);
		printf("  %3u %9.1f %9s %9u %14.3f %13.3f %10.4f %10.4f %10.4f%s\n",
		       i, op->core_khz / 1e3, mem, op->uv,
		       d->time_ps[i] / 1e6, d->energy_pj[i] / 1e6,
		       dec[GPUGOV_OBJ_EDP].metric_q16[i] / 65536.0,
		       dec[GPUGOV_OBJ_ED2P].metric_q16[i] / 65536.0,
		       dec[GPUGOV_OBJ_ENERGY].metric_q16[i] / 65536.0,
		       i == d->cur ? "  <- in force" : "");
	}
}

static void print_choices(const struct predict_opts *o,
			  const struct gpugov_decision dec[GPUGOV_NR_OBJ])
{
	int obj;

	if (o->csv)
		return;
	printf("  chosen:");
	for (obj = 0; obj < GPUGOV_NR_OBJ; obj++)
		printf(" %s -> OPP %u (%s)%s", gpugov_objective_names[obj], dec[obj].chosen,
		       gpugov_reason_names[dec[obj].reason],
		       obj + 1 < GPUGOV_NR_OBJ ? "," : "\n");
}

int cmd_predict(int argc, char **argv)
{
	static struct predict_opts o;
	static struct gpugov_decision dec[GPUGOV_NR_OBJ];
	static struct gpugov_policy_state ps;
	struct gpugov_pred_state st;
	int ret, id, used, obj;

	ret = parse_predict_args(argc, argv, &o);
	if (ret)
		return ret;
	replay_pred_init(&st);
	gpugov_pred_observe(&st, &o.sample);
	if (o.csv)
		printf("predictor,used,opp,core_khz,mem_khz,uv,time_ps,energy_pj,"
		       "edp_rel,ed2p_rel,energy_rel\n");
	for (id = 0; id < GPUGOV_NR_PRED; id++) {
		if (o.only >= 0 ? id != o.only :
		    (int)gpugov_predictor_resolve(id, o.sample.caps) != id)
			continue;
		for (obj = 0; obj < GPUGOV_NR_OBJ; obj++) {
			struct gpugov_policy_params p = o.policy;

			p.objective = obj;
			gpugov_policy_state_init(&ps);
			used = gpugov_decision_predict(&st, id, &o.sample, &o.opps,
						       &dec[obj]);
			gpugov_decide(&p, &ps, &o.opps, &o.sample, &dec[obj]);
		}
		if (!o.csv)
			print_table_head(&o, id, used);
		print_rows(&o, id, used, dec);
		print_choices(&o, dec);
	}
	return EXIT_OK;
}
