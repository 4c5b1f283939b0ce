// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_trace.c - instantiates the gpugov tracepoints.
 */
#define CREATE_TRACE_POINTS
#include "gpugov_trace.h"
