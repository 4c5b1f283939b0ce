// SPDX-License-Identifier: GPL-2.0
/*
 * memsys.c - one L1 miss (load) or store through the memory domain.
 *
 * A request leaves the SM at t, crosses the interconnect (icnt_lat), waits
 * for its L2 bank (FIFO, l2_service per access) and looks up the tags
 * (l2_lat).  A load miss then waits for its DRAM channel (FIFO,
 * dram_service per line) and takes dram_lat; it fills the L2, and a dirty
 * victim costs its channel one more transfer.  The L2 is write-back with
 * write-allocate: a store is acknowledged after the L2, except that a
 * store whose fill evicts a dirty line waits for that write-back (the L2
 * has nowhere to put it), which is how a store flood backs up into the
 * SMs' store queues.  Requests are served in the order the SMs issue them.
 */
#include "cache.h"
#include "memsys.h"

void memsys_init(struct memsys *m, const struct sim_gpu_desc *g)
{
	u32 i;

	m->l2_txn = m->l2_hits = m->dram_txn = 0;
	for (i = 0; i < SIM_MAX_BANKS; i++)
		m->bank_free[i] = m->chan_free[i] = 0;
	cache_clear(m->l2, &g->l2);
	memsys_set_clock(m, g->mem_khz[0]);
}

void memsys_set_clock(struct memsys *m, u32 mem_khz)
{
	m->tm_fs = 1000000000000ULL / mem_khz;
}

/* FIFO server: start at max(arrival, free), busy for @svc. */
static u64 serve(u64 *free_at, u64 arrive, u64 svc)
{
	u64 start = arrive > *free_at ? arrive : *free_at;

	*free_at = start + svc;
	return start;
}

/**
 * memsys_access() - send one line request into the memory domain
 * @line: line address
 * @t_fs: time it leaves the SM
 * @write: store (1) or load (0)
 * Return: time the data (load) or the acknowledgement (store) is back at
 * the SM.
 */
u64 memsys_access(struct memsys *m, const struct sim_gpu_desc *g, u64 line,
		  u64 t_fs, int write)
{
	const u64 tm = m->tm_fs;
	const struct cache_geom *geom = &g->l2;
	u64 t, miss_at, victim, wb_done = 0;

	t = serve(&m->bank_free[sim_mod(&g->banks, line)], t_fs + g->icnt_lat * tm,
		  g->l2_service * tm) + g->l2_lat * tm;
	m->l2_txn++;
	if (cache_access(m->l2, geom, line, write)) {
		m->l2_hits++;
		return t + g->icnt_lat * tm;
	}
	/* The miss reaches the memory controller at @miss_at; a dirty victim
	 * is queued for write-back then too, behind the read. */
	miss_at = t;
	if (!write) {
		t = serve(&m->chan_free[sim_mod(&g->channels, line)], miss_at,
			  g->dram_service * tm) + g->dram_lat * tm;
		m->dram_txn++;
	}
	victim = cache_fill(m->l2, geom, line, write);
	if (victim != CACHE_EMPTY && (victim & CACHE_DIRTY)) {
		victim &= ~CACHE_DIRTY;
		wb_done = serve(&m->chan_free[sim_mod(&g->channels, victim)],
				miss_at, g->dram_service * tm) +
			  g->dram_service * tm;
		m->dram_txn++;
	}
	if (write && wb_done > t)
		t = wb_done;
	return t + g->icnt_lat * tm;
}
