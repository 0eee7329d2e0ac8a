package io.tessera.store.raw;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One request's accepted samples on their way to the metrics' {@link RecentSamples}, gathered
 * while the request is applied so that each log is locked once per request.
 */
final class RecentBatch {

    private final List<RecentSamples> logs = new ArrayList<>(2);
    private RecentSamples lastLog;
    private int lastIndex = -1;
    private int[] logOf;
    private int[] ids;
    private long[] times;
    private long[] bits;
    private int size;

    RecentBatch(int expected) {
        int n = Math.max(16, expected);
        logOf = new int[n];
        ids = new int[n];
        times = new long[n];
        bits = new long[n];
    }

    void add(RecentSamples log, int id, long[] t, long[] b, int from, int to) {
        if (log != lastLog) {
            lastIndex = logs.indexOf(log);
            if (lastIndex < 0) {
                lastIndex = logs.size();
                logs.add(log);
            }
            lastLog = log;
        }
        int n = to - from;
        if (size + n > ids.length) {
            int grown = Math.max(size + n, 2 * ids.length);
            logOf = Arrays.copyOf(logOf, grown);
            ids = Arrays.copyOf(ids, grown);
            times = Arrays.copyOf(times, grown);
            bits = Arrays.copyOf(bits, grown);
        }
        Arrays.fill(logOf, size, size + n, lastIndex);
        Arrays.fill(ids, size, size + n, id);
        System.arraycopy(t, from, times, size, n);
        System.arraycopy(b, from, bits, size, n);
        size += n;
    }

    /** Hands every log its entries. */
    void flush() {
        for (int k = 0; k < logs.size(); k++) {
            logs.get(k).append(this, k);
        }
    }

    int size() {
        return size;
    }

    int log(int i) {
        return logOf[i];
    }

    int id(int i) {
        return ids[i];
    }

    long time(int i) {
        return times[i];
    }

    long bits(int i) {
        return bits[i];
    }
}
