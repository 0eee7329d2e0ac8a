package io.tessera.store.raw;

import java.util.Arrays;

/**
 * Folds accepted out-of-order samples into the chunks they belong to. Each affected chunk is
 * decoded, merged with its new samples and re-encoded once per request (copy on write: readers
 * holding the old view keep reading the old chunks). A sample goes to the first chunk whose
 * maximum time is at or after it, so chunks stay time-disjoint.
 */
final class OutOfOrderMerge {

    private final XorDecoder decoder = new XorDecoder();
    private long[] times = new long[256];
    private long[] bits = new long[256];

    /**
     * Returns the view with samples {@code [from, to)} (ascending, distinct, each older than the
     * view's newest sample and absent from it) merged in.
     */
    SeriesView fold(SeriesView view, long[] sampleTimes, long[] sampleBits, int from, int to, ChunkPolicy policy) {
        Chunk[] closed = view.closed();
        HeadChunk head = view.head();
        Chunk[] out = new Chunk[closed.length + 2 * (to - from) + 2];
        int outCount = 0;
        int copied = 0;
        int p = from;
        while (p < to) {
            int j = MemSeries.firstEndingAtOrAfter(closed, sampleTimes[p]);
            System.arraycopy(closed, copied, out, outCount, j - copied);
            outCount += j - copied;
            if (j < closed.length) {
                Chunk chunk = closed[j];
                int q = p;
                while (q < to && sampleTimes[q] <= chunk.maxTime()) {
                    q++;
                }
                int n = merge(chunk, sampleTimes, sampleBits, p, q);
                int max = policy.samplesPerChunk();
                out = ensure(out, outCount + (n + max - 1) / max + closed.length - j);
                outCount = ChunkAppends.encodeEvenly(times, bits, n, max, out, outCount);
                copied = j + 1;
                p = q;
            } else {
                int n = merge(head.writerView(), sampleTimes, sampleBits, p, to);
                head = new HeadChunk(times[0], bits[0]);
                for (int i = 1; i < n; i++) {
                    if (policy.shouldCut(head, times[i])) {
                        out = ensure(out, outCount + 1);
                        out[outCount++] = head.close();
                        head = new HeadChunk(times[i], bits[i]);
                    } else {
                        head.append(times[i], bits[i]);
                    }
                }
                copied = closed.length;
                p = to;
            }
            out = ensure(out, outCount + closed.length - copied);
        }
        System.arraycopy(closed, copied, out, outCount, closed.length - copied);
        outCount += closed.length - copied;
        return new SeriesView(Arrays.copyOf(out, outCount), head);
    }

    private static Chunk[] ensure(Chunk[] out, int needed) {
        return needed <= out.length ? out : Arrays.copyOf(out, Math.max(needed, out.length * 2));
    }

    /** Merges a chunk's samples with {@code [from, to)} into the scratch arrays; returns the count. */
    private int merge(Chunk chunk, long[] sampleTimes, long[] sampleBits, int from, int to) {
        int n = chunk.count() + (to - from);
        if (times.length < n) {
            times = new long[Math.max(n, times.length * 2)];
            bits = new long[times.length];
        }
        decoder.reset(chunk);
        boolean more = decoder.next();
        int k = 0;
        int p = from;
        while (more || p < to) {
            if (more && (p >= to || decoder.time() < sampleTimes[p])) {
                times[k] = decoder.time();
                bits[k++] = decoder.bits();
                more = decoder.next();
            } else {
                times[k] = sampleTimes[p];
                bits[k++] = sampleBits[p++];
            }
        }
        return k;
    }
}
