package io.tessera.store.raw;

import java.util.Arrays;

/** Appends ascending samples to a series' chunk list, cutting head chunks by policy. */
final class ChunkAppends {

    static final Chunk[] NO_CHUNKS = new Chunk[0];

    private ChunkAppends() {}

    /**
     * Appends {@code [from, to)}, all newer than the view's newest sample, to {@code view}
     * ({@code null} for a new series). The head is appended in place, so readers see each
     * sample as it lands; a cut returns a new view, which the caller must publish.
     */
    static SeriesView append(SeriesView view, long[] times, long[] bits, int from, int to, ChunkPolicy policy) {
        int i = from;
        if (view == null) {
            view = new SeriesView(NO_CHUNKS, new HeadChunk(times[i], bits[i]));
            i++;
        }
        HeadChunk head = view.head();
        Chunk[] closed = view.closed();
        int closedCount = closed.length;
        boolean cut = false;
        for (; i < to; i++) {
            long t = times[i];
            if (policy.shouldCut(head, t)) {
                if (!cut) {
                    closed = Arrays.copyOf(
                            closed, closedCount + Math.max(4, (to - i) / Math.max(1, policy.samplesPerChunk()) + 1));
                    cut = true;
                } else if (closedCount == closed.length) {
                    closed = Arrays.copyOf(closed, closed.length * 2);
                }
                closed[closedCount++] = head.close();
                head = new HeadChunk(t, bits[i]);
            } else {
                head.append(t, bits[i]);
            }
        }
        if (!cut) {
            return view;
        }
        return new SeriesView(Arrays.copyOf(closed, closedCount), head);
    }

    /** Encodes ascending samples into closed chunks of near-equal size, at most {@code max} each. */
    static int encodeEvenly(long[] times, long[] bits, int n, int max, Chunk[] out, int outIndex) {
        int pieces = (n + max - 1) / max;
        int base = n / pieces;
        int extra = n % pieces;
        int i = 0;
        for (int p = 0; p < pieces; p++) {
            int size = base + (p < extra ? 1 : 0);
            HeadChunk chunk = new HeadChunk(times[i], bits[i]);
            for (int k = 1; k < size; k++) {
                chunk.append(times[i + k], bits[i + k]);
            }
            out[outIndex++] = chunk.close();
            i += size;
        }
        return outIndex;
    }
}
