package io.tessera.exec.view.grid;

import io.tessera.core.Labels;
import io.tessera.core.StaleMarker;
import io.tessera.exec.value.SeriesRows;
import io.tessera.exec.view.Timestamps;
import java.util.Arrays;
import java.util.List;

/** What an instant correction keeps of the samples that leave the window until the next grid point, for the runs after it. */
final class LeftSamples {

    private LeftSamples() {}

    /** The grid point {@code g}, the kept values at it and where the samples that stay begin, for a counter's sums at g. */
    private record CounterEdge(GridValues kept, long staysFrom, CounterMove counterMove, long g, long windowMs) {}

    /**
     * The samples that may leave the window before the next grid point, by output series;
     * null when a raw series is not among the kept values or two share one (this run then
     * reads both spans and reports what it finds).
     */
    /**
     * @param counterMove a counter's move, which also keeps the last sample before {@code g}; null for other functions
     */
    static KeptCorrections.Kept keep(
            SeriesRows gone, GridValues kept, long staysFrom, CounterMove counterMove, long g, long windowMs) {
        int[] goneAt = new int[kept.size()];
        Arrays.fill(goneAt, -1);
        Labels[] rawOrder = new Labels[gone.size()];
        int[] rawIds = new int[gone.size()];
        java.util.Set<String> names = new java.util.LinkedHashSet<>();
        for (int r = 0; r < gone.size(); r++) {
            Labels raw = gone.labels(r);
            int id = kept.ids().findRaw(raw);
            if (id < 0 || goneAt[id] >= 0) {
                return null;
            }
            goneAt[id] = r;
            rawOrder[r] = raw;
            rawIds[r] = id;
            names.add(raw.metricName());
        }
        FlatRows goneFlat = FlatRows.of(gone, goneAt, staysFrom);
        return new KeptCorrections.Kept(
                kept,
                goneFlat,
                rawOrder,
                rawIds,
                List.copyOf(names),
                counterMove != null
                        ? counterAtG(gone, goneAt, goneFlat, new CounterEdge(kept, staysFrom, counterMove, g, windowMs))
                        : null);
    }

    /**
     * Each output series' last sample that is not a stale marker, of those after
     * {@code staysFrom} up to g, and the sum of increments its kept value at g turns back into.
     */
    private static KeptCorrections.CounterAtG counterAtG(
            SeriesRows rows, int[] rowOf, FlatRows gone, CounterEdge edge) {
        GridValues kept = edge.kept();
        long staysFrom = edge.staysFrom();
        CounterMove counterMove = edge.counterMove();
        long g = edge.g();
        long windowMs = edge.windowMs();
        int series = rowOf.length;
        long[] lastTs = new long[series];
        double[] lastVs = new double[series];
        long[] firstTs = new long[series];
        double[] sums = new double[series];
        Arrays.fill(lastTs, KeptCorrections.CounterAtG.NONE);
        Arrays.fill(firstTs, KeptCorrections.CounterAtG.NONE);
        int point = kept.pointOf(g);
        for (int s = 0; s < series; s++) {
            int r = rowOf[s];
            if (r < 0) {
                continue;
            }
            long[] t = rows.tsArray(r);
            double[] v = rows.valuesArray(r);
            int from = rows.first(r);
            int to = Timestamps.firstAfter(t, from, from + rows.count(r), g);
            for (int i = to - 1; i >= from && t[i] > staysFrom; i--) {
                if (!StaleMarker.isStale(v[i])) {
                    lastTs[s] = t[i];
                    lastVs[s] = v[i];
                    break;
                }
            }
            long n0 = kept.countAt(point, s);
            for (int i = gone.from(s); i < gone.to(s) && lastTs[s] != KeptCorrections.CounterAtG.NONE && n0 >= 2; i++) {
                if (!StaleMarker.isStale(gone.vs[i])) {
                    firstTs[s] = gone.ts[i];
                    sums[s] = counterMove.sumAtG(
                            kept.valueAt(point, s), n0, g, windowMs, gone.ts[i], gone.vs[i], lastTs[s]);
                    break;
                }
            }
        }
        return new KeptCorrections.CounterAtG(lastTs, lastVs, firstTs, sums);
    }
}
