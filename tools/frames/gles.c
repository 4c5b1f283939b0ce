// SPDX-License-Identifier: GPL-2.0
/*
 * gles.c - GBM + EGL 1.5 + GLES2.  The frame's work is a full-screen
 * fragment shader whose loop runs n times a pixel: its time grows with n
 * at a given GPU clock, so loops per frame set the frame's share of the
 * period.  The GPU's completion is an EGL fence (EGL_SYNC_FENCE, core in
 * EGL 1.5) waited on at once: the wait returns when the GPU is done.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <gbm.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <xf86drmMode.h>

#include "gles.h"

/* loops a pass: GLSL ES 1.0 wants a constant loop bound */
#define GLES_PASS_LOOPS	4096
#define GLES_CAL_LOOPS	256
#define GLES_CAL_ROUNDS	5

struct gles {
	int fd, scanout;
	uint32_t w, h;
	struct gbm_device *gbm;
	struct gbm_surface *surf;
	struct gbm_bo *shown;
	EGLDisplay dpy;
	EGLContext ctx;
	EGLSurface egl;
	GLuint prog;
	GLint n_at;
};

static const char gles_vs[] =
	"attribute vec2 a;\n"
	"varying vec2 p;\n"
	"void main() { p = a * 0.5 + 0.5; gl_Position = vec4(a, 0.0, 1.0); }\n";

static const char gles_fs[] =
	"precision highp float;\n"
	"uniform float n;\n"
	"varying vec2 p;\n"
	"void main() {\n"
	"	float c = p.x;\n"
	"	for (int i = 0; i < 4096; i++) {\n"
	"		if (float(i) >= n) break;\n"
	"		c = fract(c * 1.61803 + p.y);\n"
	"	}\n"
	"	gl_FragColor = vec4(c, p.y, 0.5, 1.0);\n"
	"}\n";

static uint64_t gles_now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

static GLuint gles_shader(GLenum type, const char *src, char *err, size_t errlen)
{
	GLuint s = glCreateShader(type);
	GLint ok = 0;

	glShaderSource(s, 1, &src, NULL);
	glCompileShader(s);
	glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
	if (!ok) {
		char log[256] = "";

		glGetShaderInfoLog(s, sizeof(log), NULL, log);
		snprintf(err, errlen, "GLES: shader does not compile: %s", log);
		glDeleteShader(s);
		return 0;
	}
	return s;
}

static int gles_program(struct gles *g, char *err, size_t errlen)
{
	static const GLfloat quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
	GLuint vs = gles_shader(GL_VERTEX_SHADER, gles_vs, err, errlen);
	GLuint fs = vs ? gles_shader(GL_FRAGMENT_SHADER, gles_fs, err, errlen) : 0;
	GLint ok = 0;

	if (!fs)
		return -1;
	g->prog = glCreateProgram();
	glAttachShader(g->prog, vs);
	glAttachShader(g->prog, fs);
	glBindAttribLocation(g->prog, 0, "a");
	glLinkProgram(g->prog);
	glDeleteShader(vs);
	glDeleteShader(fs);
	glGetProgramiv(g->prog, GL_LINK_STATUS, &ok);
	if (!ok) {
		snprintf(err, errlen, "GLES: the program does not link");
		return -1;
	}
	glUseProgram(g->prog);
	g->n_at = glGetUniformLocation(g->prog, "n");
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
	glEnableVertexAttribArray(0);
	glViewport(0, 0, (GLsizei)g->w, (GLsizei)g->h);
	return 0;
}

/* An EGL config whose native visual is the surface's XRGB8888 format. */
static int gles_config(struct gles *g, EGLConfig *cfg)
{
	static const EGLint want[] = { EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RED_SIZE, 8,
		EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
		EGL_NONE };
	EGLConfig c[64];
	EGLint n = 0;

	if (!eglChooseConfig(g->dpy, want, c, 64, &n))
		return -1;
	for (EGLint i = 0; i < n; i++) {
		EGLint id;

		if (eglGetConfigAttrib(g->dpy, c[i], EGL_NATIVE_VISUAL_ID, &id) &&
		    (uint32_t)id == GBM_FORMAT_XRGB8888) {
			*cfg = c[i];
			return 0;
		}
	}
	return -1;
}

/**
 * gles_open() - a GLES2 context rendering to a GBM surface of @w x @h
 * @fd: the DRM device (a card, or a render node when not @scanout)
 * @w: width
 * @h: height
 * @scanout: the buffers go to the screen (framebuffers made for them)
 * @err: the message on failure
 * @errlen: its size
 *
 * Return: the context, or NULL with @err set.
 */
struct gles *gles_open(int fd, uint32_t w, uint32_t h, int scanout, char *err,
		       size_t errlen)
{
	static const EGLint ctx_attr[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
	struct gles *g = calloc(1, sizeof(*g));
	EGLConfig cfg;

	if (!g) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	g->fd = fd;
	g->w = w;
	g->h = h;
	g->scanout = scanout;
	g->dpy = EGL_NO_DISPLAY;
	g->gbm = gbm_create_device(fd);
	if (g->gbm)
		g->surf = gbm_surface_create(g->gbm, w, h, GBM_FORMAT_XRGB8888,
					     GBM_BO_USE_RENDERING |
					     (scanout ? GBM_BO_USE_SCANOUT : 0));
	if (!g->surf) {
		snprintf(err, errlen, "GBM: no %ux%u surface on this device (try --cpu)", w, h);
		goto fail;
	}
	g->dpy = eglGetPlatformDisplay(EGL_PLATFORM_GBM_KHR, g->gbm, NULL);
	if (g->dpy == EGL_NO_DISPLAY || !eglInitialize(g->dpy, NULL, NULL) ||
	    !eglBindAPI(EGL_OPENGL_ES_API) || gles_config(g, &cfg)) {
		snprintf(err, errlen, "EGL: no GLES2 display with an XRGB8888 config (try --cpu)");
		goto fail;
	}
	g->ctx = eglCreateContext(g->dpy, cfg, EGL_NO_CONTEXT, ctx_attr);
	g->egl = g->ctx ? eglCreateWindowSurface(g->dpy, cfg,
						 (EGLNativeWindowType)g->surf, NULL) :
		EGL_NO_SURFACE;
	if (g->egl == EGL_NO_SURFACE || !eglMakeCurrent(g->dpy, g->egl, g->egl, g->ctx)) {
		snprintf(err, errlen, "EGL: cannot make a GLES2 context current (0x%x)",
			 eglGetError());
		goto fail;
	}
	if (gles_program(g, err, errlen))
		goto fail;
	return g;
fail:
	gles_close(g);
	return NULL;
}

/**
 * gles_frame() - draw a frame of @loops loops a pixel and wait for it
 * @g: the context
 * @loops: the work
 * @done_ns: the time the fence signalled
 * @err: the message on failure
 * @errlen: its size
 *
 * Return: 0, or -1 with @err set.
 */
int gles_frame(struct gles *g, uint64_t loops, uint64_t *done_ns, char *err,
	       size_t errlen)
{
	EGLSync s;
	EGLint r;

	glClear(GL_COLOR_BUFFER_BIT);
	do {
		uint64_t n = loops > GLES_PASS_LOOPS ? GLES_PASS_LOOPS : loops;

		glUniform1f(g->n_at, (GLfloat)n);
		glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
		loops -= n;
	} while (loops);
	s = eglCreateSync(g->dpy, EGL_SYNC_FENCE, NULL);
	if (s == EGL_NO_SYNC) {
		snprintf(err, errlen, "EGL: no fence (0x%x)", eglGetError());
		return -1;
	}
	r = eglClientWaitSync(g->dpy, s, EGL_SYNC_FLUSH_COMMANDS_BIT, EGL_FOREVER);
	*done_ns = gles_now_ns();
	eglDestroySync(g->dpy, s);
	if (r != EGL_CONDITION_SATISFIED) {
		snprintf(err, errlen, "EGL: fence wait failed (0x%x)", eglGetError());
		return -1;
	}
	return 0;
}

/* The time of one loop over the whole surface: the fastest of a few. */
double gles_unit_ns(struct gles *g)
{
	char err[160];
	uint64_t best = UINT64_MAX, done;

	for (int i = 0; i < GLES_CAL_ROUNDS; i++) {
		uint64_t t0 = gles_now_ns();

		if (gles_frame(g, GLES_CAL_LOOPS, &done, err, sizeof(err)))
			return 0;
		best = done - t0 < best ? done - t0 : best;
	}
	return (double)best / GLES_CAL_LOOPS;
}

static void gles_fb_free(struct gbm_bo *bo, void *data)
{
	uint32_t fb = (uint32_t)(uintptr_t)data;

	if (fb)
		drmModeRmFB(gbm_device_get_fd(gbm_bo_get_device(bo)), fb);
}

/**
 * gles_present() - swap, and the framebuffer of the frame just drawn
 * @g: the context
 * @fb: that framebuffer, 0 when not @scanout
 * @err: the message on failure
 * @errlen: its size
 *
 * The buffer shown before is handed back to GBM: the caller flips to
 * @fb and waits for the flip before it draws again, so nothing draws
 * into a buffer on the screen.
 *
 * Return: 0, or -1 with @err set.
 */
int gles_present(struct gles *g, uint32_t *fb, char *err, size_t errlen)
{
	struct gbm_bo *bo;
	uint32_t id = 0;

	if (!eglSwapBuffers(g->dpy, g->egl) || !(bo = gbm_surface_lock_front_buffer(g->surf))) {
		snprintf(err, errlen, "EGL: swap failed (0x%x)", eglGetError());
		return -1;
	}
	if (g->scanout) {
		/* GBM reuses its few buffers: each gets its framebuffer once */
		id = (uint32_t)(uintptr_t)gbm_bo_get_user_data(bo);
		if (!id) {
			if (drmModeAddFB(g->fd, g->w, g->h, 24, 32, gbm_bo_get_stride(bo),
					 gbm_bo_get_handle(bo).u32, &id)) {
				gbm_surface_release_buffer(g->surf, bo);
				snprintf(err, errlen, "cannot make a framebuffer of a GBM buffer");
				return -1;
			}
			gbm_bo_set_user_data(bo, (void *)(uintptr_t)id, gles_fb_free);
		}
	}
	if (g->shown)
		gbm_surface_release_buffer(g->surf, g->shown);
	g->shown = bo;
	*fb = id;
	return 0;
}

void gles_close(struct gles *g)
{
	if (!g)
		return;
	if (g->dpy != EGL_NO_DISPLAY) {
		eglMakeCurrent(g->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
		if (g->egl != EGL_NO_SURFACE)
			eglDestroySurface(g->dpy, g->egl);
		if (g->ctx != EGL_NO_CONTEXT)
			eglDestroyContext(g->dpy, g->ctx);
		eglTerminate(g->dpy);
	}
	if (g->shown)
		gbm_surface_release_buffer(g->surf, g->shown);
	if (g->surf)
		gbm_surface_destroy(g->surf);
	if (g->gbm)
		gbm_device_destroy(g->gbm);
	free(g);
}
