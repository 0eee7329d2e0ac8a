package io.tessera.exec.view.grid;

import io.tessera.exec.value.SeriesRows;
import io.tessera.exec.view.Timestamps;

/**
 * Samples by output series in two flat arrays, series after series: series {@code s} holds
 * {@code [from(s), to(s))}, in time order. A correction that walks every series reads them front
 * to back instead of following a pair of arrays per series to wherever each lies in memory.
 */
final class FlatRows {

    final long[] ts;
    final double[] vs;
    private final int[] start;

    private FlatRows(long[] ts, double[] vs, int[] start) {
        this.ts = ts;
        this.vs = vs;
        this.start = start;
    }

    /**
     * The samples of {@code rows} at or before {@code upTo}, by output series: {@code rowOf[s]}
     * is series s's row, -1 when it has none.
     */
    static FlatRows of(SeriesRows rows, int[] rowOf, long upTo) {
        int series = rowOf.length;
        int[] start = new int[series + 1];
        int[] count = new int[series];
        for (int s = 0; s < series; s++) {
            int r = rowOf[s];
            count[s] = r < 0
                    ? 0
                    : Timestamps.firstAfter(rows.tsArray(r), rows.first(r), rows.first(r) + rows.count(r), upTo)
                            - rows.first(r);
            start[s + 1] = start[s] + count[s];
        }
        long[] ts = new long[start[series]];
        double[] vs = new double[start[series]];
        for (int s = 0; s < series; s++) {
            if (count[s] > 0) {
                int r = rowOf[s];
                System.arraycopy(rows.tsArray(r), rows.first(r), ts, start[s], count[s]);
                System.arraycopy(rows.valuesArray(r), rows.first(r), vs, start[s], count[s]);
            }
        }
        return new FlatRows(ts, vs, start);
    }

    /** Where series {@code s}'s samples begin; series past the end have none. */
    int from(int s) {
        return s + 1 < start.length ? start[s] : 0;
    }

    int to(int s) {
        return s + 1 < start.length ? start[s + 1] : 0;
    }

    long samples() {
        return ts.length;
    }
}
