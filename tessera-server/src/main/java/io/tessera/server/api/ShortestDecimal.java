package io.tessera.server.api;

import java.math.BigInteger;

/**
 * The shortest decimal that reads back to a double, written as ASCII straight into a byte
 * buffer, for the values {@link GoFloats#sampleValue} writes without an exponent: integers
 * {@code 0 < |v| < 1e15}, and the plain range {@code 1e-3 <= |v| < 1e7}. The digits of the
 * latter are those of Raffaello Giulietti's Schubfach algorithm, which is also what
 * {@code Double.toString} computes; what this saves is the string, its characters and their
 * copy. Anything else is left to {@link GoFloats}.
 */
final class ShortestDecimal {

    private static final int K_MIN = -324;
    private static final int K_MAX = 292;
    private static final long C_MIN = 1L << 52;
    private static final long MASK_63 = (1L << 63) - 1;
    /** For each k in [K_MIN, K_MAX]: g = floor(10^-k / 2^r) + 1 with 2^125 <= 10^-k / 2^r < 2^126, split at bit 63. */
    private static final long[] G = powersOfTen();

    /** The longest plain rendering of the range: sign, 7 integer digits, point, 17 digits, or "-0.00" and 17 digits. */
    static final int MAX_LENGTH = 24;

    private ShortestDecimal() {}

    /**
     * Writes {@code v} at {@code at} of {@code buf} (which has {@link #MAX_LENGTH} bytes free there)
     * and returns where it ends; -1, with nothing written, when {@code v} is outside the range.
     */
    static int write(double v, byte[] buf, int at) {
        double abs = Math.abs(v);
        if (abs == (long) abs) {
            return abs > 0 && abs < 1e15 ? integer(v < 0, (long) abs, buf, at) : -1;
        }
        if (!(abs >= 1e-3 && abs < 1e7)) {
            return -1;
        }
        long bits = Double.doubleToRawLongBits(v);
        int q = (int) (bits >>> 52 & 0x7ff) - 1075;
        long c = C_MIN | (bits & (C_MIN - 1));
        int out = (int) c & 1;
        long cb = c << 2;
        long cbr = cb + 2;
        long cbl;
        int k;
        if (c != C_MIN) {
            cbl = cb - 2;
            k = flog10pow2(q);
        } else {
            cbl = cb - 1;
            k = flog10threeQuartersPow2(q);
        }
        int h = q + flog2pow10(-k) + 2;
        long g1 = G[(k - K_MIN) << 1];
        long g0 = G[((k - K_MIN) << 1) + 1];
        long vb = rop(g1, g0, cb << h);
        long vbl = rop(g1, g0, cbl << h);
        long vbr = rop(g1, g0, cbr << h);
        long s = vb >> 2;
        long f = -1;
        if (s >= 100) {
            long sp10 = 10 * (s / 10);
            f = soleInside(sp10, sp10 + 10, vbl, vbr, out);
        }
        if (f < 0) {
            long t = s + 1;
            f = soleInside(s, t, vbl, vbr, out);
            if (f < 0) {
                long cmp = vb - (s + t << 1);
                f = cmp < 0 || cmp == 0 && (s & 1) == 0 ? s : t;
            }
        }
        return plain(v < 0, f, k, buf, at);
    }

    /**
     * Of the candidates {@code u} and {@code w > u}, the one inside the rounding interval
     * {@code (vbl, vbr)} (ends included when {@code out} is 0) when the other is outside; -1 when
     * both or neither are.
     */
    private static long soleInside(long u, long w, long vbl, long vbr, int out) {
        boolean uin = vbl + out <= u << 2;
        boolean win = (w << 2) + out <= vbr;
        if (uin == win) {
            return -1;
        }
        return uin ? u : w;
    }

    private static int integer(boolean negative, long f, byte[] buf, int at) {
        int p = at;
        if (negative) {
            buf[p++] = '-';
        }
        return putDigits(f, digits(f), buf, p);
    }

    /** {@code f · 10^e} in plain notation, without trailing zeros. */
    private static int plain(boolean negative, long f, int e, byte[] buf, int at) {
        while (f % 10 == 0) {
            f /= 10;
            e++;
        }
        int n = digits(f);
        int point = n + e;
        int p = at;
        if (negative) {
            buf[p++] = '-';
        }
        if (point <= 0) {
            buf[p++] = '0';
            buf[p++] = '.';
            for (int i = point; i < 0; i++) {
                buf[p++] = '0';
            }
            return putDigits(f, n, buf, p);
        }
        // the range holds no integers, so the point falls inside the digits: they are written one
        // place to the right, and the integer digits moved back in front of the point
        int end = putDigits(f, n, buf, p + 1);
        for (int i = 0; i < point; i++) {
            buf[p + i] = buf[p + 1 + i];
        }
        buf[p + point] = '.';
        return end;
    }

    /** The {@code n <= 17} lowest decimal digits of {@code f} (leading zeros included). */
    private static int putDigits(long f, int n, byte[] buf, int p) {
        int end = p + n;
        if (n > 8) {
            long high = f / 100_000_000;
            putLow(high, n - 8, buf, p);
            putEight((int) (f - high * 100_000_000), buf, end - 8);
        } else {
            putLow(f, n, buf, p);
        }
        return end;
    }

    /** The {@code n <= 9} lowest digits of {@code f}, two at a time from a table. */
    private static void putLow(long f, int n, byte[] buf, int p) {
        int x = (int) f;
        int i = p + n;
        while (i - p >= 2) {
            int q = x / 100;
            int r = x - q * 100;
            buf[--i] = DIGIT_PAIRS[2 * r + 1];
            buf[--i] = DIGIT_PAIRS[2 * r];
            x = q;
        }
        if (i > p) {
            buf[--i] = (byte) ('0' + x % 10);
        }
    }

    /** Exactly eight digits of {@code 0 <= x < 10^8}. */
    private static void putEight(int x, byte[] buf, int p) {
        int high = x / 10_000;
        int low = x - high * 10_000;
        int a = high / 100;
        int b = high - a * 100;
        int c = low / 100;
        int d = low - c * 100;
        buf[p] = DIGIT_PAIRS[2 * a];
        buf[p + 1] = DIGIT_PAIRS[2 * a + 1];
        buf[p + 2] = DIGIT_PAIRS[2 * b];
        buf[p + 3] = DIGIT_PAIRS[2 * b + 1];
        buf[p + 4] = DIGIT_PAIRS[2 * c];
        buf[p + 5] = DIGIT_PAIRS[2 * c + 1];
        buf[p + 6] = DIGIT_PAIRS[2 * d];
        buf[p + 7] = DIGIT_PAIRS[2 * d + 1];
    }

    /** "00" to "99". */
    private static final byte[] DIGIT_PAIRS = new byte[200];

    static {
        for (int i = 0; i < 100; i++) {
            DIGIT_PAIRS[2 * i] = (byte) ('0' + i / 10);
            DIGIT_PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
    }

    private static final long[] POWERS_OF_TEN = new long[19];

    static {
        POWERS_OF_TEN[0] = 1;
        for (int i = 1; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = 10 * POWERS_OF_TEN[i - 1];
        }
    }

    /** How many decimal digits {@code f > 0} has. */
    private static int digits(long f) {
        int n = (64 - Long.numberOfLeadingZeros(f)) * 1233 >>> 12;
        return n < POWERS_OF_TEN.length && f >= POWERS_OF_TEN[n] ? n + 1 : Math.max(n, 1);
    }

    /** The value {@code g · cp / 2^127} rounded to odd, as the algorithm needs it. */
    private static long rop(long g1, long g0, long cp) {
        long x1 = Math.multiplyHigh(g0, cp);
        long y0 = g1 * cp;
        long y1 = Math.multiplyHigh(g1, cp);
        long z = (y0 >>> 1) + x1;
        long vbp = y1 + (z >>> 63);
        return vbp | ((z & MASK_63) + MASK_63) >>> 63;
    }

    /** floor(e · log10(2)) */
    private static int flog10pow2(int e) {
        return (int) (e * 661_971_961_083L >> 41);
    }

    /** floor(e · log10(2) + log10(3/4)) */
    private static int flog10threeQuartersPow2(int e) {
        return (int) (e * 661_971_961_083L + -274_743_187_321L >> 41);
    }

    /** floor(e · log2(10)) */
    private static int flog2pow10(int e) {
        return (int) (e * 913_124_641_741L >> 38);
    }

    private static long[] powersOfTen() {
        long[] g = new long[2 * (K_MAX - K_MIN + 1)];
        BigInteger mask = BigInteger.ONE.shiftLeft(63).subtract(BigInteger.ONE);
        for (int k = K_MIN; k <= K_MAX; k++) {
            int r = flog2pow10(-k) - 125;
            BigInteger beta;
            if (-k >= 0) {
                BigInteger p = BigInteger.TEN.pow(-k);
                beta = r >= 0 ? p.shiftRight(r) : p.shiftLeft(-r);
            } else {
                beta = BigInteger.ONE.shiftLeft(-r).divide(BigInteger.TEN.pow(k));
            }
            BigInteger value = beta.add(BigInteger.ONE);
            g[(k - K_MIN) << 1] = value.shiftRight(63).longValueExact();
            g[((k - K_MIN) << 1) + 1] = value.and(mask).longValue();
        }
        return g;
    }
}
