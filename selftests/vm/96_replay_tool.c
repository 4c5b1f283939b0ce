// SPDX-License-Identifier: GPL-2.0
/*
 * 96_replay_tool.c - the OPP sequence gpugov chooses in the kernel for a
 * sim trace equals, bit for bit, the one `gpugov-replay run` computed on
 * the host for the same trace and tunables.
 *
 * The host (selftests/vm/mkexpect.sh) put one file per configuration in
 * /data/expect, named TRACE__PREDICTOR__OBJECTIVE__SLOWDOWN__HYSTERESIS.seq
 * with one OPP index per segment, starting at OPP 0; TRACE.blob in /data
 * is the same sweep as gpugov_sim replays it.  A name ending in __stock is
 * `gpugov-replay run --stock`'s, checked with the sim device's counter
 * source unregistered (busy/total only).
 */
#include <dirent.h>

#include "simrun.h"

#define EXPECT_DIR	DATA_DIR "/expect"
#define MAX_SEGS	65536

static unsigned char kern[MAX_SEGS], want[MAX_SEGS];

static int read_seq(const char *path, unsigned char *seq)
{
	static char buf[MAX_SEGS * 4];
	char *line, *save;
	int n = 0;

	if (vt_read(path, buf, sizeof(buf)) <= 0)
		return -1;
	for (line = strtok_r(buf, "\n", &save); line && n < MAX_SEGS;
	     line = strtok_r(NULL, "\n", &save))
		seq[n++] = (unsigned char)atoi(line);
	return n;
}

static void check(const char *file)
{
	char name[256], trace[64], pred[64], obj[64], path[512], blob[512];
	char tail[16];
	unsigned int slow, hyst, i;
	struct config c = { 0 };
	bool stock;
	int n, err;

	snprintf(name, sizeof(name), "%s", file);
	for (i = 0; name[i]; i++)
		if (name[i] == '_' && name[i + 1] == '_')
			name[i] = name[i + 1] = ' ';
	/* HYST is followed by ".seq", or by "__stock.seq" (now " stock.seq") */
	if (sscanf(name, "%63s %63s %63s %u %u%15s", trace, pred, obj, &slow,
		   &hyst, tail) != 6 ||
	    (strcmp(tail, ".seq") && strcmp(tail, "stock.seq"))) {
		vt_ok(0, "%s: file name parses", file);
		return;
	}
	stock = !strcmp(tail, "stock.seq");
	snprintf(path, sizeof(path), EXPECT_DIR "/%s", file);
	snprintf(blob, sizeof(blob), DATA_DIR "/%s.blob", trace);
	n = read_seq(path, want);
	c.predictor = pred;
	c.objective = obj;
	c.max_slowdown = slow;
	c.hysteresis = hyst;
	err = n <= 0 || (stock && vt_write_str(vt_simdbg(0, "stock"), "1"));
	err = err || kernel_run(blob, &c, kern, n);
	if (stock && vt_write_str(vt_simdbg(0, "stock"), "0"))
		err = 1;
	if (err) {
		vt_ok(0, "%s: kernel run of %d segments", file, n);
		return;
	}
	for (i = 0; i < (unsigned int)n && kern[i] == want[i]; i++)
		;
	vt_ok(i == (unsigned int)n && kern[0] == 0,
	      "%s %s/%s slowdown %u hysteresis %u%s: kernel = gpugov-replay run%s over %d segments",
	      trace, pred, obj, slow, hyst, stock ? " on a stock device" : "",
	      stock ? " --stock" : "", n);
	if (i < (unsigned int)n)
		vt_diag("segment %u: kernel OPP %u, gpugov-replay OPP %u", i,
			kern[i], want[i]);
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int is_seq(const struct dirent *d)
{
	size_t len = strlen(d->d_name);

	return len > 4 && !strcmp(d->d_name + len - 4, ".seq");
}

int main(void)
{
	struct dirent **list;
	int n, i;

	vt_ok(!vt_setup(NULL), "modules load");
	vt_ok(!vt_write_str(vt_devfreq(0, "polling_interval"), "1"),
	      "polling every 1 ms");
	n = scandir(EXPECT_DIR, &list, is_seq, by_name);
	vt_ok(n > 0, "gpugov-replay sequences present (%d)", n);
	for (i = 0; i < n; i++) {
		check(list[i]->d_name);
		free(list[i]);
	}
	if (n > 0)
		free(list);
	vt_ok(!vt_set_governor(0, "simple_ondemand"), "back to simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
