package io.tessera.exec.function;

import io.tessera.core.AlmostEqual;
import io.tessera.core.Labels;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.ScalarValues;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * histogram_quantile over classic histograms: at each step the buckets of each histogram (its
 * series without {@code le}) are sorted by upper bound, merged where bounds repeat, made
 * monotonic, and the quantile interpolated linearly inside its bucket, as Prometheus does.
 */
final class HistogramQuantile {

    private static final String LE = "le";
    private static final Set<String> DROPPED = Set.of(Labels.METRIC_NAME, LE);
    /** Relative differences between neighbouring counts below this are float noise. */
    private static final double SMALL_DELTA = 1e-12;

    private HistogramQuantile() {}

    static InstantVector evaluate(ScalarValues q, InstantVector in, RunContext context) {
        int steps = in.steps();
        double[] upper = new double[in.size()];
        boolean[] valid = new boolean[in.size()];
        for (int s = 0; s < in.size(); s++) {
            String le = in.labels(s).get(LE);
            double bound = GoFloat.parse(le);
            valid[s] = !Double.isNaN(bound) || isNaNSpelling(le);
            upper[s] = bound;
        }
        // Histograms are keyed by all labels but le (the name included); results drop the name.
        Map<Labels, Integer> histogramOf = new HashMap<>();
        List<int[]> members = new ArrayList<>();
        List<Labels> outLabels = new ArrayList<>();
        int[] histogram = new int[in.size()];
        for (int s = 0; s < in.size(); s++) {
            if (!valid[s]) {
                continue;
            }
            Labels key = in.labels(s).without(Set.of(LE));
            Integer h = histogramOf.get(key);
            if (h == null) {
                h = outLabels.size();
                histogramOf.put(key, h);
                outLabels.add(in.labels(s).without(DROPPED));
            }
            histogram[s] = h;
        }
        int histograms = outLabels.size();
        int[] counts = new int[histograms];
        for (int s = 0; s < in.size(); s++) {
            if (valid[s]) {
                counts[histogram[s]]++;
            }
        }
        for (int h = 0; h < histograms; h++) {
            members.add(new int[counts[h]]);
            counts[h] = 0;
        }
        for (int s = 0; s < in.size(); s++) {
            if (valid[s]) {
                members.get(histogram[s])[counts[histogram[s]]++] = s;
            }
        }
        InstantVector out = new InstantVector(in.grid(), histograms);
        int[] outSeries = new int[histograms];
        java.util.Arrays.fill(outSeries, -1);
        double[] bounds = new double[in.size()];
        double[] bucketCounts = new double[in.size()];
        boolean[] forced = new boolean[1];
        for (int i = 0; i < steps; i++) {
            Annotations.checkQuantile(q.at(i), context);
            for (int s = 0; s < in.size(); s++) {
                if (!valid[s] && in.has(s, i)) {
                    Annotations.badBucketLabel(
                            in.labels(s).metricName(), in.labels(s).get(LE), context);
                }
            }
            for (int h = 0; h < histograms; h++) {
                int n = 0;
                for (int s : members.get(h)) {
                    if (in.has(s, i)) {
                        bounds[n] = upper[s];
                        bucketCounts[n] = in.value(s, i);
                        n++;
                    }
                }
                if (n == 0) {
                    continue;
                }
                forced[0] = false;
                double value = bucketQuantile(q.at(i), bounds, bucketCounts, n, forced);
                if (forced[0]) {
                    context.info(Annotations.FORCED_MONOTONICITY);
                }
                if (outSeries[h] < 0) {
                    outSeries[h] = out.addSeries(outLabels.get(h));
                }
                out.set(outSeries[h], i, value);
            }
        }
        return out;
    }

    private static boolean isNaNSpelling(String le) {
        String t = le.startsWith("+") || le.startsWith("-") ? le.substring(1) : le;
        return t.equalsIgnoreCase("nan");
    }

    /**
     * The q-quantile of the buckets {@code (bounds[k], counts[k])}, k < n, which this call
     * reorders and rewrites; sets {@code forced[0]} when counts had to be made monotonic.
     */
    static double bucketQuantile(double q, double[] bounds, double[] counts, int n, boolean[] forced) {
        if (Double.isNaN(q)) {
            return Double.NaN;
        }
        if (q < 0) {
            return Double.NEGATIVE_INFINITY;
        }
        if (q > 1) {
            return Double.POSITIVE_INFINITY;
        }
        sortByBound(bounds, counts, n);
        if (bounds[n - 1] != Double.POSITIVE_INFINITY) {
            return Double.NaN;
        }
        n = coalesce(bounds, counts, n);
        forced[0] = ensureMonotonic(counts, n);
        if (n < 2) {
            return Double.NaN;
        }
        double observations = counts[n - 1];
        if (observations == 0) {
            return Double.NaN;
        }
        double rank = q * observations;
        int b = 0;
        while (b < n - 1 && !(counts[b] >= rank)) {
            b++;
        }
        if (b == n - 1) {
            return bounds[n - 2];
        }
        if (b == 0 && bounds[0] <= 0) {
            return bounds[0];
        }
        double start = 0;
        double end = bounds[b];
        double count = counts[b];
        if (b > 0) {
            start = bounds[b - 1];
            count -= counts[b - 1];
            rank -= counts[b - 1];
        }
        return start + (end - start) * (rank / count);
    }

    /** Stable insertion sort by bound (histograms have few buckets). */
    private static void sortByBound(double[] bounds, double[] counts, int n) {
        for (int i = 1; i < n; i++) {
            double b = bounds[i];
            double c = counts[i];
            int j = i - 1;
            while (j >= 0 && bounds[j] > b) {
                bounds[j + 1] = bounds[j];
                counts[j + 1] = counts[j];
                j--;
            }
            bounds[j + 1] = b;
            counts[j + 1] = c;
        }
    }

    /** Merges buckets of equal bound by adding their counts; returns the new bucket count. */
    private static int coalesce(double[] bounds, double[] counts, int n) {
        int k = 0;
        for (int i = 1; i < n; i++) {
            if (bounds[i] == bounds[k]) {
                counts[k] += counts[i];
            } else {
                k++;
                bounds[k] = bounds[i];
                counts[k] = counts[i];
            }
        }
        return k + 1;
    }

    /**
     * Removes decreases between neighbouring counts (returns true when one was not float noise)
     * and silently evens out differences within a relative {@link #SMALL_DELTA}.
     */
    private static boolean ensureMonotonic(double[] counts, int n) {
        boolean forced = false;
        double prev = counts[0];
        for (int i = 1; i < n; i++) {
            double cur = counts[i];
            if (cur == prev) {
                continue;
            }
            if (AlmostEqual.within(prev, cur, SMALL_DELTA)) {
                counts[i] = prev;
                continue;
            }
            if (cur < prev) {
                counts[i] = prev;
                forced = true;
                continue;
            }
            prev = cur;
        }
        return forced;
    }
}
