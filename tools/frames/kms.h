/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kms.h - the display side of gpugov-frames: a DRM device's first
 * connected connector in its preferred mode, page flips with their
 * completion events, and the dumb buffers of the --cpu path.
 */
#ifndef GPUGOV_FRAMES_KMS_H
#define GPUGOV_FRAMES_KMS_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <xf86drmMode.h>

/**
 * struct kms - one display pipe
 * @fd: the DRM device
 * @path: its node
 * @conn: the connector
 * @crtc: the CRTC driving it
 * @mode: the connector's preferred mode
 * @saved: the CRTC's state before, put back by kms_close()
 * @dumb: the two dumb buffers (--cpu): GEM handle, framebuffer, mapping
 * @pitch: their bytes per line
 * @size: their size
 * @flip_ns: CLOCK_MONOTONIC time of the last flip's completion event
 * @pending: a flip waits for its event
 */
struct kms {
	int fd;
	char path[64];
	uint32_t conn, crtc;
	drmModeModeInfo mode;
	drmModeCrtc *saved;
	struct { uint32_t handle, fb; void *map; } dumb[2];
	uint32_t pitch;
	uint64_t size;
	uint64_t flip_ns;
	bool pending;
};

int kms_open(struct kms *k, const char *card, char *err, size_t errlen);
uint64_t kms_period_ns(const struct kms *k);
int kms_dumb_init(struct kms *k, char *err, size_t errlen);
int kms_show(struct kms *k, uint32_t fb, char *err, size_t errlen);
int kms_flip(struct kms *k, uint32_t fb, char *err, size_t errlen);
int kms_wait(struct kms *k, char *err, size_t errlen);
void kms_close(struct kms *k);
#endif /* GPUGOV_FRAMES_KMS_H */
