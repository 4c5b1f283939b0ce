// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov-simblob - convert a sweep trace (trace format v1) into the blob
 * that gpugov_sim.ko replays.
 *
 * usage: gpugov-simblob SWEEP.trace OUT.blob
 *
 * Load the result into a simulated GPU with
 *	cat OUT.blob > /sys/kernel/debug/gpugov_sim/gpugov_sim.0/trace
 * Segment k at OPP j of the trace becomes record (k, j) of the blob:
 * interval and busy time, energy, and every counter of DESIGN.md section 2
 * except the per-wave records.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "simblob.h"
#include "version.h"
#include "sim_rt.h"
#include "trace.h"

static int convert_rec(const struct gpugov_trace_rec *tr, u64 *r, u32 seg,
		       u32 opp)
{
	if (!tr->s.interval_ns) {
		fprintf(stderr, "gpugov-simblob: segment %u at OPP %u has no interval\n",
			seg, opp);
		return -EINVAL;
	}
	sim_rt_rec_from_sample(&tr->s, tr->energy_pj, r);
	return 0;
}

static int convert(const struct gpugov_trace *t, struct simblob *b)
{
	u32 seg, opp;

	if (t->hdr.kind != GPUGOV_TRACE_SWEEP) {
		fprintf(stderr, "gpugov-simblob: not a sweep trace\n");
		return -EINVAL;
	}
	if (simblob_alloc(b, t->hdr.opps.nr, t->nr_seg)) {
		fprintf(stderr, "gpugov-simblob: %u OPPs x %u segments not supported\n",
			t->hdr.opps.nr, t->nr_seg);
		return -EINVAL;
	}
	b->caps = t->hdr.caps & GPUGOV_CAP_ALL & ~GPUGOV_CAP_WAVES;
	for (opp = 0; opp < b->nr_opps; opp++) {
		const struct gpugov_opp *o = &t->hdr.opps.opp[opp];

		b->opp[opp].core_khz = o->core_khz;
		b->opp[opp].mem_khz = o->mem_khz;
		b->opp[opp].uv = o->uv;
		b->opp[opp].power_uw = o->power_uw;
		if (!o->core_khz || (opp && o->core_khz <= b->opp[opp - 1].core_khz)) {
			fprintf(stderr, "gpugov-simblob: OPP core clocks must ascend strictly (OPP %u)\n",
				opp);
			return -EINVAL;
		}
	}
	for (seg = 0; seg < b->nr_segs; seg++) {
		for (opp = 0; opp < b->nr_opps; opp++) {
			const struct gpugov_trace_rec *tr =
				gpugov_trace_sweep_at(t, seg, opp);

			if (!tr) {
				fprintf(stderr, "gpugov-simblob: segment %u lacks OPP %u\n",
					seg, opp);
				return -EINVAL;
			}
			if (convert_rec(tr, simblob_rec(b, seg, opp), seg, opp))
				return -EINVAL;
		}
	}
	return 0;
}

static const char usage[] =
	"usage: gpugov-simblob SWEEP.trace OUT.blob\n"
	"       gpugov-simblob --help | --version\n"
	"Convert a sweep trace (gpugov-sim sweep) to the blob gpugov_sim.ko\n"
	"replays.\n"
	"Exit status: 0 success, 1 unreadable trace or unwritable blob,\n"
	"2 bad usage.\n";

int main(int argc, char **argv)
{
	char err[GPUGOV_TRACE_ERR_MAX];
	struct gpugov_trace t;
	struct simblob b = { 0 };
	FILE *f;
	int rc = 1;

	if (argc == 2 && is_version_opt(argv[1]))
		return print_version("gpugov-simblob");
	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		fputs(usage, stdout);
		return 0;
	}
	if (argc != 3) {
		fputs(usage, stderr);
		return 2;
	}
	if (gpugov_trace_load(argv[1], &t, err, sizeof(err))) {
		fprintf(stderr, "gpugov-simblob: %s\n", err);
		return 1;
	}
	if (!convert(&t, &b)) {
		f = fopen(argv[2], "wb");
		if (!f || simblob_write(&b, f) | fclose(f))
			perror(argv[2]);
		else
			rc = 0;
	}
	simblob_free(&b);
	gpugov_trace_free(&t);
	return rc;
}
