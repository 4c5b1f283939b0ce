// SPDX-License-Identifier: GPL-2.0
/*
 * test_frames.c - gpugov-frames' schedules and jank rule (tools/frames/).
 *
 * Every schedule's weights average 1 over its cycle, so --load is the
 * mean frame's share whatever the schedule; a spike is X times its
 * neighbours; a frame janks when its flip comes half a period or more
 * after the vsync it was due for, and never when it is early.
 */
#include <math.h>
#include <stdio.h>

#include "tap.h"
#include "sched.h"
#include "record.h"

static double mean_weight(const char *arg, unsigned long frames)
{
	struct sched s;
	char err[256];
	double sum = 0;

	if (sched_parse(&s, arg, err, sizeof(err)))
		return -1;
	for (unsigned long i = 0; i < frames; i++)
		sum += sched_weight(&s, i);
	sched_free(&s);
	return sum / frames;
}

int main(void)
{
	static const struct { const char *arg; unsigned long cycle; } avg[] = {
		{ "steady", 7 }, { "spikes", 30 }, { "spikes:7:2.5", 7 }, { "spikes:2:1000", 2 },
		{ "ramp", 120 }, { "ramp:2", 2 }, { "ramp:1000", 1000 }, { "scene:50", 100 },
		{ "scene:3:7", 6 },
	};
	const uint64_t p = 16666667;
	struct sched s;
	char err[256];

	for (size_t i = 0; i < sizeof(avg) / sizeof(avg[0]); i++) {
		double m = mean_weight(avg[i].arg, avg[i].cycle);

		tap_ok(fabs(m - 1.0) < 1e-9, "%s: weights average 1 over %lu frames (%.12f)",
		       avg[i].arg, avg[i].cycle, m);
	}
	tap_ok(!sched_parse(&s, "spikes:10:3", err, sizeof(err)) &&
	       fabs(sched_weight(&s, 9) / sched_weight(&s, 8) - 3.0) < 1e-12 &&
	       fabs(sched_weight(&s, 19) - sched_weight(&s, 9)) < 1e-12,
	       "spikes:10:3: frame 9, 19, ... three times the others");
	sched_free(&s);
	tap_ok(!sched_parse(&s, "ramp:5", err, sizeof(err)) &&
	       fabs(sched_weight(&s, 0) - 0.1) < 1e-12 && fabs(sched_weight(&s, 4) - 1.9) < 1e-12 &&
	       fabs(sched_weight(&s, 5) - 0.1) < 1e-12, "ramp:5: 0.1 up to 1.9, then again");
	sched_free(&s);
	tap_ok(sched_parse(&s, "ramp:5:2", err, sizeof(err)) && sched_parse(&s, "file:", err,
	       sizeof(err)) && sched_parse(&s, "spikes:", err, sizeof(err)),
	       "ramp takes no factor; file: and spikes: want their arguments");

	tap_ok(!frame_janked(p, p, p) && !frame_janked(p, p + p / 2 - 1, p) &&
	       !frame_janked(2 * p, p, p), "on time, a little late or early: no jank");
	tap_ok(frame_janked(p, p + p / 2 + 1, p) && frame_janked(p, 2 * p, p) &&
	       frame_janked(0, UINT64_MAX, p), "a vsync or more late: jank");
	return tap_plan();
}
