/* SPDX-License-Identifier: GPL-2.0 */
/*
 * record.h - what gpugov-frames records of each frame, when a frame
 * janks, and the CSV and summary it writes.
 */
#ifndef GPUGOV_FRAMES_RECORD_H
#define GPUGOV_FRAMES_RECORD_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/**
 * struct frame_rec - one frame (times CLOCK_MONOTONIC, ns)
 * @work: its weight from the schedule, times --load
 * @due_ns: the vsync it was due for
 * @submit_ns: when its work started
 * @done_ns: when the GPU (--cpu: the CPU) finished it
 * @flip_ns: when it reached the screen: the flip event's vblank
 *	(--offscreen: the first timer vsync at or after @done_ns)
 * @janked: it missed @due_ns
 */
struct frame_rec {
	double work;
	uint64_t due_ns, submit_ns, done_ns, flip_ns;
	bool janked;
};

/**
 * struct frame_log - the frames of a run
 * @f: the frames
 * @n: how many
 * @cap: allocated
 */
struct frame_log {
	struct frame_rec *f;
	size_t n, cap;
};

bool frame_janked(uint64_t due_ns, uint64_t flip_ns, uint64_t period_ns);
struct frame_rec *frame_log_add(struct frame_log *l);
int frame_log_csv(const struct frame_log *l, FILE *f);
void frame_log_summary(const struct frame_log *l, uint64_t period_ns, FILE *f);
void frame_log_free(struct frame_log *l);
#endif /* GPUGOV_FRAMES_RECORD_H */
