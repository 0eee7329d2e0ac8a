package io.tessera.exec.view;

import io.tessera.exec.value.SeriesRows;

/**
 * Samples by output series in two flat arrays, series after series: series {@code s} holds
 * {@code [from(s), to(s))}, in time order. A correction that walks every series reads them front
 * to back instead of following a pair of arrays per series to wherever each lies in memory.
 */
final class FlatRows {

    final long[] ts;
    final double[] vs;
    private final int[] start;
    private final long largestGap;

    private FlatRows(long[] ts, double[] vs, int[] start, long largestGap) {
        this.ts = ts;
        this.vs = vs;
        this.start = start;
        this.largestGap = largestGap;
    }

    /** The rows of {@code rows} by output series: {@code rowOf[s]} is series s's row, -1 when it has none. */
    static FlatRows of(SeriesRows rows, int[] rowOf) {
        int series = rowOf.length;
        int[] start = new int[series + 1];
        for (int s = 0; s < series; s++) {
            start[s + 1] = start[s] + (rowOf[s] < 0 ? 0 : rows.count(rowOf[s]));
        }
        long[] ts = new long[start[series]];
        double[] vs = new double[start[series]];
        for (int s = 0; s < series; s++) {
            if (rowOf[s] >= 0) {
                int r = rowOf[s];
                System.arraycopy(rows.tsArray(r), rows.first(r), ts, start[s], rows.count(r));
                System.arraycopy(rows.valuesArray(r), rows.first(r), vs, start[s], rows.count(r));
            }
        }
        long gap = 0;
        for (int s = 0; s < series; s++) {
            for (int i = start[s] + 1; i < start[s + 1]; i++) {
                gap = Math.max(gap, ts[i] - ts[i - 1]);
            }
        }
        return new FlatRows(ts, vs, start, gap == 0 ? Long.MAX_VALUE : gap);
    }

    /** Where series {@code s}'s samples begin; series past the end have none. */
    int from(int s) {
        return s + 1 < start.length ? start[s] : 0;
    }

    int to(int s) {
        return s + 1 < start.length ? start[s + 1] : 0;
    }

    /** The largest time between two samples of one series; {@code Long.MAX_VALUE} when no series has two. */
    long largestGap() {
        return largestGap;
    }

    long samples() {
        return ts.length;
    }
}
