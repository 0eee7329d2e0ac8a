package io.tessera.ingest.views;

import io.tessera.core.Labels;
import io.tessera.store.raw.AppendRequest;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * Late data: samples or rows accepted for panes already built (or being built) make those panes
 * stale — of the views whose Scans select their series only, and only the panes whose ingestion
 * runs read them ({@link LatePanes}) — so that readers answer them exactly until {@link
 * PaneRepair} rebuilds them. Counts the late samples and rows.
 */
final class LateWrites {

    private final LongAdder lateSamples = new LongAdder();
    private final LongAdder lateRows = new LongAdder();

    /** Marks the panes the samples of {@code request}, the oldest at {@code minTs}, reach. */
    void samples(AppendRequest request, long minTs, List<Maintained> views) {
        boolean anyLate = false;
        for (Maintained m : views) {
            long built = m.built();
            if (m.shape.table() == null && minTs <= built) {
                anyLate |= markLate(m, request, built);
            }
        }
        if (anyLate) {
            lateSamples.add(request.sampleCount());
        }
    }

    /** Marks the panes of {@code m} up to {@code built} the samples of {@code request} reach; whether there were any. */
    private static boolean markLate(Maintained m, AppendRequest request, long built) {
        long[] ts = request.timestamps();
        long[] times = new long[16];
        int count = 0;
        int[] offsets = request.sampleOffsets();
        Labels[] series = request.series();
        for (int s = 0; s < series.length; s++) {
            int from = offsets[s];
            int to = offsets[s + 1];
            if (!hasSampleAtOrBefore(ts, from, to, built) || !m.late.selects(series[s])) {
                continue;
            }
            for (int i = from; i < to; i++) {
                if (ts[i] <= built) {
                    if (count == times.length) {
                        times = Arrays.copyOf(times, count * 2);
                    }
                    times[count++] = ts[i];
                }
            }
        }
        if (count > 0) {
            m.store.markStale(m.late.reached(times, count, built));
        }
        return count > 0;
    }

    private static boolean hasSampleAtOrBefore(long[] ts, int from, int to, long time) {
        for (int i = from; i < to; i++) {
            if (ts[i] <= time) {
                return true;
            }
        }
        return false;
    }

    /** Marks every built pane of every view of time series that samples of unknown series in {@code [minTs, maxTs]} may reach. */
    void unknownSeries(long minTs, long maxTs, int samples, List<Maintained> views) {
        for (Maintained m : views) {
            long built = m.built();
            if (m.shape.table() == null && minTs <= built) {
                lateSamples.add(samples);
                m.store.markStale(m.late.reachedByAny(minTs, maxTs, built));
            }
        }
    }

    /** Marks the built panes of {@code table}'s views that rows in {@code [minTs, maxTs]} reach. */
    void rows(String table, long minTs, long maxTs, int rows, List<Maintained> views) {
        boolean late = false;
        for (Maintained m : views) {
            long built = m.built();
            if (table.equals(m.shape.table()) && minTs <= built) {
                late = true;
                m.store.markStale(m.late.reachedByAny(minTs, maxTs, built));
            }
        }
        if (late) {
            lateRows.add(rows);
        }
    }

    long lateSamples() {
        return lateSamples.sum();
    }

    long lateRows() {
        return lateRows.sum();
    }
}
