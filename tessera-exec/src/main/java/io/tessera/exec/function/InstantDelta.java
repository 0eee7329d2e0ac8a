package io.tessera.exec.function;

/** {@code irate} and {@code idelta}: the last two samples of a window. */
final class InstantDelta {

    private InstantDelta() {}

    static boolean irate(SeriesWindow w, double[] out) {
        return lastTwo(w, true, out);
    }

    static boolean idelta(SeriesWindow w, double[] out) {
        return lastTwo(w, false, out);
    }

    private static boolean lastTwo(SeriesWindow w, boolean isRate, double[] out) {
        if (w.count() < 2) {
            return false;
        }
        long[] ts = w.ts();
        int to = w.to();
        long dt = ts[to - 1] - ts[to - 2];
        if (dt == 0) {
            return false;
        }
        double prev = w.values()[to - 2];
        double last = w.values()[to - 1];
        // After a counter reset irate starts from zero: the increase is the last value itself.
        double result = isRate && last < prev ? last : last - prev;
        out[0] = isRate ? result / (dt / 1000.0) : result;
        return true;
    }
}
