// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_pace.c - `gpugov-replay pace`: turn a sweep of back-to-back work into
 * frame-paced work, as interactive GPU loads (UI, games, video) are.
 *
 * Every segment becomes a frame that arrives every PERIOD ns: at an OPP
 * where its work takes busy_ns < PERIOD the GPU idles for the rest, and the
 * interval is PERIOD; a slower frame runs late (interval = busy_ns).  The
 * idle part costs idle power, clock-gated but not power-gated by default:
 *	P_idle = idle_static_uw * V + idle_uw	(V = 1 V where unknown)
 * so idling at a high voltage leaks more, which is what makes racing to
 * idle and slowing down a real trade-off.  Counters and busy energy are
 * unchanged; devfreq busy/total then sees a load below 100%.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include "replay.h"
#include "cmdline.h"
#include "sweep.h"

static const char pace_usage[] =
"usage: gpugov-replay pace (--period NS | --load PCT) [--idle-uw UW]\n"
"                          [--idle-static-uw UW] SWEEP_TRACE OUT_TRACE\n"
"Frames arrive every NS ns, or (--load) every (mean busy time at the top\n"
"OPP) * 100 / PCT; idle power is idle-static-uw * V + idle-uw (default 0).\n"
"Exit status: 0 success, 1 I/O error, 2 bad usage.\n";

int cmd_pace(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "period", required_argument, NULL, 'p' },
		{ "load", required_argument, NULL, 'l' },
		{ "idle-uw", required_argument, NULL, 'i' },
		{ "idle-static-uw", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	u64 period = 0, idle_uw = 0, idle_static_uw = 0, load = 0, sum = 0;
	struct gpugov_power_params pw = { 0 };
	struct gpugov_trace_hdr h;
	struct sweep w;
	u32 i, top;
	FILE *f;
	int c, idx = 0;

	optind = 1;
	while ((c = getopt_long(argc, argv, "", opts, &idx)) != -1) {
		u64 *dst = c == 'p' ? &period : c == 'l' ? &load :
			   c == 'i' ? &idle_uw : &idle_static_uw;
		/* a period or load of 0 would be no frame at all */
		u64 lo = c == 'p' || c == 'l', hi = c == 'p' ? U64_MAX :
						    c == 'l' ? 100 : U32_MAX;
		char range[48];

		if (c == 'h') {
			fputs(pace_usage, stdout);
			return EXIT_OK;
		}
		if (c == '?') {
			fputs(pace_usage, stderr);
			return EXIT_USAGE;
		}
		if (parse_u64(optarg, strlen(optarg), dst) || *dst < lo || *dst > hi) {
			snprintf(range, sizeof(range), "%llu..%llu",
				 (unsigned long long)lo, (unsigned long long)hi);
			return bad_value("pace", opts[idx].name, optarg, range);
		}
	}
	if (argc - optind != 2 || !period == !load) {
		fputs(pace_usage, stderr);
		return EXIT_USAGE;
	}
	if (sweep_open(&w, argv[optind], "pace"))
		return EXIT_FAILURE_RUN;
	pw.idle_uw = (u32)idle_uw;
	pw.idle_static_uw = (u32)idle_static_uw;
	top = w.t.hdr.opps.nr - 1;
	for (i = 0; i < w.t.nr_seg; i++)
		sum += sweep_sample(&w, i, top)->busy_ns;
	if (load)
		period = sum / w.t.nr_seg * 100 / load;
	h = w.t.hdr;
	snprintf(h.source + strlen(h.source), sizeof(h.source) - strlen(h.source),
		 " paced period_ns=%llu idle_uw=%llu idle_static_uw=%llu",
		 (unsigned long long)period, (unsigned long long)idle_uw,
		 (unsigned long long)idle_static_uw);
	h.caps |= GPUGOV_CAP_ENERGY;
	f = fopen(argv[optind + 1], "w");
	if (!f || gpugov_trace_write_header(f, &h)) {
		perror(argv[optind + 1]);
		sweep_free(&w);
		return EXIT_FAILURE_RUN;
	}
	for (i = 0; i < w.t.nr_rec; i++) {
		struct gpugov_trace_rec r = *gpugov_trace_rec_at(&w.t, i);
		/* gpugov's own idle power: what it is told is what it pays */
		u64 busy = r.s.busy_ns;
		u64 p_idle = gpugov_idle_uw(&pw, &h.opps.opp[r.opp]);

		r.s.interval_ns = busy < period ? period : busy;
		r.s.caps |= GPUGOV_CAP_ENERGY;
		/* uW * ns = 10^-15 J = 10^-3 pJ */
		r.energy_pj += p_idle * (r.s.interval_ns - busy) / 1000;
		r.s.energy_uj = r.energy_pj / 1000000;
		gpugov_trace_write_rec(f, &h, &r);
	}
	sweep_free(&w);
	if (fclose(f)) {
		perror(argv[optind + 1]);
		return EXIT_FAILURE_RUN;
	}
	return EXIT_OK;
}
