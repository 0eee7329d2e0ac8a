package io.tessera.exec.function;

/** {@code irate} and {@code idelta}: the last two samples of a window. */
final class InstantDelta {

    private InstantDelta() {}

    static boolean irate(long[] ts, double[] v, int from, int to, long s, long e, long t, double[] p, double[] out) {
        return lastTwo(ts, v, from, to, true, out);
    }

    static boolean idelta(long[] ts, double[] v, int from, int to, long s, long e, long t, double[] p, double[] out) {
        return lastTwo(ts, v, from, to, false, out);
    }

    private static boolean lastTwo(long[] ts, double[] v, int from, int to, boolean isRate, double[] out) {
        if (to - from < 2) {
            return false;
        }
        long dt = ts[to - 1] - ts[to - 2];
        if (dt == 0) {
            return false;
        }
        double prev = v[to - 2];
        double last = v[to - 1];
        // After a counter reset irate starts from zero: the increase is the last value itself.
        double result = isRate && last < prev ? last : last - prev;
        out[0] = isRate ? result / (dt / 1000.0) : result;
        return true;
    }
}
