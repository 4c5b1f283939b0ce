// SPDX-License-Identifier: GPL-2.0
/*
 * kms.c - legacy KMS (drmModeSetCrtc, drmModePageFlip with
 * DRM_MODE_PAGE_FLIP_EVENT): every KMS driver takes it, atomic or not,
 * and the flip event's timestamp is the vblank the frame reached the
 * screen at (CLOCK_MONOTONIC: DRM_CAP_TIMESTAMP_MONOTONIC, the default
 * since Linux 2.6.39).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <xf86drm.h>

#include "kms.h"

#define KMS_MAX_CARDS	16
/* a flip whose event has not come in a second will not come */
#define KMS_FLIP_TIMEOUT_MS	1000

/* The CRTC of @c's encoder, or the first its encoders can drive. */
static uint32_t kms_pick_crtc(int fd, const drmModeRes *res, const drmModeConnector *c)
{
	for (int i = 0; i < c->count_encoders; i++) {
		drmModeEncoder *e = drmModeGetEncoder(fd, c->encoders[i]);
		uint32_t id = 0;

		if (!e)
			continue;
		if (e->encoder_id == c->encoder_id && e->crtc_id)
			id = e->crtc_id;
		for (int j = 0; !id && j < res->count_crtcs; j++)
			if (e->possible_crtcs & (1u << j))
				id = res->crtcs[j];
		drmModeFreeEncoder(e);
		if (id)
			return id;
	}
	return 0;
}

/* 0 when @fd has a connected connector with a mode and a CRTC for it */
static int kms_probe(struct kms *k)
{
	drmModeRes *res = drmModeGetResources(k->fd);
	int found = -1;

	if (!res)
		return -1;
	for (int i = 0; found && i < res->count_connectors; i++) {
		drmModeConnector *c = drmModeGetConnector(k->fd, res->connectors[i]);

		if (!c)
			continue;
		if (c->connection == DRM_MODE_CONNECTED && c->count_modes) {
			int m = 0;

			/* the preferred mode, else the first (drivers list it first) */
			for (int j = 0; j < c->count_modes; j++)
				if (c->modes[j].type & DRM_MODE_TYPE_PREFERRED) {
					m = j;
					break;
				}
			k->crtc = kms_pick_crtc(k->fd, res, c);
			if (k->crtc) {
				k->conn = c->connector_id;
				k->mode = c->modes[m];
				found = 0;
			}
		}
		drmModeFreeConnector(c);
	}
	drmModeFreeResources(res);
	return found;
}

/**
 * kms_open() - the display: @card, or the first card with a connected
 *	connector
 * @k: filled; kms_close() it whatever this returns
 * @card: a device node, or NULL
 * @err: the message on failure
 * @errlen: its size
 *
 * Return: 0, or -1 with @err set.
 */
int kms_open(struct kms *k, const char *card, char *err, size_t errlen)
{
	memset(k, 0, sizeof(*k));
	k->fd = -1;
	for (int i = 0; i < KMS_MAX_CARDS; i++) {
		if (card)
			snprintf(k->path, sizeof(k->path), "%s", card);
		else
			snprintf(k->path, sizeof(k->path), "/dev/dri/card%d", i);
		k->fd = open(k->path, O_RDWR | O_CLOEXEC);
		if (k->fd < 0 && card) {
			snprintf(err, errlen, "--card: cannot open %s: %s", card, strerror(errno));
			return -1;
		}
		if (k->fd >= 0 && !kms_probe(k)) {
			k->saved = drmModeGetCrtc(k->fd, k->crtc);
			return 0;
		}
		if (k->fd >= 0)
			close(k->fd);
		k->fd = -1;
		if (card) {
			snprintf(err, errlen, "--card: %s has no connected connector with a mode "
				 "(use --offscreen on a board without a display)", card);
			return -1;
		}
	}
	snprintf(err, errlen, "no DRM device with a connected connector in /dev/dri "
		 "(use --offscreen on a board without a display)");
	return -1;
}

/* The mode's frame period: htotal x vtotal pixels at its clock (kHz). */
uint64_t kms_period_ns(const struct kms *k)
{
	uint64_t pix = (uint64_t)k->mode.htotal * k->mode.vtotal;

	if (!pix || !k->mode.clock)	/* a driver's odd mode: say 60 Hz */
		return 1000000000ull / 60;
	return pix * 1000000ull / k->mode.clock;
}

/**
 * kms_dumb_init() - two XRGB8888 dumb buffers of the mode's size, mapped
 * @k: the display
 * @err: the message on failure
 * @errlen: its size
 *
 * Return: 0, or -1 with @err set.
 */
int kms_dumb_init(struct kms *k, char *err, size_t errlen)
{
	for (int i = 0; i < 2; i++) {
		struct drm_mode_create_dumb c = { .width = k->mode.hdisplay,
			.height = k->mode.vdisplay, .bpp = 32 };
		struct drm_mode_map_dumb m = { 0 };

		if (drmIoctl(k->fd, DRM_IOCTL_MODE_CREATE_DUMB, &c) ||
		    (k->dumb[i].handle = c.handle,
		     drmModeAddFB(k->fd, c.width, c.height, 24, 32, c.pitch, c.handle,
				  &k->dumb[i].fb)) ||
		    (m.handle = c.handle, drmIoctl(k->fd, DRM_IOCTL_MODE_MAP_DUMB, &m))) {
			snprintf(err, errlen, "%s: dumb buffer %ux%u: %s", k->path,
				 c.width, c.height, strerror(errno));
			return -1;
		}
		k->dumb[i].map = mmap(NULL, c.size, PROT_READ | PROT_WRITE, MAP_SHARED,
				      k->fd, m.offset);
		if (k->dumb[i].map == MAP_FAILED) {
			k->dumb[i].map = NULL;
			snprintf(err, errlen, "%s: cannot map a dumb buffer: %s", k->path,
				 strerror(errno));
			return -1;
		}
		k->pitch = c.pitch;
		k->size = c.size;
	}
	return 0;
}

/* Put @fb on the screen at once: the mode set that starts a run. */
int kms_show(struct kms *k, uint32_t fb, char *err, size_t errlen)
{
	if (drmModeSetCrtc(k->fd, k->crtc, fb, 0, 0, &k->conn, 1, &k->mode)) {
		snprintf(err, errlen, "%s: cannot set mode %s: %s", k->path, k->mode.name,
			 strerror(errno));
		return -1;
	}
	return 0;
}

/* Queue @fb for the next vblank; kms_wait() gets its event. */
int kms_flip(struct kms *k, uint32_t fb, char *err, size_t errlen)
{
	if (drmModePageFlip(k->fd, k->crtc, fb, DRM_MODE_PAGE_FLIP_EVENT, k)) {
		snprintf(err, errlen, "%s: page flip: %s", k->path, strerror(errno));
		return -1;
	}
	k->pending = true;
	return 0;
}

static void kms_flip_done(int fd, unsigned int seq, unsigned int sec, unsigned int usec,
			  void *data)
{
	struct kms *k = data;

	k->flip_ns = (uint64_t)sec * 1000000000ull + (uint64_t)usec * 1000ull;
	k->pending = false;
}

/* Wait for the pending flip's event; k->flip_ns is its time. */
int kms_wait(struct kms *k, char *err, size_t errlen)
{
	drmEventContext ev = { .version = 2, .page_flip_handler = kms_flip_done };

	while (k->pending) {
		struct pollfd p = { .fd = k->fd, .events = POLLIN };
		int r = poll(&p, 1, KMS_FLIP_TIMEOUT_MS);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0 || drmHandleEvent(k->fd, &ev)) {
			snprintf(err, errlen, "%s: %s", k->path, r ? strerror(errno) :
				 "no page-flip event within a second");
			return -1;
		}
	}
	return 0;
}

/* Put the CRTC back as it was, free the buffers, close the device. */
void kms_close(struct kms *k)
{
	char err[128];

	if (k->fd < 0)
		return;
	if (k->pending)
		kms_wait(k, err, sizeof(err));
	if (k->saved && k->saved->mode_valid)
		drmModeSetCrtc(k->fd, k->saved->crtc_id, k->saved->buffer_id, k->saved->x,
			       k->saved->y, &k->conn, 1, &k->saved->mode);
	else if (k->saved)	/* it was off: off again */
		drmModeSetCrtc(k->fd, k->crtc, 0, 0, 0, NULL, 0, NULL);
	drmModeFreeCrtc(k->saved);
	for (int i = 0; i < 2; i++) {
		struct drm_mode_destroy_dumb d = { .handle = k->dumb[i].handle };

		if (k->dumb[i].map)
			munmap(k->dumb[i].map, k->size);
		if (k->dumb[i].fb)
			drmModeRmFB(k->fd, k->dumb[i].fb);
		if (d.handle)
			drmIoctl(k->fd, DRM_IOCTL_MODE_DESTROY_DUMB, &d);
	}
	close(k->fd);
	k->fd = -1;
}
