// SPDX-License-Identifier: GPL-2.0
/*
 * replay.c - gpugov-replay: run gpugov's predictors and policies offline.
 */
#include <stdio.h>
#include <string.h>
#include "outfile.h"
#include "replay.h"
#include "version.h"

static const struct subcommand {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *help;
} subcommands[] = {
	{ "predict", cmd_predict, "what every model predicts for one sample at every OPP" },
	{ "accuracy", cmd_accuracy, "open-loop prediction error over sweep traces" },
	{ "fit-coremem", cmd_fit_coremem, "calibrate the coremem model's constants to one GPU" },
	{ "run", cmd_run, "closed-loop policies over sweep traces vs baselines and oracle" },
	{ "import", cmd_import, "measurement CSVs (NV-DVFS-Benchmark, generic) to sweep traces" },
	{ "pace", cmd_pace, "sweep of back-to-back work to frame-paced work with idle time" },
	{ "realtime", cmd_realtime, "governors in real time: vsync frames, polls at the driver's interval" },
	{ "realtime-summary", cmd_rtsummary, "the real-time bench's summary against its targets (docs/realtime.md)" },
	{ "plot", cmd_plot, "PNG figures: clock over time, predicted vs true, energy vs time" },
	{ "sensitivity", cmd_sensitivity, "next-epoch work prediction accuracy (PCSTALL §6.1)" },
	{ "nextepoch", cmd_nextepoch, "next-epoch accuracy at every OPP, no policy (PCSTALL §6.1)" },
	{ "settle", cmd_settle, "target (GRAPE): shortfall, energy vs race-to-idle, settling" },
};

static void usage(FILE *f)
{
	size_t i;

	fprintf(f, "usage: gpugov-replay SUBCOMMAND [options]   (SUBCOMMAND --help for more)\n");
	for (i = 0; i < ARRAY_SIZE(subcommands); i++)
		fprintf(f, "  %-12s %s\n", subcommands[i].name, subcommands[i].help);
	fprintf(f, "       gpugov-replay --version\n");
	fprintf(f, "Exit status: 0 success, 1 run-time failure, 2 malformed command line or input.\n");
}

int main(int argc, char **argv)
{
	size_t i;

	outfile_check_stdout_at_exit("gpugov-replay");
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? EXIT_USAGE : EXIT_OK;
	}
	if (is_version_opt(argv[1]))
		return print_version("gpugov-replay");
	for (i = 0; i < ARRAY_SIZE(subcommands); i++)
		if (!strcmp(argv[1], subcommands[i].name))
			return subcommands[i].run(argc - 1, argv + 1);
	fprintf(stderr, "gpugov-replay: unknown subcommand '%s'\n", argv[1]);
	usage(stderr);
	return EXIT_USAGE;
}
