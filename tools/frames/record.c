// SPDX-License-Identifier: GPL-2.0
/*
 * record.c - the per-frame record of gpugov-frames.
 *
 * A frame janks when it reaches the screen after the vsync it was due
 * for, as Android's frame metrics count a janky frame (one that missed
 * its vsync deadline).  A frame is due at the vsync after the one that
 * showed the frame before it; flip events carry the vblank's own
 * timestamp, so a frame on time flips within a few microseconds of its
 * due time and a late one a whole period or more after it: half a period
 * of slack separates the two whatever the timestamps' jitter.
 */
#include <stdlib.h>

#include "record.h"

bool frame_janked(uint64_t due_ns, uint64_t flip_ns, uint64_t period_ns)
{
	return flip_ns > due_ns && flip_ns - due_ns > period_ns / 2;
}

/* A new zeroed record at the end of @l, NULL when out of memory. */
struct frame_rec *frame_log_add(struct frame_log *l)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 1024;
		struct frame_rec *f = realloc(l->f, cap * sizeof(*f));

		if (!f)
			return NULL;
		l->f = f;
		l->cap = cap;
	}
	l->f[l->n] = (struct frame_rec){ 0 };
	return &l->f[l->n++];
}

/*
 * The CSV gpugov-ab reads: frame,work,due_ns,submit_ns,done_ns,flip_ns,
 * janked.  Return: 0, or -1 on a write error.
 */
int frame_log_csv(const struct frame_log *l, FILE *f)
{
	fprintf(f, "frame,work,due_ns,submit_ns,done_ns,flip_ns,janked\n");
	for (size_t i = 0; i < l->n; i++) {
		const struct frame_rec *r = &l->f[i];

		fprintf(f, "%zu,%.4f,%llu,%llu,%llu,%llu,%d\n", i, r->work,
			(unsigned long long)r->due_ns, (unsigned long long)r->submit_ns,
			(unsigned long long)r->done_ns, (unsigned long long)r->flip_ns,
			r->janked);
	}
	return ferror(f) ? -1 : 0;
}

/* frames, janked frames, mean and worst work time and latency */
void frame_log_summary(const struct frame_log *l, uint64_t period_ns, FILE *f)
{
	uint64_t jank = 0, busy = 0, worst_busy = 0, worst_lat = 0;

	for (size_t i = 0; i < l->n; i++) {
		const struct frame_rec *r = &l->f[i];
		uint64_t b = r->done_ns - r->submit_ns, lat = r->flip_ns - r->submit_ns;

		jank += r->janked;
		busy += b;
		worst_busy = b > worst_busy ? b : worst_busy;
		worst_lat = lat > worst_lat ? lat : worst_lat;
	}
	fprintf(f, "frames %zu\njanked %llu\nperiod_ms %.3f\n", l->n,
		(unsigned long long)jank, period_ns / 1e6);
	fprintf(f, "work_mean_ms %.3f\nwork_worst_ms %.3f\nlatency_worst_ms %.3f\n",
		l->n ? busy / 1e6 / l->n : 0.0, worst_busy / 1e6, worst_lat / 1e6);
}

void frame_log_free(struct frame_log *l)
{
	free(l->f);
	*l = (struct frame_log){ 0 };
}
