/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fuzz_sim_input.h - a fuzz input as a gpugov-sim description file.
 */
#ifndef GPUGOV_FUZZ_SIM_INPUT_H
#define GPUGOV_FUZZ_SIM_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include "fuzz_util.h"

char *fuzz_sim_file(const uint8_t *data, size_t size, const char *name,
		    struct fuzz_opts *o);
char *fuzz_sim_err_buf(void);

#endif /* GPUGOV_FUZZ_SIM_INPUT_H */
