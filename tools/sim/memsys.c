// SPDX-License-Identifier: GPL-2.0
/*
 * memsys.c - one L1 miss (load) or store through the memory domain.
 *
 * A request leaves the SM at t, crosses the interconnect (icnt_lat), waits
 * for its L2 bank (FIFO, l2_service per access) and looks up the tags
 * (l2_lat).  A load miss then goes to its DRAM channel (the data bus
 * moves one line per dram_service; with row buffers its bank first opens
 * the row) and takes dram_lat; it fills the L2, and a dirty victim costs
 * its channel one more transfer.  The L2 is write-back with
 * write-allocate: a store is acknowledged after the L2, except that a
 * store whose fill evicts a dirty line waits for that write-back (the L2
 * has nowhere to put it), which is how a store flood backs up into the
 * SMs' store queues.  Requests are served in the order the SMs issue them.
 *
 * The interconnect and L2 may also have a part in the core clock domain
 * (icnt_core_lat, l2_core_lat, l2_core_service, in core cycles of the
 * requesting SM's clock, @tc_fs): on GPUs whose crossbar and L2 run on
 * the core clock that part of every miss scales with it.
 */
#include <string.h>

#include "cache.h"
#include "memsys.h"

void memsys_init(struct memsys *m, const struct sim_gpu_desc *g)
{
	u32 i;

	m->l2_txn = m->l2_hits = m->dram_txn = 0;
	m->row_hits = m->row_conflicts = 0;
	for (i = 0; i < SIM_MAX_BANKS; i++)
		m->bank_free[i] = m->chan_free[i] = 0;
	memset(m->row_open, 0, sizeof(m->row_open));
	memset(m->dbank_free, 0, sizeof(m->dbank_free));
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

/*
 * One line through its DRAM channel from @at; returns when its data moves
 * on the channel's bus.  The bus is reserved in arrival order, one line
 * per dram_service (so bandwidth saturates as before).  With row buffers
 * (dram_banks > 0; GDDR5 keeps a row open per bank) the line's bank must
 * first have the line's row open: nothing more if it is (a row hit),
 * tRCD if the bank is closed, tRP + tRCD if another row is open (a bank
 * conflict); the bank then stays busy until the data has moved, so
 * conflicting accesses to one bank serialise while other banks proceed
 * (their activations overlap the bus, as an open-page controller's do).
 * Lines interleave over channels, then fill a row of a bank, then the
 * next bank: channel = line mod channels, c = line / channels,
 * bank = (c / row_lines) mod banks, row = c / (row_lines * banks).
 * @wait: out (may be NULL), the time the line waited behind others for
 * the bus or its bank (not its own row activation)
 */
static u64 dram_xfer(struct memsys *m, const struct sim_gpu_desc *g,
		     u64 line, u64 at, u64 *wait)
{
	const u64 tm = m->tm_fs, svc = g->dram_service * tm;
	u32 ch = sim_mod(&g->channels, line), b;
	u64 slot = serve(&m->chan_free[ch], at, svc), c, row, ready, act = 0;
	u64 *open, *bfree, dummy;

	if (!wait)
		wait = &dummy;
	*wait = slot - at;
	if (!g->dram_banks)
		return slot;
	c = line / g->dram_channels;
	b = (u32)((c / g->dram_row_lines) % g->dram_banks);
	row = c / ((u64)g->dram_row_lines * g->dram_banks);
	open = &m->row_open[ch][b];
	bfree = &m->dbank_free[ch][b];
	ready = at > *bfree ? at : *bfree;
	if (*open == row + 1) {
		m->row_hits++;
	} else {
		if (*open) {
			act += g->dram_trp * tm;
			m->row_conflicts++;
		}
		act += g->dram_trcd * tm;
		*open = row + 1;
	}
	ready += act;
	if (ready < slot)
		ready = slot;
	*bfree = ready + svc;
	*wait = ready - at > act ? ready - at - act : 0;
	return ready;
}

/**
 * memsys_access() - send one line request into the memory domain
 * @line: line address
 * @t_fs: time it leaves the SM
 * @tc_fs: the requesting SM's core clock period
 * @write: store (1) or load (0)
 * @parts: out, the parts of the round trip spent in the core clock domain
 *	(the interconnect's and the L2 pipeline's core cycles, and the wait
 *	for the L2 bank in the share of its service time that is in core
 *	cycles) and waiting behind other requests in the memory domain (the
 *	rest of the L2 bank's wait; a load's wait for its DRAM channel and
 *	bank)
 * Return: time the data (load) or the acknowledgement (store) is back at
 * the SM.
 */
u64 memsys_access(struct memsys *m, const struct sim_gpu_desc *g, u64 line,
		  u64 t_fs, u64 tc_fs, int write, struct mem_parts *parts)
{
	const u64 tm = m->tm_fs;
	const u64 icnt = g->icnt_lat * tm + g->icnt_core_lat * tc_fs;
	const u64 msvc = g->l2_service * tm, csvc = g->l2_core_service * tc_fs;
	const struct cache_geom *geom = &g->l2;
	u64 t, miss_at, victim, wb_done = 0, bank_wait, core_wait, dram_wait;

	t = serve(&m->bank_free[sim_mod(&g->banks, line)], t_fs + icnt,
		  msvc + csvc);
	bank_wait = t - t_fs - icnt;
	core_wait = (u64)((double)bank_wait * (double)csvc /
			  (double)(msvc + csvc ? msvc + csvc : 1));
	parts->core_fs = (2 * g->icnt_core_lat + g->l2_core_lat) * tc_fs +
			 core_wait;
	parts->wait_fs = bank_wait - core_wait;
	t += g->l2_lat * tm + g->l2_core_lat * tc_fs;
	m->l2_txn++;
	if (cache_access(m->l2, geom, line, write)) {
		m->l2_hits++;
		return t + icnt;
	}
	/* The miss reaches the memory controller at @miss_at; a dirty victim
	 * is queued for write-back then too, behind the read. */
	miss_at = t;
	if (!write) {
		t = dram_xfer(m, g, line, miss_at, &dram_wait) +
		    g->dram_lat * tm;
		parts->wait_fs += dram_wait;
		m->dram_txn++;
	}
	victim = cache_fill(m->l2, geom, line, write);
	if (victim != CACHE_EMPTY && (victim & CACHE_DIRTY)) {
		victim &= ~CACHE_DIRTY;
		wb_done = dram_xfer(m, g, victim, miss_at, NULL) +
			  g->dram_service * tm;
		m->dram_txn++;
	}
	if (write && wb_done > t)
		t = wb_done;
	return t + icnt;
}
