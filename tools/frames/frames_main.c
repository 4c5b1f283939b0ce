// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov-frames - a frame client paced at the display's refresh, for
 * measuring a GPU governor on a board (docs/man/gpugov-frames.1).
 *
 * Each frame does the work its schedule gives it, then goes to the
 * screen with a page flip; the next frame starts when the flip's event
 * says the frame is shown, as a double-buffered client (kmscube) runs.
 * The work is scaled so that the mean frame takes --load % of the
 * period, from the time of one unit of work measured at the start.
 * Without a display (--offscreen) a timer at --hz stands in for the
 * vblanks, and a frame is shown at the first tick after it completes.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cpuwork.h"
#include "gles.h"
#include "kms.h"
#include "outfile.h"
#include "record.h"
#include "sched.h"
#include "strnum.h"
#include "version.h"

#define PROG "gpugov-frames"

/**
 * struct opts - the command line
 * @card: --card, NULL: the first with a display
 * @render: --render, the offscreen GPU path's render node
 * @csv: --csv
 * @sched: --schedule, parsed
 * @unit_ns: --unit-ns, the time of a unit of work; 0: calibrate
 * @load: --load, % of the period the mean frame takes
 * @hz: --hz, the offscreen refresh rate
 * @seconds: --seconds, 0: until a signal
 * @frames: --frames, 0: no limit
 * @cpu: --cpu
 * @offscreen: --offscreen
 * @quiet: --quiet
 * @calibrate: --calibrate
 */
struct opts {
	const char *card, *render, *csv;
	struct sched sched;
	double unit_ns;
	u32 load, hz, seconds, frames;
	int cpu, offscreen, quiet, calibrate;
};

/**
 * struct frames - the run
 * @o: its options
 * @k: the display (not --offscreen)
 * @g: the GPU path (not --cpu)
 * @render_fd: --offscreen's render node
 * @back: --cpu on a display: the dumb buffer not on the screen
 * @unit_ns: the time of one unit of work (--cpu: a step; GPU: a loop)
 * @period_ns: the refresh period
 * @log: the frames
 */
struct frames {
	struct opts o;
	struct kms k;
	struct gles *g;
	int render_fd;
	unsigned int back;
	double unit_ns;
	uint64_t period_ns;
	struct frame_log log;
};

static volatile sig_atomic_t frames_stop;

static void frames_on_signal(int sig)
{
	frames_stop = sig;
}

static uint64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

static int usage(FILE *f, int status)
{
	fprintf(f,
		"usage: " PROG " [--card PATH | --offscreen [--hz HZ] [--render PATH]] [--cpu]\n"
		"                     [--load PCT] [--schedule SCHED] [--seconds S] [--frames N]\n"
		"                     [--unit-ns NS] [--csv FILE] [--quiet]\n"
		"       " PROG " --calibrate [--card PATH | --offscreen [--render PATH]] [--cpu]\n"
		"       " PROG " --help | --version\n\n"
		"Frames paced by page flips on a KMS display, the work of each set by a\n"
		"schedule; per frame the vsync it was due for, its completion, its flip and\n"
		"whether it janked (missed that vsync).\n\n"
		"  --card PATH       the DRM device (default: the first with a connected display)\n"
		"  --offscreen       no display: a timer at --hz paces the frames\n"
		"  --hz HZ           --offscreen's refresh rate, 1 to 1000 (default 60)\n"
		"  --render PATH     --offscreen's GPU node (default /dev/dri/renderD128)\n"
		"  --cpu             the work on the CPU, frames in dumb buffers (no GBM/EGL)\n"
		"  --load PCT        the mean frame's work, %% of the period at the top\n"
		"                    clock, 1 to 100 (default 50)\n"
		"  --schedule SCHED  steady, spikes[:N[:X]], ramp[:N], scene[:N[:X]] or\n"
		"                    file:PATH (default steady)\n"
		"  --seconds S       run for S seconds, 0: until SIGINT/SIGTERM (default 10)\n"
		"  --frames N        stop after N frames\n"
		"  --calibrate       print the time of a unit of work (unit_ns) and exit\n"
		"  --unit-ns NS      that time, from an earlier --calibrate: no calibration\n"
		"  --csv FILE        the frames: frame,work,due_ns,submit_ns,done_ns,flip_ns,janked\n"
		"  --quiet           no summary on standard output\n");
	return status;
}

static int opt_num(const char *opt, const char *v, u32 lo, u32 hi, u32 *out)
{
	if (!v || parse_u32(v, strlen(v), out) || *out < lo || *out > hi) {
		fprintf(stderr, PROG ": %s: '%s' is not a whole number from %u to %u\n", opt,
			v ? v : "", lo, hi);
		return -1;
	}
	return 0;
}

/* Return: 0, -1 on bad usage (said), 1 after --help or --version. */
static int parse_args(int argc, char **argv, struct opts *o)
{
	char err[512];
	const char *sched = "steady";

	*o = (struct opts){ .render = "/dev/dri/renderD128", .load = 50, .hz = 60,
			    .seconds = 10 };
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		int r = 0, takes = 1;

		if (!strcmp(a, "--help") || !strcmp(a, "-h"))
			return usage(stdout, 0), 1;
		if (is_version_opt(a))
			return print_version(PROG), 1;
		if (!strcmp(a, "--cpu"))
			o->cpu = 1, takes = 0;
		else if (!strcmp(a, "--offscreen"))
			o->offscreen = 1, takes = 0;
		else if (!strcmp(a, "--quiet"))
			o->quiet = 1, takes = 0;
		else if (!strcmp(a, "--calibrate"))
			o->calibrate = 1, takes = 0;
		else if (!strcmp(a, "--unit-ns")) {
			if (!v || parse_finite(v, &o->unit_ns) || o->unit_ns <= 0 ||
			    o->unit_ns > 1e9) {
				fprintf(stderr, PROG ": --unit-ns: '%s' is not a time in ns above 0, "
					"at most 1e9\n", v ? v : "");
				return -1;
			}
		}
		else if (!strcmp(a, "--load"))
			r = opt_num(a, v, 1, 100, &o->load);
		else if (!strcmp(a, "--hz"))
			r = opt_num(a, v, 1, 1000, &o->hz);
		else if (!strcmp(a, "--seconds"))
			r = opt_num(a, v, 0, 86400, &o->seconds);
		else if (!strcmp(a, "--frames"))
			r = opt_num(a, v, 1, 100000000, &o->frames);
		else if (!strcmp(a, "--card") || !strcmp(a, "--render") ||
			 !strcmp(a, "--csv") || !strcmp(a, "--schedule")) {
			if (!v || !*v) {
				fprintf(stderr, PROG ": %s needs a value\n", a);
				return -1;
			}
			if (a[2] == 'c' && a[3] == 'a')
				o->card = v;
			else if (a[2] == 'r')
				o->render = v;
			else if (a[2] == 'c')
				o->csv = v;
			else
				sched = v;
		} else {
			fprintf(stderr, PROG ": unknown option '%s' (see --help)\n", a);
			return -1;
		}
		if (r)
			return -1;
		i += takes;
	}
	if (o->calibrate && (o->csv || o->unit_ns)) {
		fprintf(stderr, PROG ": --calibrate takes neither --csv nor --unit-ns\n");
		return -1;
	}
	if (o->card && o->offscreen) {
		fprintf(stderr, PROG ": --card and --offscreen exclude each other\n");
		return -1;
	}
	if (sched_parse(&o->sched, sched, err, sizeof(err))) {
		fprintf(stderr, PROG ": %s\n", err);
		return -1;
	}
	return 0;
}

static int frames_setup(struct frames *f, char *err, size_t errlen)
{
	uint32_t w = 1280, h = 720;	/* offscreen: a 720p frame */

	if (!f->o.offscreen) {
		if (kms_open(&f->k, f->o.card, err, errlen))
			return -1;
		f->period_ns = kms_period_ns(&f->k);
		w = f->k.mode.hdisplay;
		h = f->k.mode.vdisplay;
	} else {
		f->period_ns = 1000000000ull / f->o.hz;
	}
	if (f->o.cpu) {
		if (!f->o.offscreen && kms_dumb_init(&f->k, err, errlen))
			return -1;
		f->unit_ns = f->o.unit_ns ? f->o.unit_ns : cpu_unit_ns();
		return 0;
	}
	if (f->o.offscreen) {
		f->render_fd = open(f->o.render, O_RDWR | O_CLOEXEC);
		if (f->render_fd < 0) {
			snprintf(err, errlen, "--render: cannot open %s: %s (try --cpu)",
				 f->o.render, strerror(errno));
			return -1;
		}
	}
	f->g = gles_open(f->o.offscreen ? f->render_fd : f->k.fd, w, h, !f->o.offscreen,
			 err, errlen);
	if (!f->g)
		return -1;
	f->unit_ns = f->o.unit_ns ? f->o.unit_ns : gles_unit_ns(f->g);
	if (f->unit_ns <= 0) {
		snprintf(err, errlen, "GLES: the calibration frame failed");
		return -1;
	}
	return 0;
}

/* Units of work for frame @i: its weight times --load % of the period. */
static uint64_t frames_units(const struct frames *f, unsigned long i, double *work)
{
	double u;

	*work = sched_weight(&f->o.sched, i) * f->o.load / 100.0;
	u = *work * (double)f->period_ns / f->unit_ns;
	return u < 1 ? 1 : u > 1e15 ? (uint64_t)1e15 : (uint64_t)u;
}

/*
 * Do frame @i's work into the back buffer; @fb is what to flip to.  The
 * next frame draws into the other buffer once this one is shown.
 */
static int frames_draw(struct frames *f, unsigned long i, struct frame_rec *r,
		       uint32_t *fb, char *err, size_t errlen)
{
	uint64_t units = frames_units(f, i, &r->work);

	if (f->o.cpu) {
		cpu_work(units);
		if (!f->o.offscreen) {
			cpu_fill(f->k.dumb[f->back].map, f->k.pitch, f->k.mode.vdisplay, i);
			*fb = f->k.dumb[f->back].fb;
		}
		r->done_ns = now_ns();
		return 0;
	}
	if (gles_frame(f->g, units, &r->done_ns, err, errlen))
		return -1;
	return gles_present(f->g, fb, err, errlen);
}

static int frames_done(const struct frames *f, uint64_t t0)
{
	return frames_stop || (f->o.frames && f->log.n >= f->o.frames) ||
		(f->o.seconds && now_ns() - t0 >= (uint64_t)f->o.seconds * 1000000000ull);
}

/*
 * On the display: frame i is due at the vblank after the one that showed
 * frame i - 1, and starts as soon as that one is shown.
 */
static int frames_run_kms(struct frames *f, char *err, size_t errlen)
{
	uint64_t t0 = now_ns(), shown;
	uint32_t fb = f->o.cpu ? f->k.dumb[1].fb : 0;
	struct frame_rec first = { 0 };

	/*
	 * Frame "-1": the mode set (--cpu: with buffer 1, buffer 0 the back
	 * one), then one flip to time the first frame by.
	 */
	if ((!f->o.cpu && frames_draw(f, 0, &first, &fb, err, errlen)) ||
	    kms_show(&f->k, fb, err, errlen) ||
	    frames_draw(f, 0, &first, &fb, err, errlen) ||
	    kms_flip(&f->k, fb, err, errlen) || kms_wait(&f->k, err, errlen))
		return -1;
	f->back ^= 1;
	shown = f->k.flip_ns;
	for (unsigned long i = 0; !frames_done(f, t0); i++) {
		struct frame_rec *r = frame_log_add(&f->log);

		if (!r) {
			snprintf(err, errlen, "out of memory after %zu frames", f->log.n);
			return -1;
		}
		r->due_ns = shown + f->period_ns;
		r->submit_ns = now_ns();
		if (frames_draw(f, i, r, &fb, err, errlen) || kms_flip(&f->k, fb, err, errlen) ||
		    kms_wait(&f->k, err, errlen))
			return -1;
		f->back ^= 1;
		r->flip_ns = shown = f->k.flip_ns;
		r->janked = frame_janked(r->due_ns, r->flip_ns, f->period_ns);
	}
	return 0;
}

static void sleep_until(uint64_t ns)
{
	struct timespec t = { (time_t)(ns / 1000000000ull), (long)(ns % 1000000000ull) };

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) == EINTR &&
	       !frames_stop)
		;
}

/*
 * Offscreen: vsyncs at t0 + k x period.  A frame starts at a tick, is due
 * at the next, and is shown at the first tick at or after its completion;
 * the next frame starts there.
 */
static int frames_run_offscreen(struct frames *f, char *err, size_t errlen)
{
	uint64_t t0 = now_ns(), p = f->period_ns, tick = t0;
	uint32_t fb;

	for (unsigned long i = 0; !frames_done(f, t0); i++) {
		struct frame_rec *r = frame_log_add(&f->log);

		if (!r) {
			snprintf(err, errlen, "out of memory after %zu frames", f->log.n);
			return -1;
		}
		sleep_until(tick);
		r->submit_ns = now_ns();
		r->due_ns = tick + p;
		if (frames_draw(f, i, r, &fb, err, errlen))
			return -1;
		tick = t0 + (r->done_ns - t0 + p - 1) / p * p;
		if (tick < r->due_ns)
			tick = r->due_ns;
		r->flip_ns = tick;
		r->janked = frame_janked(r->due_ns, r->flip_ns, p);
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct frames f = { .render_fd = -1 };
	struct outfile csv = { 0 };
	struct sigaction sa = { .sa_handler = frames_on_signal };
	char err[512];
	int r, status = 1;

	r = parse_args(argc, argv, &f.o);
	if (r)
		return r > 0 ? 0 : 2;
	if (f.o.csv && outfile_open(&csv, f.o.csv, err, sizeof(err))) {
		fprintf(stderr, PROG ": --csv: %s\n", err);
		sched_free(&f.o.sched);
		return 2;
	}
	/* SIGINT and SIGTERM end the run early: what ran is written out */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	f.k.fd = -1;
	if (frames_setup(&f, err, sizeof(err)) ||
	    (!f.o.calibrate &&
	     (f.o.offscreen ? frames_run_offscreen : frames_run_kms)(&f, err, sizeof(err)))) {
		fprintf(stderr, PROG ": %s\n", err);
		goto out;
	}
	if (f.o.csv && (frame_log_csv(&f.log, csv.f) ||
			outfile_commit(&csv, err, sizeof(err)))) {
		fprintf(stderr, PROG ": --csv: %s\n", err);
		goto out;
	}
	if (f.o.calibrate) {
		printf("unit_ns %.6g\n", f.unit_ns);
	} else if (!f.o.quiet) {
		printf("device %s\nmode %s\n", f.o.offscreen ? "offscreen" : f.k.path,
		       f.o.offscreen ? "timer" : f.k.mode.name);
		printf("path %s\nunit_ns %.4g\n", f.o.cpu ? "cpu" : "gles", f.unit_ns);
		frame_log_summary(&f.log, f.period_ns, stdout);
	}
	status = 0;
out:
	outfile_abort(&csv);
	gles_close(f.g);
	kms_close(&f.k);
	if (f.render_fd >= 0)
		close(f.render_fd);
	frame_log_free(&f.log);
	sched_free(&f.o.sched);
	return status;
}
