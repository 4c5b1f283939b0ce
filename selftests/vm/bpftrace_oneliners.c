// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace_oneliners.c - the bpftrace one-liners of docs/tracing.md, as
 * printed there (the host extracts them into /data/oneliners, one per
 * line), against gpugov's tracepoints.  Each attaches, runs for a second
 * while two sim devices poll under gpugov (device 1 stock, so it falls
 * back to the busy model), exits 0 on SIGINT without an error, and prints
 * a non-empty map.  Its own guest, with bpftrace: make vmtest-bpftrace.
 */
#include "simrun.h"
#include "../../bpf/selftest_tracer.h"

#define BPFTRACE	"/usr/bin/bpftrace"
#define ONELINERS	DATA_DIR "/oneliners"

static char out[1 << 16], err[1 << 16];

/* The first lines of the printed map, as diagnostics. */
static void show_map(char *text)
{
	char *line, *save;
	int n = 0;

	for (line = strtok_r(text, "\n", &save); line && n < 6;
	     line = strtok_r(NULL, "\n", &save)) {
		if (line[0] == '@' || line[0] == '[') {
			vt_diag("  %s", line);
			n++;
		}
	}
}

static void run_one(unsigned int n, char *prog)
{
	char *argv[] = { BPFTRACE, "-e", prog, NULL };
	struct tracer t = { .pid = -1 };
	char name[16];
	bool attached;
	int st;

	snprintf(name, sizeof(name), "bt%u", n);
	attached = !tracer_spawn(&t, argv, name, false, "Attaching", 120000);
	if (attached)
		vt_sleep_ms(1000);
	st = tracer_stop(&t);
	vt_read(t.out, out, sizeof(out));
	vt_read(t.err, err, sizeof(err));
	vt_ok(attached && st == 0 && !strstr(err, "ERROR") && strstr(out, "\n@"),
	      "one-liner %u: attached %d, exit %d, a map printed", n, attached, st);
	if (st != 0 || strstr(err, "ERROR")) {
		vt_diag("%s", prog);
		vt_diag("stderr: %.300s", err);
	}
	show_map(out);
}

int main(void)
{
	static char buf[1 << 14];
	char *line, *save;
	unsigned int n = 0;

	vt_ok(!vt_setup("nr_devices=2"), "modules load, 2 devices");
	vt_ok(!vt_load_blob(0, DATA_DIR "/sweep.blob", 65536) &&
	      !vt_load_blob(1, DATA_DIR "/sweep.blob", 65536) &&
	      !vt_set_governor(0, "gpugov") && !vt_set_governor(1, "gpugov") &&
	      !vt_write_str(vt_simdbg(1, "stock"), "1") &&
	      !vt_write_str(vt_simdbg(0, "loop"), "1") &&
	      !vt_write_str(vt_simdbg(1, "loop"), "1") &&
	      !vt_write_str(vt_simdbg(0, "run"), "1") &&
	      !vt_write_str(vt_simdbg(1, "run"), "1"),
	      "both devices replay under gpugov, device 1 stock");
	if (vt_read(ONELINERS, buf, sizeof(buf)) <= 0)
		vt_ok(0, "%s read", ONELINERS);
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		run_one(n++, line);
	vt_ok(n > 0, "%u one-liners", n);
	vt_ok(!vt_set_governor(0, "simple_ondemand") &&
	      !vt_set_governor(1, "simple_ondemand"), "back to simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
