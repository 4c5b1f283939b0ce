// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_fixed.c - libFuzzer target: predictors/' fixed-point helpers
 * (gpugov_fixed.[ch]) and the userspace shim's division and min/max
 * helpers (gpugov_shim.h), against unsigned __int128 arithmetic.
 *
 * Each helper's documented result is exact: the floor of the true value,
 * saturated at U64_MAX (or the helper's @max), with its documented value
 * for a zero divisor.  Each operation of the input is compared for exact
 * equality; operands are biased to the edges (fuzz_edgy_u64()).
 */
#include "fuzz_util.h"
#include "gpugov_fixed.h"

typedef unsigned __int128 u128;

static u64 sat(u128 v)
{
	return v > U64_MAX ? U64_MAX : (u64)v;
}

/* floor(a * b / c), saturated; c == 0: U64_MAX, or 0 for a zero product */
static u64 ref_mul_div(u64 a, u64 b, u64 c)
{
	u128 p = (u128)a * b;

	if (!c)
		return p ? U64_MAX : 0;
	return sat(p / c);
}

static u64 ref_div_shl(u64 num, u64 den, u32 shift)
{
	if (!den)
		return num ? U64_MAX : 0;
	return sat(((u128)num << shift) / den);
}

static u64 ref_ratio(u64 num, u64 den, u32 shift, u64 max)
{
	u64 v = den ? ref_div_shl(num, den, shift) :
		num ? max : 1ULL << shift;

	return v < max ? v : max;
}

static void check_op(u8 op, u64 a, u64 b, u64 c)
{
	u32 b32 = (u32)b, c32 = (u32)c, sh = (u32)c & 63, rem;

	switch (op % 14) {
	case 0:
		FUZZ_CHECK(gpugov_mul_shr64(a, b, sh) ==
			   sat(((u128)a * b) >> sh));
		break;
	case 1:
		FUZZ_CHECK(gpugov_mul_div64(a, b, c) == ref_mul_div(a, b, c));
		break;
	case 2:	/* gpugov_scale_ps() is gpugov_mul_div() by name */
		FUZZ_CHECK(gpugov_mul_div(a, b32, c32) ==
			   ref_mul_div(a, b32, c32));
		FUZZ_CHECK(gpugov_scale_ps(a, b32, c32) ==
			   ref_mul_div(a, b32, c32));
		break;
	case 3:
		FUZZ_CHECK(gpugov_div_shl(a, b, sh) == ref_div_shl(a, b, sh));
		break;
	case 4:	/* @shift: at most 32 */
		FUZZ_CHECK(gpugov_ratio_fixed(a, b, sh % 33, c) ==
			   ref_ratio(a, b, sh % 33, c));
		break;
	case 5:
		FUZZ_CHECK(gpugov_ratio_q16(a, b) ==
			   ref_ratio(a, b, GPUGOV_Q16_SHIFT, GPUGOV_RATIO_MAX));
		break;
	case 6:
		FUZZ_CHECK(gpugov_sat_add(a, b) == sat((u128)a + b));
		break;
	case 7:
		FUZZ_CHECK(gpugov_mul_q16(a, b) ==
			   ref_mul_div(a, b < U32_MAX ? b : U32_MAX,
				       GPUGOV_Q16_ONE));
		break;
	case 8:
		FUZZ_CHECK(gpugov_cyc_to_ps(a, b32) ==
			   ref_mul_div(a, GPUGOV_PS_PER_S_KHZ, b32));
		FUZZ_CHECK(gpugov_ps_to_cyc(a, b32) ==
			   ref_mul_div(a, b32, GPUGOV_PS_PER_S_KHZ));
		break;
	case 9:
		if (b)
			FUZZ_CHECK(div64_u64(a, b) == (u64)((u128)a / b));
		break;
	case 10:
		if (b32) {
			FUZZ_CHECK(div_u64_rem(a, b32, &rem) == a / b32);
			FUZZ_CHECK(rem == a % b32);
			FUZZ_CHECK(div_u64(a, b32) == a / b32);
		}
		break;
	case 11:
		if (b && !((s64)a == -S64_MAX - 1 && (s64)b == -1))
			FUZZ_CHECK(div64_s64((s64)a, (s64)b) ==
				   (s64)a / (s64)b);
		break;
	case 12:
		FUZZ_CHECK(min_t(u64, a, b) == (a < b ? a : b));
		FUZZ_CHECK(max_t(u64, a, b) == (a > b ? a : b));
		FUZZ_CHECK(min_t(u32, a, b) == ((u32)a < b32 ? (u32)a : b32));
		break;
	default:
		if (b <= c)
			FUZZ_CHECK(clamp_t(u64, a, b, c) ==
				   (a < b ? b : a > c ? c : a));
		break;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_bytes bytes = { data, size };

	while (bytes.left) {
		u8 op = fuzz_u8(&bytes);
		u64 a = fuzz_edgy_u64(&bytes);
		u64 b = fuzz_edgy_u64(&bytes);
		u64 c = fuzz_edgy_u64(&bytes);

		check_op(op, a, b, c);
	}
	return 0;
}
