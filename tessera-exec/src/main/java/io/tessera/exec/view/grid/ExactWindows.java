package io.tessera.exec.view.grid;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.core.MissingStateException;
import io.tessera.core.StaleMarker;
import io.tessera.exec.function.Quantiles;
import io.tessera.exec.value.SeriesRows;
import io.tessera.exec.view.Timestamps;
import io.tessera.promql.GridCorrectionKind;
import java.util.Arrays;

/**
 * The series a correction answers exactly, from their own window read raw for that series alone;
 * past a budget of such series per step the whole run is missing state (an exact run reads less).
 */
final class ExactWindows {

    /** Series answered exactly from their own window: at most this share of the series per step. */
    private static final double EXACT_SHARE = 0.05;

    private final CorrectionScope scope;
    private double[] scratch = new double[64];
    private final MovedSamples windowSamples = new MovedSamples();
    private int budget;
    private int readsThisStep;
    private int exactSeries;

    ExactWindows(CorrectionScope scope) {
        this.scope = scope;
    }

    void budgetFor(int series) {
        budget = Math.max(4, (int) (EXACT_SHARE * series));
    }

    void nextStep() {
        readsThisStep = 0;
    }

    /** The series answered exactly so far. */
    int exactSeries() {
        return exactSeries;
    }

    /** The exact quantile {@code q} of the samples that entered, the series' whole window. */
    double quantileOfEntered(SeriesStep step, double q) {
        exactSeries++;
        return quantileOf(scope.rows(), step.enteredRow, step.gridPoint, step.time, q);
    }

    double quantile(SeriesStep step, double q, String why) {
        SeriesRows rows = window(step, why);
        return quantileOf(rows, rowOf(rows, step), step.time - scope.windowMs(), step.time, q);
    }

    double extreme(SeriesStep step, String why) {
        SeriesRows rows = window(step, why);
        windowSamples.reset();
        windowSamples.scan(rows, rowOf(rows, step), step.time - scope.windowMs(), step.time, Double.NaN);
        return windowSamples.numbers == 0
                ? Double.NaN
                : scope.kind() == GridCorrectionKind.MAX ? windowSamples.max : windowSamples.min;
    }

    /** The counter's exact value into {@code result}: a value, or none. */
    void counter(SeriesStep step, String why, CounterMove counterMove, CounterResult result) {
        SeriesRows rows = window(step, why);
        int s = rowOf(rows, step);
        counterMove.exactly(step.time, scope.windowMs(), rows.ts(s), rows.values(s), rows.count(s), result);
        if (!result.hasValue()) {
            result.none();
        }
    }

    private SeriesRows window(SeriesStep step, String why) {
        if (readsThisStep >= budget) {
            throw new MissingStateException(
                    scope.view().definitionId(),
                    new Interval(step.gridPoint - scope.view().paneMs(), step.gridPoint),
                    "more than " + budget + " series need their whole window: " + why);
        }
        exactSeries++;
        readsThisStep++;
        SeriesRows shared = scope.left() == null ? null : keptWindow(step);
        return shared != null
                ? shared
                : scope.seriesRows().apply(step.labels, new Interval(step.time - scope.windowMs(), step.time));
    }

    /** The row of the step's series among {@code rows}: a shared window names it by reference. */
    private int rowOf(SeriesRows rows, SeriesStep step) {
        for (int s = 0; s < rows.size(); s++) {
            Labels labels = rows.labels(s);
            if (labels == step.labels || labels.withoutMetricName().equals(step.labels)) {
                return s;
            }
        }
        throw new MissingStateException(
                scope.view().definitionId(),
                new Interval(step.gridPoint - scope.view().paneMs(), step.gridPoint),
                "the raw series of " + step.labels + " was not found again");
    }

    /**
     * The window at T of the output series being moved, from what the runs between these grid
     * points share: the samples that left but not yet at T, those kept in {@code (staysFrom, g]}
     * (read for this series once), and those that entered. Null when the kept part is full.
     */
    private SeriesRows keptWindow(SeriesStep step) {
        long g = step.gridPoint;
        long t = step.time;
        Labels series = step.labels;
        KeptCorrections.Kept left = scope.left();
        KeptCorrections.Samples stays = left.stays(step.series, () -> {
            SeriesRows r = scope.seriesRows().apply(series, new Interval(scope.staysFrom(), g));
            for (int k = 0; k < r.size(); k++) {
                if (r.labels(k).withoutMetricName().equals(series)) {
                    return new KeptCorrections.Samples(r.ts(k), r.values(k), r.count(k));
                }
            }
            return new KeptCorrections.Samples(new long[0], new double[0], 0);
        });
        if (stays == null) {
            return null;
        }
        FlatRows gone = left.gone();
        SeriesRows rows = scope.rows();
        int inRow = step.readRow;
        int current = step.series;
        int a0 = Timestamps.firstAfter(gone.ts, gone.from(current), gone.to(current), t - scope.windowMs());
        int a1 = Timestamps.firstAfter(gone.ts, a0, gone.to(current), scope.staysFrom());
        int c0 = inRow < 0 ? 0 : Timestamps.firstAfter(rows.ts(inRow), rows.count(inRow), g);
        int c1 = inRow < 0 ? 0 : Timestamps.firstAfter(rows.ts(inRow), rows.count(inRow), t);
        int n = (a1 - a0) + stays.n() + (c1 - c0);
        long[] ts = new long[n];
        double[] vs = new double[n];
        int k = 0;
        for (int i = a0; i < a1; i++, k++) {
            ts[k] = gone.ts[i];
            vs[k] = gone.vs[i];
        }
        System.arraycopy(stays.ts(), 0, ts, k, stays.n());
        System.arraycopy(stays.values(), 0, vs, k, stays.n());
        k += stays.n();
        for (int i = c0; i < c1; i++, k++) {
            ts[k] = rows.ts(inRow)[i];
            vs[k] = rows.values(inRow)[i];
        }
        return new SeriesRows(new Labels[] {series}, new long[][] {ts}, new double[][] {vs}, new int[] {n}, 1);
    }

    private double quantileOf(SeriesRows rows, int s, long from, long to, double q) {
        long[] ts = rows.ts(s);
        double[] vs = rows.values(s);
        int a = Timestamps.firstAfter(ts, rows.count(s), from);
        int b = Timestamps.firstAfter(ts, rows.count(s), to);
        int n = 0;
        for (int i = a; i < b; i++) {
            if (!StaleMarker.isStale(vs[i])) {
                if (n == scratch.length) {
                    scratch = Arrays.copyOf(scratch, n * 2);
                }
                scratch[n++] = vs[i];
            }
        }
        return Quantiles.quantileBySelection(q, scratch, n);
    }
}
