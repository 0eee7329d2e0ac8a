package io.tessera.exec.op;

import io.tessera.core.Interval;
import io.tessera.core.InvalidInputException;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.Schema;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.value.SeriesRows;
import io.tessera.plan.Scan;
import io.tessera.spi.DataStore;
import io.tessera.spi.RawDataRequest;
import java.util.Arrays;
import java.util.List;

/**
 * A raw-data slot: one read of the union window of a Scan's readers, re-filtered by the
 * predicates and the time range, grouped into series.
 */
public final class ScanOperator {

    private ScanOperator() {}

    public static SeriesRows read(DataStore store, Scan scan, Interval window, RunContext context) {
        return readSeries(store, scan, window, context);
    }

    /**
     * Series by series: each series' arrays come straight from the store; the predicates are
     * re-applied once per series and the time range by trimming the arrays (copied only when
     * the store gave samples outside the window).
     */
    private static SeriesRows readSeries(DataStore store, Scan scan, Interval window, RunContext context) {
        Grouper grouper = new Grouper();
        List<LabelMatcher> matchers = scan.matchers();
        Predicates predicates = new Predicates(matchers);
        store.readRawSeries(
                scan.source(),
                new RawDataRequest(window, Schema.TIME_SERIES, matchers),
                context,
                (labels, ts, vs, count) -> {
                    context.checkAlive();
                    if (count == 0 || !predicates.matches(labels)) {
                        return;
                    }
                    int from = 0;
                    int to = count;
                    if (window != null) {
                        while (from < to && ts[from] <= window.start()) {
                            from++;
                        }
                        while (to > from && ts[to - 1] > window.end()) {
                            to--;
                        }
                    }
                    if (from < to) {
                        grouper.addRun(labels, ts, vs, from, to);
                        context.addSamples(to - from);
                    }
                });
        return grouper.build();
    }

    /**
     * The Scan's matchers, each remembering its last label value and answer: series arrive in
     * label order, so neighbours mostly share the values a selector tests (a regex then runs
     * once per distinct value in a row, not once per series).
     */
    private static final class Predicates {
        private final LabelMatcher[] matchers;
        private final String[] lastValue;
        private final boolean[] lastAnswer;

        Predicates(List<LabelMatcher> matchers) {
            this.matchers = matchers.toArray(new LabelMatcher[0]);
            this.lastValue = new String[this.matchers.length];
            this.lastAnswer = new boolean[this.matchers.length];
        }

        boolean matches(Labels labels) {
            for (int i = 0; i < matchers.length; i++) {
                String v = labels.get(matchers[i].name());
                boolean answer;
                if (v == lastValue[i] || v.equals(lastValue[i])) {
                    answer = lastAnswer[i];
                } else {
                    answer = matchers[i].matches(v);
                    lastValue[i] = v;
                    lastAnswer[i] = answer;
                }
                if (!answer) {
                    return false;
                }
            }
            return true;
        }
    }

    /** Collects rows that arrive series by series, in time order within a series. */
    private static final class Grouper {
        private Labels[] labels = new Labels[16];
        private long[][] ts = new long[16][];
        private double[][] vs = new double[16][];
        private int[] counts = new int[16];
        private int size;
        private Labels current;

        void add(Labels l, long t, double v) {
            if (current == null || (l != current && !l.equals(current))) {
                if (size > 0 && l.compareTo(current) < 0) {
                    throw new InvalidInputException(
                            "the store returned series out of label order: " + l + " after " + current);
                }
                startSeries(l);
            }
            int s = size - 1;
            int n = counts[s];
            if (n > 0 && t <= ts[s][n - 1]) {
                throw new InvalidInputException("the store returned samples of " + l + " out of time order at " + t);
            }
            if (n == ts[s].length) {
                ts[s] = Arrays.copyOf(ts[s], n * 2);
                vs[s] = Arrays.copyOf(vs[s], n * 2);
            }
            ts[s][n] = t;
            vs[s][n] = v;
            counts[s] = n + 1;
        }

        private void startSeries(Labels l) {
            startSeries(l, new long[16], new double[16], 0);
        }

        private void startSeries(Labels l, long[] t, double[] v, int count) {
            if (size == labels.length) {
                int n = size * 2;
                labels = Arrays.copyOf(labels, n);
                ts = Arrays.copyOf(ts, n);
                vs = Arrays.copyOf(vs, n);
                counts = Arrays.copyOf(counts, n);
            }
            labels[size] = l;
            ts[size] = t;
            vs[size] = v;
            counts[size] = count;
            size++;
            current = l;
        }

        /**
         * Adds the rows {@code [from, to)} of one series, in time order; the arrays are taken
         * over when the run is the whole of a new series.
         */
        void addRun(Labels l, long[] t, double[] v, int from, int to) {
            for (int i = from + 1; i < to; i++) {
                if (t[i] <= t[i - 1]) {
                    throw new InvalidInputException(
                            "the store returned samples of " + l + " out of time order at " + t[i]);
                }
            }
            boolean same = current != null && (l == current || l.equals(current));
            if (!same) {
                if (size > 0 && l.compareTo(current) < 0) {
                    throw new InvalidInputException(
                            "the store returned series out of label order: " + l + " after " + current);
                }
                if (from == 0) {
                    startSeries(l, t, v, to);
                } else {
                    startSeries(l, Arrays.copyOfRange(t, from, to), Arrays.copyOfRange(v, from, to), to - from);
                }
                return;
            }
            for (int i = from; i < to; i++) {
                add(l, t[i], v[i]);
            }
        }

        SeriesRows build() {
            return new SeriesRows(labels, ts, vs, counts, size);
        }
    }
}
