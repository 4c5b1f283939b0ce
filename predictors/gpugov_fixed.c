// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_fixed.c - overflow-safe fixed-point helpers.
 *
 * The wide helpers form products in 128 bits (gpugov_mul128()) and
 * divide 128 by 64 bits in two 32-bit digits, so they need neither a
 * 128-bit division (a library call) nor the kernel's
 * mul_u64_u64_div_u64() (which traps on x86-64 when the quotient does not
 * fit); they saturate at U64_MAX instead.
 */
#include "gpugov_fixed.h"

/*
 * floor(hi:lo / d) for hi < d (so that the quotient fits 64 bits): long
 * division in two 32-bit digits with a normalised divisor (Knuth's
 * algorithm D, as in Hacker's Delight divlu).
 */
static u64 div128(u64 hi, u64 lo, u64 d)
{
	u64 dh, dl, q1, q0, rhat, mid;
	u32 s = __builtin_clzll(d);	/* d > hi >= 0: d is not 0 */

	d <<= s;
	if (s)
		hi = (hi << s) | (lo >> (64 - s));
	lo <<= s;
	dh = d >> 32;
	dl = GPUGOV_LO32(d);

	q1 = div64_u64(hi, dh);
	rhat = hi - q1 * dh;
	while ((q1 >> 32) || q1 * dl > ((rhat << 32) | (lo >> 32))) {
		q1--;
		rhat += dh;
		if (rhat >> 32)
			break;
	}
	mid = (hi << 32) + (lo >> 32) - q1 * d;

	q0 = div64_u64(mid, dh);
	rhat = mid - q0 * dh;
	while ((q0 >> 32) || q0 * dl > ((rhat << 32) | GPUGOV_LO32(lo))) {
		q0--;
		rhat += dh;
		if (rhat >> 32)
			break;
	}
	return (q1 << 32) | q0;
}

/**
 * gpugov_mul_div64() - floor(a * b / c) with a 128-bit intermediate
 * @a: first factor
 * @b: second factor
 * @c: divisor; 0 gives U64_MAX (0 when the product is 0)
 *
 * Return: the quotient, or U64_MAX if it does not fit 64 bits.
 */
u64 gpugov_mul_div64(u64 a, u64 b, u64 c)
{
	u64 hi, lo;

	gpugov_mul128(a, b, &hi, &lo);
	if (!c)
		return (hi | lo) ? U64_MAX : 0;
	if (!hi)
		return div64_u64(lo, c);
	if (hi >= c)
		return U64_MAX;
	return div128(hi, lo, c);
}

/**
 * gpugov_div_shl() - floor(num * 2^shift / den), saturating
 * @num: dividend
 * @den: divisor; 0 gives U64_MAX (0 when @num is 0 too)
 * @shift: 0..63
 *
 * Exact for all inputs: the integer part comes from one 64-bit division,
 * the @shift fraction bits from a restoring division of the remainder.
 *
 * Return: the quotient, or U64_MAX if it does not fit 64 bits.
 */
u64 gpugov_div_shl(u64 num, u64 den, u32 shift)
{
	u64 q, r, res;
	u32 i;

	shift &= 63;
	if (!den)
		return num ? U64_MAX : 0;
	if (!(num >> (64 - 1 - shift) >> 1))
		return div64_u64(num << shift, den);
	q = div64_u64(num, den);
	r = num - q * den;
	if (shift && (q >> (64 - shift)))
		return U64_MAX;
	res = q << shift;
	for (i = shift; i > 0; i--) {
		u64 carry = r >> 63;

		r <<= 1;
		if (carry || r >= den) {
			r -= den;
			res |= 1ULL << (i - 1);
		}
	}
	return res;
}

/**
 * gpugov_ratio_fixed() - num / den with @shift fraction bits, clamped
 * @num: numerator
 * @den: denominator
 * @shift: fraction bits of the result, at most 32
 * @max: largest result returned
 *
 * Exact (gpugov_div_shl()); 0/0 is 1.0 and x/0 is @max.
 */
u64 gpugov_ratio_fixed(u64 num, u64 den, u32 shift, u64 max)
{
	if (!den)
		return num ? max : min_t(u64, 1ULL << shift, max);
	return min_t(u64, gpugov_div_shl(num, den, shift), max);
}
