package io.tessera.sketch;

import io.tessera.core.Search;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.ObjIntConsumer;
import java.util.function.Supplier;

/**
 * Measures each approximate family's observed error against its stated bound, per value
 * distribution, over many seeds, and renders the result as a Markdown table. Each seed builds
 * the state from {@value #PANES} pane states merged together, as a view would answer a window.
 */
public final class SketchAccuracyReport {

    static final int VALUES_PER_SEED = 20_000;
    static final int PANES = 8;
    static final double[] QUANTILES = {0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 0.999};
    static final int KLL_K = KllState.DEFAULT_K;
    static final double DD_ALPHA = DdSketchState.DEFAULT_RELATIVE_ACCURACY;
    static final int CPC_LG_K = DistinctState.DEFAULT_LG_K;
    static final double CM_EPSILON = FrequentState.DEFAULT_EPSILON;
    static final double CM_DELTA = FrequentState.DEFAULT_DELTA;

    /** One table row: the errors observed for one family on one distribution. */
    record Row(
            String family,
            String parameters,
            String error,
            Distribution distribution,
            int checks,
            double statedBound,
            double confidence,
            double p99,
            double max,
            int overBound) {}

    private SketchAccuracyReport() {}

    public static void main(String[] args) {
        int seeds = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        System.out.print(markdown(seeds));
    }

    public static String markdown(int seeds) {
        if (seeds < 1) {
            throw new IllegalArgumentException("seeds must be positive, got " + seeds);
        }
        StringBuilder md = new StringBuilder();
        md.append(String.format(
                Locale.ROOT,
                "Seeds per distribution: %d; values per seed: %d, in %d merged panes.%n%n",
                seeds,
                VALUES_PER_SEED,
                PANES));
        md.append("| family | parameters | error measured | distribution | checks | stated bound | observed p99 "
                + "| observed max | checks over bound |\n");
        md.append("|---|---|---|---|---:|---:|---:|---:|---:|\n");
        for (Row r : measure(seeds)) {
            md.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %s | %s | %d | %s at %s | %s | %s | %d (%.4f%%) |%n",
                    r.family,
                    r.parameters,
                    r.error,
                    r.distribution.name().toLowerCase(Locale.ROOT),
                    r.checks,
                    percent(r.statedBound),
                    confidence(r.confidence),
                    percent(r.p99),
                    percent(r.max),
                    r.overBound,
                    100.0 * r.overBound / r.checks));
        }
        return md.toString();
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.3f%%", 100 * fraction);
    }

    private static String confidence(double c) {
        return c >= 1 ? "100%" : String.format(Locale.ROOT, "%.4g%%", 100 * c);
    }

    static Row[] measure(int seeds) {
        Distribution[] dists = Distribution.values();
        Row[] rows = new Row[4 * dists.length];
        int i = 0;
        for (Distribution d : dists) {
            rows[i++] = kll(d, seeds);
        }
        for (Distribution d : dists) {
            rows[i++] = ddSketch(d, seeds);
        }
        for (Distribution d : dists) {
            rows[i++] = distinct(d, seeds);
        }
        for (Distribution d : dists) {
            rows[i++] = frequent(d, seeds);
        }
        return rows;
    }

    /** The state of {@code values}: {@value #PANES} pane states built one after another, then merged in order. */
    private static <S extends State> S mergedPanes(double[] values, Supplier<S> empty) {
        return mergedPanes(empty, (pane, p) -> pane.update(null, values, paneStart(p), paneStart(p + 1)));
    }

    /** {@value #PANES} pane states, each filled by {@code fill} with its index, built first and then merged in order. */
    private static <S extends State> S mergedPanes(Supplier<S> empty, ObjIntConsumer<S> fill) {
        List<S> panes = new ArrayList<>(PANES);
        for (int p = 0; p < PANES; p++) {
            S pane = empty.get();
            fill.accept(pane, p);
            panes.add(pane);
        }
        S merged = panes.getFirst();
        for (int p = 1; p < PANES; p++) {
            merged.merge(panes.get(p));
        }
        return merged;
    }

    private static int paneStart(int p) {
        return (int) ((long) VALUES_PER_SEED * p / PANES);
    }

    private static Row kll(Distribution d, int seeds) {
        double[] errors = new double[seeds * QUANTILES.length];
        double bound = 0;
        int over = 0;
        for (int s = 0; s < seeds; s++) {
            SplittableRandom rnd = new SplittableRandom(1000L * s + d.ordinal());
            double[] values = d.samples(rnd, VALUES_PER_SEED);
            KllState state = mergedPanes(values, () -> new KllState(KLL_K));
            bound = state.errorBound().error();
            double[] sorted = values.clone();
            Arrays.sort(sorted);
            for (int q = 0; q < QUANTILES.length; q++) {
                double e = rankError(sorted, QUANTILES[q], state.quantile(QUANTILES[q]));
                errors[s * QUANTILES.length + q] = e;
                over += e > bound ? 1 : 0;
            }
        }
        return row("KLL", "k=" + KLL_K, "normalized rank", d, errors, bound, KllState.CONFIDENCE, over);
    }

    /** How far {@code q} is from the range of normalized ranks that {@code x} has in the sorted data. */
    static double rankError(double[] sorted, double q, double x) {
        double n = sorted.length;
        double lo = Search.firstAtLeast(sorted, 0, sorted.length, x) / n;
        double hi = Search.firstAfter(sorted, 0, sorted.length, x) / n;
        return q < lo ? lo - q : q > hi ? q - hi : 0;
    }

    private static Row ddSketch(Distribution d, int seeds) {
        double[] errors = new double[seeds * QUANTILES.length];
        int over = 0;
        for (int s = 0; s < seeds; s++) {
            SplittableRandom rnd = new SplittableRandom(2000L * s + d.ordinal());
            double[] values = d.samples(rnd, VALUES_PER_SEED);
            DdSketchState state = mergedPanes(values, () -> new DdSketchState(DD_ALPHA));
            double[] sorted = values.clone();
            Arrays.sort(sorted);
            for (int q = 0; q < QUANTILES.length; q++) {
                double truth = sorted[(int) Math.floor(QUANTILES[q] * (sorted.length - 1))];
                double e = Math.abs(state.quantile(QUANTILES[q]) - truth) / Math.abs(truth);
                errors[s * QUANTILES.length + q] = e;
                over += e > DD_ALPHA * (1 + 1e-9) ? 1 : 0;
            }
        }
        return row("DDSketch", "alpha=" + DD_ALPHA, "relative value", d, errors, DD_ALPHA, 1.0, over);
    }

    private static Row distinct(Distribution d, int seeds) {
        double[] errors = new double[seeds];
        double boundSum = 0;
        int over = 0;
        for (int s = 0; s < seeds; s++) {
            SplittableRandom rnd = new SplittableRandom(3000L * s + d.ordinal());
            double[] values = new double[VALUES_PER_SEED];
            for (int i = 0; i < values.length; i++) {
                values[i] = d.discreteSample(rnd);
            }
            DistinctState state = mergedPanes(values, () -> new DistinctState(CPC_LG_K));
            double[] sorted = values.clone();
            Arrays.sort(sorted);
            int truth = sorted.length == 0 ? 0 : 1;
            for (int i = 1; i < sorted.length; i++) {
                truth += sorted[i] != sorted[i - 1] ? 1 : 0;
            }
            double bound = state.errorBound().error();
            boundSum += bound;
            errors[s] = Math.abs(state.estimate() - truth) / truth;
            over += errors[s] > bound ? 1 : 0;
        }
        return row(
                "CPC distinct",
                "lgK=" + CPC_LG_K,
                "relative count",
                d,
                errors,
                boundSum / seeds,
                DistinctState.CONFIDENCE,
                over);
    }

    private static Row frequent(Distribution d, int seeds) {
        double[] errors = new double[0];
        int checks = 0;
        int over = 0;
        for (int s = 0; s < seeds; s++) {
            SplittableRandom rnd = new SplittableRandom(4000L * s + d.ordinal());
            String[] keys = new String[VALUES_PER_SEED];
            double[] weights = new double[VALUES_PER_SEED];
            HashMap<String, double[]> truth = new HashMap<>();
            for (int i = 0; i < keys.length; i++) {
                keys[i] = "k" + d.discreteSample(rnd);
                weights[i] = 0.5 + rnd.nextDouble();
                truth.computeIfAbsent(keys[i], k -> new double[1])[0] += weights[i];
            }
            FrequentState state = mergedPanes(
                    () -> new FrequentState(CM_EPSILON, CM_DELTA, FrequentState.DEFAULT_CAPACITY), (pane, p) -> {
                        for (int i = paneStart(p); i < paneStart(p + 1); i++) {
                            pane.update(keys[i], weights[i]);
                        }
                    });
            double total = state.totalWeight();
            if (checks + truth.size() > errors.length) {
                errors = Arrays.copyOf(errors, Math.max(2 * errors.length, checks + truth.size()));
            }
            for (var e : truth.entrySet()) {
                double err = (state.estimate(e.getKey()) - e.getValue()[0]) / total;
                errors[checks++] = err;
                over += err > CM_EPSILON ? 1 : 0;
            }
        }
        return row(
                "Count-Min frequent",
                "eps=" + CM_EPSILON + ", delta=" + CM_DELTA,
                "additive / total weight",
                d,
                Arrays.copyOf(errors, checks),
                CM_EPSILON,
                1 - CM_DELTA,
                over);
    }

    private static Row row(
            String family,
            String params,
            String error,
            Distribution d,
            double[] errors,
            double bound,
            double confidence,
            int over) {
        double[] sorted = errors.clone();
        Arrays.sort(sorted);
        double p99 = sorted[Math.min(sorted.length - 1, (int) Math.ceil(0.99 * sorted.length) - 1)];
        return new Row(
                family, params, error, d, errors.length, bound, confidence, p99, sorted[sorted.length - 1], over);
    }
}
