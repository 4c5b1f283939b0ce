/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sched.h - gpugov-frames' schedules: how heavy each frame is, relative
 * to the mean frame (1.0), whose weight --load sets.
 */
#ifndef GPUGOV_FRAMES_SCHED_H
#define GPUGOV_FRAMES_SCHED_H
#include <stddef.h>

enum sched_kind { SCHED_STEADY, SCHED_SPIKES, SCHED_RAMP, SCHED_SCENE, SCHED_FILE };

/**
 * struct sched - a parsed --schedule
 * @kind: which
 * @every: SPIKES: a spike every @every frames; RAMP, SCENE: the ramp's
 *	length, the frame of the scene change
 * @times: SPIKES: a spike is @times the other frames; SCENE: the frames
 *	after the change are @times those before
 * @load: FILE: one weight a frame, replayed in a loop (allocated)
 * @n: FILE: entries in @load
 */
struct sched {
	enum sched_kind kind;
	unsigned int every;
	double times;
	double *load;
	size_t n;
};

int sched_parse(struct sched *s, const char *arg, char *err, size_t errlen);
double sched_weight(const struct sched *s, unsigned long frame);
void sched_free(struct sched *s);
#endif /* GPUGOV_FRAMES_SCHED_H */
