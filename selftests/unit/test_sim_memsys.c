// SPDX-License-Identifier: GPL-2.0
/*
 * test_sim_memsys.c - the memory domain's realism knobs, worked by hand
 * (docs/simulator.md, "Realism knobs"): requests sent straight into
 * memsys_access() on fermi-15sm-l2core, whose interconnect and L2 are on
 * the core clock (23 core cycles each way, 38 of L2 pipeline, a bank
 * busy one core cycle per access) and whose DRAM channels have 16 banks
 * with rows of 32 lines and tRP = tRCD = 12 memory cycles.  Lines go to
 * channel line mod 6 and L2 bank line mod 6; in a channel, c = line / 6
 * fills a row of bank (c / 32) mod 16, row c / 512.
 *  - a cold miss to a closed bank costs 2 x 23 + 38 core cycles and
 *    tRCD + dram_lat memory cycles;
 *  - the next line of the same row (line 6) finds it open: no tRCD, but
 *    it queues behind the first on the channel's bus and in its bank;
 *  - another row of the same bank (line 3072) pays tRP + tRCD after the
 *    bank is free: a bank conflict;
 *  - another bank of the same channel (line 192) opens its row in
 *    parallel, without waiting for the conflict;
 *  - only the core-clock part moves with the core period; on fermi-15sm
 *    (no such part, no rows) the core period changes nothing.
 */
#include "tap.h"
#include "memsys.h"

#define FERMI "tools/sim/gpus/fermi-15sm.gpu"
#define L2CORE "tools/sim/gpus/fermi-15sm-l2core.gpu"

static struct sim_gpu_desc gpu;
static struct memsys mem;

static void test_rows(u64 tc, u64 tm)
{
	u64 t0, t6, t3072, t192;
	struct mem_parts c0, c6, c3072, c192;

	memsys_init(&mem, &gpu);
	t0 = memsys_access(&mem, &gpu, 0, 0, tc, 0, &c0);
	t6 = memsys_access(&mem, &gpu, 6, 0, tc, 0, &c6);
	t3072 = memsys_access(&mem, &gpu, 3072, 0, tc, 0, &c3072);
	t192 = memsys_access(&mem, &gpu, 192, 0, tc, 0, &c192);
	tap_ok(t0 == 84 * tc + 212 * tm,
	       "cold miss, closed bank: 84 core + (12 + 200) memory cycles");
	/* L2 bank 0 free at 24 tc; bus and DRAM bank free at 61 tc + 16 tm */
	tap_ok(t6 == 84 * tc + 216 * tm,
	       "same row: a row hit, behind the first on bus and bank");
	/* bank 0 free at 61 tc + 20 tm, then precharge and activate */
	tap_ok(t3072 == 84 * tc + 244 * tm,
	       "same bank, other row: tRP + tRCD after the bank is free");
	/* L2 bank free at 26 tc; DRAM bank 1 is closed and idle */
	tap_ok(t192 == 87 * tc + 212 * tm,
	       "other bank: its activation does not wait for the conflict");
	tap_ok(mem.row_hits == 1 && mem.row_conflicts == 1 &&
	       mem.dram_txn == 4, "1 row hit, 1 bank conflict, 4 DRAM reads");
	/* 2 x 23 + 38 core cycles, and each wait for the L2 bank */
	tap_ok(c0.core_fs == 84 * tc && c6.core_fs == 85 * tc &&
	       c3072.core_fs == 86 * tc && c192.core_fs == 87 * tc,
	       "core-domain part: 84 core cycles plus the L2 bank's queue");
	/* line 6 reaches DRAM at 62 tc, its bank busy with the first until
	 * 61 tc + 16 tm; line 192's bank is idle */
	tap_ok(!c0.wait_fs && c6.wait_fs == 16 * tm - tc && !c192.wait_fs,
	       "memory-domain queueing: none alone, the bank behind the first (%llu %llu %llu fs)",
	       (unsigned long long)c0.wait_fs, (unsigned long long)c6.wait_fs,
	       (unsigned long long)c192.wait_fs);
}

int main(void)
{
	const u64 tm = 1000000000000ULL / 924000;	/* 924 MHz */
	const u64 tc7 = 1000000000000ULL / 700000;	/* 700 MHz */
	const u64 tc1 = 1000000000000ULL / 100000;	/* 100 MHz */
	char err[SIM_ERR_MAX];
	u64 a, b;
	struct mem_parts core;

	if (!tap_ok(!sim_gpu_load(&gpu, L2CORE, err), "%s loads", L2CORE)) {
		tap_diag("%s", err);
		return tap_done("sim_memsys");
	}
	test_rows(tc7, tm);
	test_rows(tc1, tm);

	memsys_init(&mem, &gpu);
	a = memsys_access(&mem, &gpu, 0, 0, tc7, 0, &core);
	memsys_init(&mem, &gpu);
	b = memsys_access(&mem, &gpu, 0, 0, tc1, 0, &core);
	tap_ok(b - a == 84 * (tc1 - tc7),
	       "the core-clock part scales with the core period alone");

	if (!tap_ok(!sim_gpu_load(&gpu, FERMI, err), "%s loads", FERMI)) {
		tap_diag("%s", err);
		return tap_done("sim_memsys");
	}
	tap_ok(!gpu.icnt_core_lat && !gpu.l2_core_lat &&
	       !gpu.l2_core_service && !gpu.dram_banks &&
	       gpu.dram_row_lines == 32,
	       "optional keys left out: no core part, no rows (defaults)");
	memsys_init(&mem, &gpu);
	a = memsys_access(&mem, &gpu, 0, 0, tc7, 0, &core);
	memsys_init(&mem, &gpu);
	b = memsys_access(&mem, &gpu, 0, 0, tc1, 0, &core);
	tap_ok(a == b && a == (30 + 50 + 200 + 30) * tm && !mem.row_hits,
	       "fermi-15sm: a cold miss is 310 memory cycles at any core "
	       "clock, no row accounting");
	tap_ok(!core.core_fs && !core.wait_fs,
	       "fermi-15sm: no core-domain part past the L1, no queueing alone");
	return tap_done("sim_memsys");
}
