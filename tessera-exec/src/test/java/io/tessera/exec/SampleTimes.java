package io.tessera.exec;

/** Sample timestamps of test series. */
public final class SampleTimes {

    private SampleTimes() {}

    /** {@code count} timestamps {@code 0, stepMs, 2·stepMs, …}. */
    public static long[] every(long stepMs, int count) {
        long[] ts = new long[count];
        for (int i = 0; i < count; i++) {
            ts[i] = i * stepMs;
        }
        return ts;
    }
}
