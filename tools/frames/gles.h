/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gles.h - the GPU path of gpugov-frames: GBM, EGL and GLES2, a
 * full-screen fragment shader whose loop count is the frame's work, a
 * fence for the GPU's completion.
 */
#ifndef GPUGOV_FRAMES_GLES_H
#define GPUGOV_FRAMES_GLES_H
#include <stddef.h>
#include <stdint.h>

struct gles;

struct gles *gles_open(int fd, uint32_t w, uint32_t h, int scanout, char *err,
		       size_t errlen);
double gles_unit_ns(struct gles *g);
int gles_frame(struct gles *g, uint64_t loops, uint64_t *done_ns, char *err,
	       size_t errlen);
int gles_present(struct gles *g, uint32_t *fb, char *err, size_t errlen);
void gles_close(struct gles *g);
#endif /* GPUGOV_FRAMES_GLES_H */
