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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * A raw-data slot: one read of the union window of a Scan's readers, re-filtered by the
 * predicates and the time range, grouped into series.
 */
public final class ScanOperator {

    private ScanOperator() {}

    public static SeriesRows read(DataStore store, Scan scan, Interval window, RunContext context) {
        return readSeries(
                scan,
                window,
                context,
                sink -> store.readRawSeries(
                        scan.source(), new RawDataRequest(window, Schema.TIME_SERIES, scan.matchers()), context, sink));
    }

    /**
     * What an instant selector at {@code window}'s end needs: each series' newest sample in the
     * window (the store may give more; the selector takes the newest).
     */
    public static SeriesRows readNewest(DataStore store, Scan scan, Interval window, RunContext context) {
        return readSeries(
                scan,
                window,
                context,
                sink -> store.readNewestSamples(scan.source(), scan.matchers(), window, context, sink));
    }

    /**
     * Series by series: each series' arrays come straight from the store; the predicates are
     * re-applied once per series and the time range by trimming the arrays (copied only when
     * the store gave samples outside the window).
     */
    private static SeriesRows readSeries(
            Scan scan, Interval window, RunContext context, Consumer<DataStore.SeriesSink> read) {
        Grouper grouper = new Grouper();
        Predicates predicates = new Predicates(scan.matchers());
        read.accept((labels, ts, vs, count) -> {
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
        /** A series already collected: its samples are the first {@code count} of the arrays. */
        private record Collected(Labels labels, long[] ts, double[] vs, int count) {}

        private final List<Collected> done = new ArrayList<>();
        private Labels current;
        private long[] ts;
        private double[] vs;
        private int count;

        void add(Labels l, long t, double v) {
            if (current == null || (l != current && !l.equals(current))) {
                requireLabelOrder(l);
                startSeries(l, new long[16], new double[16], 0);
            }
            if (count > 0 && t <= ts[count - 1]) {
                throw new InvalidInputException("the store returned samples of " + l + " out of time order at " + t);
            }
            if (count == ts.length) {
                ts = Arrays.copyOf(ts, count * 2);
                vs = Arrays.copyOf(vs, count * 2);
            }
            ts[count] = t;
            vs[count++] = v;
        }

        private void requireLabelOrder(Labels l) {
            if (current != null && l.compareTo(current) < 0) {
                throw new InvalidInputException(
                        "the store returned series out of label order: " + l + " after " + current);
            }
        }

        private void startSeries(Labels l, long[] t, double[] v, int n) {
            if (current != null) {
                done.add(new Collected(current, ts, vs, count));
            }
            current = l;
            ts = t;
            vs = v;
            count = n;
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
                requireLabelOrder(l);
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
            int size = done.size() + (current == null ? 0 : 1);
            Labels[] labels = new Labels[size];
            long[][] times = new long[size][];
            double[][] values = new double[size][];
            int[] counts = new int[size];
            for (int s = 0; s < done.size(); s++) {
                Collected c = done.get(s);
                labels[s] = c.labels();
                times[s] = c.ts();
                values[s] = c.vs();
                counts[s] = c.count();
            }
            if (current != null) {
                labels[size - 1] = current;
                times[size - 1] = ts;
                values[size - 1] = vs;
                counts[size - 1] = count;
            }
            return new SeriesRows(labels, times, values, counts, size);
        }
    }
}
