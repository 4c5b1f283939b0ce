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
#include "outfile.h"
#include "replay.h"
#include "cmdline.h"
#include "sweep.h"
#include "gpugov_fixed.h"

static const char pace_usage[] =
"usage: gpugov-replay pace (--period NS | --load PCT) [--idle-uw UW]\n"
"                          [--idle-static-uw UW] SWEEP_TRACE OUT_TRACE\n"
"Frames arrive every NS ns, or (--load) every (mean busy time at the top\n"
"OPP) * 100 / PCT; idle power is idle-static-uw * V + idle-uw (default 0).\n"
"OUT_TRACE is written all or nothing; a period or idle power whose energy\n"
"does not fit 64 bits of pJ is refused.\n"
"Exit status: 0 success, 1 I/O error, 2 bad usage.\n";

/*
 * The frame period of --load PCT: the mean busy time at the top OPP
 * * 100 / PCT.  Return: it, or 0 where it does not fit 64 bits.
 */
static u64 load_period(const struct sweep *w, u64 load)
{
	u32 i, top = w->t.hdr.opps.nr - 1;
	u64 sum = 0, period;

	for (i = 0; i < w->t.nr_seg; i++)
		sum = gpugov_sat_add(sum, sweep_sample(w, i, top)->busy_ns);
	period = gpugov_mul_div64(sum / w->t.nr_seg, 100, load);
	return sum == U64_MAX || period == U64_MAX ? 0 : period;
}

/*
 * Write the paced trace of @w with header @h into @f.  Return: 0, or -1
 * after a message where a record's energy does not fit 64 bits.
 */
static int write_paced(FILE *f, const struct sweep *w,
		       const struct gpugov_trace_hdr *h,
		       const struct gpugov_power_params *pw, u64 period)
{
	u32 i;

	for (i = 0; i < w->t.nr_rec; i++) {
		struct gpugov_trace_rec r = *gpugov_trace_rec_at(&w->t, i);
		/* gpugov's own idle power: what it is told is what it pays */
		u64 busy = r.s.busy_ns;
		u64 p_idle = gpugov_idle_uw(pw, &h->opps.opp[r.opp]);

		r.s.interval_ns = busy < period ? period : busy;
		r.s.caps |= GPUGOV_CAP_ENERGY;
		/* uW * ns = 10^-15 J = 10^-3 pJ; saturated where it does not fit */
		r.energy_pj = gpugov_sat_add(r.energy_pj,
					     gpugov_mul_div64(p_idle,
							      r.s.interval_ns - busy,
							      1000));
		if (r.energy_pj == U64_MAX) {
			fprintf(stderr, "gpugov-replay pace: segment %u at OPP %u: the "
				"energy with idle power %llu uW for %llu ns does not fit "
				"64 bits of pJ\n", r.seg, r.opp, (unsigned long long)p_idle,
				(unsigned long long)(r.s.interval_ns - busy));
			return -1;
		}
		r.s.energy_uj = r.energy_pj / 1000000;
		gpugov_trace_write_rec(f, h, &r);
	}
	return 0;
}

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
	u64 period = 0, idle_uw = 0, idle_static_uw = 0, load = 0;
	struct gpugov_power_params pw = { 0 };
	char err[GPUGOV_TRACE_ERR_MAX];
	struct gpugov_trace_hdr h;
	struct outfile out;
	struct sweep w;
	int c, idx = 0, ret = EXIT_FAILURE_RUN;

	optind = 1;
	while ((c = getopt_long(argc, argv, REPLAY_SHORT_OPTS, opts, &idx)) != -1) {
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
	if (load && !(period = load_period(&w, load))) {
		fprintf(stderr, "gpugov-replay pace: %s: the period of --load %llu does "
			"not fit 64 bits of ns\n", argv[optind], (unsigned long long)load);
		ret = EXIT_USAGE;
		goto out;
	}
	h = w.t.hdr;
	snprintf(h.source + strlen(h.source), sizeof(h.source) - strlen(h.source),
		 " paced period_ns=%llu idle_uw=%llu idle_static_uw=%llu",
		 (unsigned long long)period, (unsigned long long)idle_uw,
		 (unsigned long long)idle_static_uw);
	h.caps |= GPUGOV_CAP_ENERGY;
	if (outfile_open(&out, argv[optind + 1], err, sizeof(err))) {
		fprintf(stderr, "gpugov-replay pace: %s\n", err);
		goto out;
	}
	gpugov_trace_write_header(out.f, &h);
	if (write_paced(out.f, &w, &h, &pw, period)) {
		outfile_abort(&out);
		ret = EXIT_USAGE;
		goto out;
	}
	if (outfile_commit(&out, err, sizeof(err)))
		fprintf(stderr, "gpugov-replay pace: %s\n", err);
	else
		ret = EXIT_OK;
out:
	sweep_free(&w);
	return ret;
}
