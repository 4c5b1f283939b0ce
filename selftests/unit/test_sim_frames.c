// SPDX-License-Identifier: GPL-2.0
/*
 * test_sim_frames.c - frame-delimited sweeps (gpugov-sim sweep --frames).
 * Frame-paced work is judged per frame, so a frame interval must hold
 * exactly the frame's work at every OPP and end with the GPU drained:
 *  - a two-frame workload (the second frame unmarked after the last
 *    marker) gives two segments whose instructions at every OPP are the
 *    frame's warp instructions, counted by hand from its kernels, with
 *    no warp resident at the end and more time at the lowest OPP;
 *  - markers change nothing for fixed-instruction segments: the same
 *    workload without them sweeps to a byte-identical trace;
 *  - the realistic applications carry their documented frame counts.
 * Runs from the top of the tree (make check).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "sweep.h"

#define FERMI "tools/sim/gpus/fermi-15sm.gpu"
#define APPS "tools/sim/workloads/apps"

/*
 * Per warp, a: 4 trips of (ld + 3 alu), st, exit = 18 instructions,
 * 30 blocks of 4 warps: 2160; b: 9 + exit = 10, 20 blocks of 2: 400.
 */
static const char kernels[] =
	"kernel a\ngrid 30\nblock 128\narray data stream footprint 1m\n"
	"code\nloop 4\nld r1 data\nalu r2 r1 r2 *3\nendloop\nst data r2\n"
	"endkernel\n"
	"kernel b\ngrid 20\nblock 64\n"
	"code\nalu r1 *5\nsfu r2 r1\nlds r3 r2\nbar\nalu r4 r3\nendkernel\n";
static const u64 frame_insts[] = { 2160 + 400, 2 * 2160 };

static struct sim_gpu_desc fermi;
static struct sim_workload wl;
static struct sim_state *st;

/* Write @kernels then @runs to a temporary .wl file; returns its path. */
static char *write_wl(const char *runs)
{
	static char path[2][32];
	static int which;
	char *p = path[which++ % 2];
	FILE *f;
	int fd;

	strcpy(p, "/tmp/frames-XXXXXX.wl");
	fd = mkstemps(p, 3);
	f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!f)
		return NULL;
	fputs(kernels, f);
	fputs(runs, f);
	fclose(f);
	return p;
}

/* Sweep @path into a memory buffer; returns its text (malloc'd) or NULL. */
static char *sweep_text(const char *path, bool frames)
{
	struct sim_sweep_opts o = { .interval = GPUGOV_INTERVAL_SEGMENT,
				    .size = frames ? 0 : 1000,
				    .frames = frames };
	struct sim_sweep_result res;
	char err[SIM_ERR_MAX], *buf = NULL;
	size_t len = 0;
	struct sim x;
	int rc;

	if (!path || sim_workload_load(&wl, path, 1.0, err)) {
		tap_diag("%s", path ? err : "cannot write a workload");
		return NULL;
	}
	o.trace = open_memstream(&buf, &len);
	sim_init(&x, &fermi, &wl, st, 1);
	rc = sim_sweep(&x, &o, &res, err);
	fclose(o.trace);
	if (rc) {
		tap_diag("%s", err);
		free(buf);
		return NULL;
	}
	return buf;
}

static void test_two_frames(void)
{
	char *path = write_wl("run a\nrun b\nframe\nrun a 2\n");
	char err[GPUGOV_TRACE_ERR_MAX], *text = sweep_text(path, true);
	u32 seg, opp, bad_insts = 0, resident = 0, slower = 0;
	struct gpugov_trace t;
	FILE *f;

	if (path)
		unlink(path);
	tap_ok(wl.nframe == 2, "two frames: one marked, one trailing");
	if (!tap_ok(text != NULL, "the frame sweep ran"))
		return;
	f = fmemopen(text, strlen(text), "r");
	if (!tap_ok(!gpugov_trace_load_file(f, "frames", &t, err, sizeof(err)),
		    "the frame sweep trace reads back"))
		tap_diag("%s", err);
	fclose(f);
	tap_ok(t.hdr.interval == GPUGOV_INTERVAL_SEGMENT &&
	       !t.hdr.interval_size, "header: interval segment 0");
	if (!tap_ok(t.nr_seg == 2, "2 segments (%u)", t.nr_seg))
		goto out;
	for (seg = 0; seg < t.nr_seg; seg++) {
		const struct gpugov_trace_rec *lo = gpugov_trace_sweep_at(&t, seg, 0);

		for (opp = 0; opp < t.hdr.opps.nr; opp++) {
			const struct gpugov_trace_rec *r =
				gpugov_trace_sweep_at(&t, seg, opp);

			if (r->s.insts != frame_insts[seg]) {
				tap_diag("seg %u opp %u: %llu insts", seg, opp,
					 (unsigned long long)r->s.insts);
				bad_insts++;
			}
			resident += r->s.nr_waves;
		}
		slower += lo->s.busy_ns >
			  gpugov_trace_sweep_at(&t, seg, t.hdr.opps.nr - 1)->s.busy_ns;
	}
	tap_ok(!bad_insts, "each segment holds its frame's %llu and %llu warp "
	       "instructions at every OPP",
	       (unsigned long long)frame_insts[0],
	       (unsigned long long)frame_insts[1]);
	tap_ok(!resident, "no warp resident at a frame's end");
	tap_ok(slower == 2, "both frames take longer at the lowest OPP");
out:
	gpugov_trace_free(&t);
	free(text);
}

static void test_segments_unchanged(void)
{
	char *marked = write_wl("run a\nframe\nrun b\nframe\nrun a 2\nframe\n");
	char *plain = write_wl("run a\nrun b\nrun a 2\n");
	char *a = sweep_text(marked, false), *b = sweep_text(plain, false);

	if (marked)
		unlink(marked);
	if (plain)
		unlink(plain);
	tap_ok(a && b && !strcmp(a, b), "frame markers leave a segment "
	       "sweep byte-identical");
	free(a);
	free(b);
}

static void test_apps(void)
{
	static const struct {
		const char *name;
		u32 frames;
	} apps[] = {
		{ "render-frame", 7 },
		{ "ml-train-step", 5 },
		{ "video-decode", 10 },
		{ "compositor", 24 },
	};
	char path[128], err[SIM_ERR_MAX];
	u32 i;

	for (i = 0; i < sizeof(apps) / sizeof(apps[0]); i++) {
		snprintf(path, sizeof(path), APPS "/%s.wl", apps[i].name);
		if (sim_workload_load(&wl, path, 1.0, err))
			tap_diag("%s", err);
		tap_ok(wl.nframe == apps[i].frames &&
		       wl.frame_end[wl.nframe - 1] == wl.nlaunch,
		       "%s: %u frames, the last ending with the workload",
		       apps[i].name, apps[i].frames);
	}
}

int main(void)
{
	char err[SIM_ERR_MAX];

	st = sim_state_alloc();
	if (!tap_ok(!sim_gpu_load(&fermi, FERMI, err), "GPU file loads")) {
		tap_diag("%s", err);
	} else {
		test_two_frames();
		test_segments_unchanged();
		test_apps();
	}
	free(st);
	return tap_done("sim_frames");
}
