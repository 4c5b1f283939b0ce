// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_gpu.c - libFuzzer target: gpugov-sim's .gpu description parser
 * (tools/sim/gpu_desc.c, sim_parse.c; keys in docs/simulator.md).
 *
 * The input is a GPU description.  One the parser accepts is turned into
 * the devfreq OPP table gpugov-sim writes into every trace header, which
 * must then be a table the trace reader accepts: (core, mem) ascending,
 * power on all OPPs or on none.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_sim_input.h"
#include "gpu_desc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_opts o;
	char *path = fuzz_sim_file(data, size, "in.gpu", &o);
	struct gpugov_opp_table t;
	struct sim_gpu_desc *g;
	char *err;

	if (!path)
		return 0;
	g = malloc(sizeof(*g));
	err = fuzz_sim_err_buf();
	if (!g)
		abort();
	if (!sim_gpu_load(g, path, err)) {
		FUZZ_CHECK(g->nr_core >= 1 && g->nr_core <= SIM_MAX_CORE_OPP);
		FUZZ_CHECK(g->nr_mem >= 1 && g->nr_mem <= SIM_MAX_MEM_OPP);
		sim_gpu_opp_table(g, &t);
		FUZZ_CHECK(t.nr == g->nr_core * g->nr_mem);
		FUZZ_CHECK(!gpugov_opp_table_check(&t));
	} else {
		FUZZ_CHECK(err[0] && memchr(err, '\0', SIM_ERR_MAX));
	}
	free(err);
	free(g);
	free(path);
	return 0;
}
