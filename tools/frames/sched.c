// SPDX-License-Identifier: GPL-2.0
/*
 * sched.c - the per-frame weights of gpugov-frames' schedules.  Each
 * schedule's weights average 1.0 over its cycle, so that --load is the
 * mean frame's share of the period whatever the schedule:
 *
 *   steady          every frame 1
 *   spikes[:N[:X]]  every Nth frame X times as heavy as the others
 *                   (N = 30, X = 3): a level frame weighs N / (N - 1 + X)
 *   ramp[:N]        from 0.1 up to 1.9 over N frames (120), then again
 *   scene[:N[:X]]   a scene change at frame N (300): X times heavier after
 *                   (X = 2), 2 / (1 + X) and 2X / (1 + X) so that the two
 *                   halves of a run of 2N frames average 1
 *   file:PATH       one weight a line (a number >= 0; blank lines and '#'
 *                   comments skipped), scaled to average 1, in a loop
 */
#include <stdlib.h>
#include <string.h>

#include "sched.h"
#include "errfmt.h"
#include "lines.h"
#include "strnum.h"

/* "N" or "N:X" after the name; either may be left out */
static int sched_args(struct sched *s, const char *p, char *err, size_t errlen)
{
	const char *colon;
	u32 n;

	if (!*p)
		return 0;
	if (*p++ != ':')
		goto bad;
	colon = strchr(p, ':');
	if (parse_u32(p, colon ? (size_t)(colon - p) : strlen(p), &n) || n < 2 || n > 1000000)
		goto bad;
	s->every = n;
	if (colon && (s->kind == SCHED_RAMP || parse_finite(colon + 1, &s->times) ||
		      s->times <= 0 || s->times > 1000))
		goto bad;
	return 0;
bad:
	snprintf(err, errlen, "--schedule: bad arguments in '%s' (N: 2 to 1000000 frames, "
		 "X: a factor above 0, at most 1000)", p);
	return -1;
}

static int sched_file(struct sched *s, const char *path, char *err, size_t errlen)
{
	struct lines in;
	double v, sum = 0;
	size_t cap = 0;
	int r;

	r = lines_open(&in, path);
	if (r) {
		lines_error(&in, r, err, errlen);
		lines_close(&in);
		return -1;
	}
	while ((r = lines_next(&in)) > 0) {
		char *c = strchr(in.buf, '#');

		if (c)
			*c = 0;
		c = in.buf + strspn(in.buf, " \t");
		c[strcspn(c, " \t")] = 0;
		if (!*c)
			continue;
		if (parse_finite(c, &v) || v < 0 || v > 1e6) {
			gpugov_err_at(err, errlen, path, in.nr,
				      "'%s' is no frame weight (a number from 0 to 1e6)", c);
			goto fail;
		}
		if (s->n == cap) {
			double *l = realloc(s->load, (cap = cap ? 2 * cap : 256) * sizeof(*l));

			if (!l) {
				gpugov_err_at(err, errlen, path, in.nr, "out of memory");
				goto fail;
			}
			s->load = l;
		}
		s->load[s->n++] = v;
		sum += v;
	}
	if (r < 0) {
		lines_error(&in, r, err, errlen);
		goto fail;
	}
	if (!s->n || sum <= 0) {
		gpugov_err_at(err, errlen, path, in.nr, "no frame with a weight above 0");
		goto fail;
	}
	for (size_t i = 0; i < s->n; i++)
		s->load[i] *= (double)s->n / sum;
	lines_close(&in);
	return 0;
fail:
	lines_close(&in);
	sched_free(s);
	return -1;
}

/**
 * sched_parse() - read a --schedule argument
 * @s: the schedule, filled
 * @arg: the argument
 * @err: the message when it fails
 * @errlen: its size
 *
 * Return: 0, or -1 with @err set and nothing allocated.
 */
int sched_parse(struct sched *s, const char *arg, char *err, size_t errlen)
{
	static const struct { const char *name; enum sched_kind kind; unsigned int every;
			      double times; } k[] = {
		{ "steady", SCHED_STEADY, 0, 1 }, { "spikes", SCHED_SPIKES, 30, 3 },
		{ "ramp", SCHED_RAMP, 120, 1 }, { "scene", SCHED_SCENE, 300, 2 },
	};

	memset(s, 0, sizeof(*s));
	if (!strncmp(arg, "file:", 5) && arg[5]) {
		s->kind = SCHED_FILE;
		return sched_file(s, arg + 5, err, errlen);
	}
	for (size_t i = 0; i < sizeof(k) / sizeof(k[0]); i++) {
		size_t len = strlen(k[i].name);

		if (strncmp(arg, k[i].name, len))
			continue;
		s->kind = k[i].kind;
		s->every = k[i].every;
		s->times = k[i].times;
		if (s->kind == SCHED_STEADY && arg[len])
			break;
		return sched_args(s, arg + len, err, errlen);
	}
	snprintf(err, errlen, "--schedule: unknown schedule '%s' (steady, spikes[:N[:X]], "
		 "ramp[:N], scene[:N[:X]], file:PATH)", arg);
	return -1;
}

/* The weight of frame @frame (from 0); the weights average 1. */
double sched_weight(const struct sched *s, unsigned long frame)
{
	switch (s->kind) {
	case SCHED_SPIKES:
		return (frame % s->every == s->every - 1 ? s->times : 1.0) *
			s->every / (s->every - 1 + s->times);
	case SCHED_RAMP:
		return 0.1 + 1.8 * (double)(frame % s->every) / (s->every - 1);
	case SCHED_SCENE:
		return (frame < s->every ? 2.0 : 2.0 * s->times) / (1.0 + s->times);
	case SCHED_FILE:
		return s->load[frame % s->n];
	default:
		return 1.0;
	}
}

void sched_free(struct sched *s)
{
	free(s->load);
	s->load = NULL;
	s->n = 0;
}
