package io.tessera.store.raw;

import io.tessera.core.Interval;
import io.tessera.core.InvalidInputException;
import io.tessera.spi.DataStore;
import java.util.Arrays;

/**
 * Reads several disjoint spans of every selected series in one walk over the series: one
 * snapshot per series, and a series' samples of all spans together, in time order.
 */
final class SpanReader {

    private final SampleIterator samples = new SampleIterator();
    private long[] ts = new long[256];
    private double[] vs = new double[256];

    /** The spans, checked to be ascending and disjoint. */
    static long[] bounds(Interval[] spans) {
        long[] b = new long[2 * spans.length];
        for (int i = 0; i < spans.length; i++) {
            b[2 * i] = spans[i].start();
            b[2 * i + 1] = spans[i].end();
            if (i > 0 && spans[i].start() < spans[i - 1].end()) {
                throw new InvalidInputException(
                        "spans must be ascending and disjoint: " + spans[i - 1] + " then " + spans[i]);
            }
        }
        return b;
    }

    void read(MemSeries[] series, long[] bounds, DataStore.SeriesSink visitor) {
        for (MemSeries s : series) {
            SeriesView view = s.view();
            Chunk head = view.headMayHold(bounds[0], bounds[bounds.length - 1])
                    ? view.head().snapshot()
                    : null;
            int n = 0;
            for (int k = 0; k < bounds.length; k += 2) {
                samples.reset(view, head, bounds[k], bounds[k + 1]);
                while (samples.next()) {
                    if (n == ts.length) {
                        ts = Arrays.copyOf(ts, n * 2);
                        vs = Arrays.copyOf(vs, n * 2);
                    }
                    ts[n] = samples.time();
                    vs[n++] = Double.longBitsToDouble(samples.bits());
                }
            }
            if (n > 0) {
                visitor.series(s.labels, Arrays.copyOf(ts, n), Arrays.copyOf(vs, n), n);
            }
        }
    }
}
