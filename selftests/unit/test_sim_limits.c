// SPDX-License-Identifier: GPL-2.0
/*
 * test_sim_limits.c - the simulator's description files at and beyond
 * their limits.  Each value that does not fit is refused with the file
 * and line, never wrapped, truncated or cast out of range:
 *  - `run` counts whose sum with the launches so far passes 512 (the sum
 *    once wrapped at 32 bits and the launches overran their array);
 *  - grids that --scale makes larger than 2^32 - 1 warps, and scales
 *    that are not finite numbers > 0 (a float-to-u32 cast out of range);
 *  - nan, inf and too large energy coefficients in a .gpu, and coefficients
 *    whose OPP power does not fit the u32 power_uw;
 *  - the optional realism keys (core-clock part of the L2/interconnect,
 *    DRAM rows) out of their ranges, negative or not numbers;
 *  - sizes whose k/m/g suffix shifts bits out of 64, and a '+' sign;
 *  - a loop of 0..2^32 - 1 trips, whose range once wrapped to a modulus
 *    of 0 in the simulator (SIGFPE);
 *  - an error in a file `use`d through a path of 3800 characters: the
 *    message keeps its file name, line and text inside the buffer (the
 *    path once pushed the message past the end of it).
 * Runs from the top of the tree (make check).
 */
#include <math.h>

#include "fixture.h"
#include "tap.h"
#include "gpu.h"

#define FERMI "tools/sim/gpus/fermi-15sm.gpu"

static const char one_kernel[] =
	"kernel k\ngrid 3\nblock 64\ncode\nalu r1 r2\nendkernel\n";

static struct sim_workload wl;
static struct sim_gpu_desc gpu;
static char err[SIM_ERR_MAX];

/* Load @kernel then @runs as a workload at @scale; 0 or -1 (err). */
static int load_wl(const char *runs, double scale)
{
	char text[512];
	const char *path;

	snprintf(text, sizeof(text), "%s%s", one_kernel, runs);
	path = fx_write("w.wl", text);
	if (!path)
		return -1;
	err[0] = '\0';
	return sim_workload_load(&wl, path, scale, err);
}

static int refused(int rc, const char *want)
{
	if (!rc)
		tap_diag("accepted");
	else if (!strstr(err, want))
		tap_diag("%s", err);
	return rc && strstr(err, want);
}

/* Each check of the launch count runs in a child: the old code crashed. */
static int launches_wrap(void)
{
	return refused(load_wl("run k\nrun k 4294967295\n", 1.0),
		       "w.wl:8: 4294967295 more launches after 1: more than 512");
}

static int launches_one_over(void)
{
	return refused(load_wl("run k\nrun k 512\n", 1.0), "w.wl:8:");
}

/* The widest loop range, 0..2^32 - 1: its 2^32 values once wrapped to 0. */
static int widest_loop(void)
{
	static const char text[] = "kernel k\ngrid 1\nblock 32\ncode\n"
		"loop 0 4294967295\nalu r1 r2\nendloop\nendkernel\nrun k\n";
	const char *path = fx_write("loop.wl", text);
	struct sim_state *st = sim_state_alloc();
	struct sim x;
	int ok;

	if (!path || !st || sim_gpu_load(&gpu, FERMI, err) ||
	    sim_workload_load(&wl, path, 1.0, err)) {
		printf("# %s\n", err);
		free(st);
		return 0;
	}
	sim_init(&x, &gpu, &wl, st, 1);
	ok = !sim_run(&x, 1000, SIM_INF, SIM_NO_LAUNCH, err) &&
	     st->insts >= 1000;
	free(st);
	return ok;
}

static void test_launches(void)
{
	tap_ok(fx_in_child(launches_wrap),
	       "run count that wraps the 32-bit sum refused with file:line");
	tap_ok(fx_in_child(launches_one_over), "513 launches in all refused");
	tap_ok(!load_wl("run k\nrun k 511\n", 1.0) && wl.nlaunch == 512,
	       "512 launches in all accepted");
}

static void test_scale(void)
{
	static const double bad[] = { NAN, INFINITY, 0, -1 };
	u32 i;
	int rc;

	tap_ok(refused(load_wl("run k\n", 1e12), "w.wl:6: kernel 'k': grid 3"),
	       "--scale 1e12: the grid of 3e12 blocks refused at its endkernel");
	/* 2^31 blocks of 2 warps is 2^32 warps, one too many */
	tap_ok(refused(load_wl("run k\n", 2147483648.0 / 3), "more than"),
	       "2^32 warps in a grid refused");
	rc = load_wl("run k\n", 2147483647.0 / 3);
	tap_ok(!rc && wl.kern[0].blocks == 2147483647U,
	       "2^32 - 2 warps accepted (%u blocks)", wl.kern[0].blocks);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		tap_ok(refused(load_wl("run k\n", bad[i]), "grid scale"),
		       "scale %g refused", bad[i]);
	tap_ok(!load_wl("run k\n", 0.1) && wl.kern[0].blocks == 1,
	       "a scale that rounds a grid to 0 leaves 1 block");
}

/*
 * The shipped fermi description with the line that starts with @key
 * replaced by @line, as "g.gpu"; *@lineno is that line's number.
 * Returns sim_gpu_load()'s result.
 */
static int load_gpu_with(const char *key, const char *line, u32 *lineno)
{
	static char text[8192];
	char buf[256];
	size_t n = 0;
	const char *path;
	FILE *f = fopen(FERMI, "r");
	u32 no = 0;

	*lineno = 0;
	if (!f)
		return -1;
	while (fgets(buf, sizeof(buf), f) && n < sizeof(text) - 256) {
		no++;
		if (!strncmp(buf, key, strlen(key)) && buf[strlen(key)] == ' ') {
			*lineno = no;
			n += snprintf(text + n, sizeof(text) - n, "%s\n", line);
		} else {
			n += snprintf(text + n, sizeof(text) - n, "%s", buf);
		}
	}
	fclose(f);
	path = fx_write("g.gpu", text);
	if (!path || !*lineno)
		return -1;
	err[0] = '\0';
	return sim_gpu_load(&gpu, path, err);
}

static void test_gpu_values(void)
{
	static const struct {
		const char *key, *line, *what;
	} bad[] = {
		{ "power.static_uw", "power.static_uw nan", "nan power" },
		{ "power.static_uw", "power.static_uw -inf", "-inf power" },
		{ "power.alu_pj", "power.alu_pj inf", "inf energy" },
		{ "power.alu_pj", "power.alu_pj 1e300", "energy beyond 1 uJ" },
		{ "power.uncore_uw", "power.uncore_uw 5e9", "power beyond u32" },
		{ "l2_lat", "l2_lat 18014398509481985k",
		  "size whose k suffix wraps 64 bits" },
		{ "l2_lat", "l2_lat 17179869184g", "size whose g suffix wraps" },
		{ "l2_lat", "l2_lat +50", "'+' sign" },
		{ "l2_lat", "l2_lat 0x32", "hex" },
	};
	char want[64];
	u32 i, line;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int rc = load_gpu_with(bad[i].key, bad[i].line, &line);

		snprintf(want, sizeof(want), "g.gpu:%u: ", line);
		tap_ok(line && refused(rc, want), "%s refused with file:line",
		       bad[i].what);
	}
	tap_ok(!load_gpu_with("l2_lat", "l2_lat 1k", &line) &&
	       gpu.l2_lat == 1024, "a k suffix still multiplies by 1024");
	/* every term fits alone, but not the top OPP's sum */
	tap_ok(refused(load_gpu_with("power.uncore_uw", "power.uncore_uw 4294967295",
				     &line), "core-opp 100000 kHz: modelled power"),
	       "an OPP whose modelled power passes the u32 refused");
	tap_ok(!load_gpu_with("power.uncore_uw", "power.uncore_uw 0", &line),
	       "the shipped description with another valid value loads");
}

/*
 * The optional keys, added after fermi-15sm's dram_service line (so the
 * bad line is the one after it).
 */
static void test_gpu_optional(void)
{
	static const char *const bad[] = {
		"icnt_core_lat 10001", "l2_core_lat 10001",
		"l2_core_service 1001", "dram_banks 33", "dram_row_lines 0",
		"dram_row_lines 1025", "dram_trp 1001", "dram_trcd 1001",
		"dram_banks -1", "dram_trcd nan", "dram_trp 4294967296",
		"dram_banks 16 16",
	};
	char text[64], want[64];
	u32 i, line;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int rc;

		snprintf(text, sizeof(text), "dram_service 4\n%s", bad[i]);
		rc = load_gpu_with("dram_service", text, &line);
		snprintf(want, sizeof(want), "g.gpu:%u: ", line + 1);
		tap_ok(line && refused(rc, want), "'%s' refused with file:line",
		       bad[i]);
	}
	tap_ok(!load_gpu_with("dram_service", "dram_service 4\ndram_banks 32\n"
			      "dram_row_lines 1024\ndram_trp 1000\n"
			      "icnt_core_lat 10000\nl2_core_service 0", &line) &&
	       gpu.dram_banks == 32 && gpu.dram_row_lines == 1024 &&
	       gpu.dram_trp == 1000 && gpu.icnt_core_lat == 10000,
	       "the optional keys at their limits load");
	tap_ok(!load_gpu_with("l2_service", "l2_service 0", &line) &&
	       !gpu.l2_service, "an L2 with no memory-clock service time loads");
}

/*
 * A file used by a path of 3800 characters, with an error on its line 1:
 * the message must stay in the buffer with the used file's name, line and
 * text, and this file's.
 */
static int long_use_path(void)
{
	static struct {
		char err[SIM_ERR_MAX];
		char guard[4096];
	} b;
	static char path[FX_PATH_MAX], text[FX_PATH_MAX + 64];
	const char *top;
	int ok;

	fx_guard_set(b.guard, sizeof(b.guard));
	if (!fx_write("broken.wl", "kernel\n"))
		return 0;
	/* relative to the using file, which is in the same directory */
	fx_long_path("broken.wl", 3800, path);
	snprintf(text, sizeof(text), "use %s\nrun k\n", path + strlen(fx_dir) + 1);
	top = fx_write("top.wl", text);
	if (!top || !sim_workload_load(&wl, top, 1.0, b.err))
		return 0;
	ok = fx_guard_ok(b.guard, sizeof(b.guard)) &&
	     strlen(b.err) < SIM_ERR_MAX &&
	     strstr(b.err, "top.wl:1: in used file: ") &&
	     strstr(b.err, "broken.wl:1: kernel needs one short name");
	if (!ok)
		printf("# %.*s\n", SIM_ERR_MAX, b.err);
	return ok;
}

int main(void)
{
	if (!tap_ok(!fx_init(), "scratch directory"))
		return tap_done("sim_limits");
	test_launches();
	test_scale();
	test_gpu_values();
	test_gpu_optional();
	tap_ok(fx_in_child(widest_loop),
	       "a loop of 0..2^32 - 1 trips runs (its range does not wrap)");
	tap_ok(fx_in_child(long_use_path),
	       "error in a file used by a 3800-character path: file, line and "
	       "message kept in the buffer");
	fx_done();
	return tap_done("sim_limits");
}
