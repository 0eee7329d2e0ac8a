package io.tessera.bench.accel;

import io.tessera.bench.promql.QueryAnswer;
import io.tessera.bench.promql.QueryApi;
import io.tessera.bench.promql.SeriesPoints;
import io.tessera.core.Labels;
import io.tessera.core.Search;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The largest error of an answer: relative against Prometheus' answer for the exact families,
 * rank error among the sorted raw samples for quantiles. A series missing on one side, or an
 * error answer, counts as an infinite error.
 */
public final class AnswerErrors {

    private AnswerErrors() {}

    /**
     * The error of {@code ours}, Tessera's answer of {@code q} at {@code t}, as {@code q} says to
     * measure it: against {@code prom}, Prometheus' answer, or among the raw samples Prometheus
     * returns for the quantile's window.
     */
    public static double of(AccelQuery q, long t, QueryAnswer ours, QueryAnswer prom, QueryApi theirs)
            throws IOException, InterruptedException {
        return switch (q.error()) {
            case RELATIVE -> relative(prom, ours);
            case RANK_OVER_TIME ->
                rank(
                        ours,
                        samplesBy(QueryAnswer.parse(theirs.instant(q.rawSelector(), t)), "instance"),
                        "instance",
                        q.quantile());
            case RANK_BY_JOB ->
                rank(
                        ours,
                        samplesBy(QueryAnswer.parse(theirs.instant(q.rawSelector(), t)), "job"),
                        "job",
                        q.quantile());
        };
    }

    /** max |ours - theirs| / max(|ours|, |theirs|) over all series and points. */
    static double relative(QueryAnswer theirs, QueryAnswer ours) {
        if (theirs.isError()
                || ours.isError()
                || !theirs.series().keySet().equals(ours.series().keySet())) {
            return Double.POSITIVE_INFINITY;
        }
        double worst = 0;
        for (Map.Entry<Labels, SeriesPoints> e : theirs.series().entrySet()) {
            double[] a = e.getValue().values();
            double[] b = ours.series().get(e.getKey()).values();
            if (a.length != b.length) {
                return Double.POSITIVE_INFINITY;
            }
            for (int i = 0; i < a.length; i++) {
                double scale = Math.max(Math.abs(a[i]), Math.abs(b[i]));
                if (a[i] != b[i]) {
                    worst = Math.max(
                            worst,
                            scale == 0 || Double.isNaN(scale)
                                    ? Double.POSITIVE_INFINITY
                                    : Math.abs(a[i] - b[i]) / scale);
                }
            }
        }
        return worst;
    }

    /**
     * The largest rank error of {@code ours}' values among the raw samples of their series
     * (or groups): {@code raw} maps the key {@code keyLabel} names to its samples.
     */
    static double rank(QueryAnswer ours, Map<String, double[]> raw, String keyLabel, double q) {
        if (ours.isError() || ours.series().size() != raw.size()) {
            return Double.POSITIVE_INFINITY;
        }
        double worst = 0;
        for (Map.Entry<Labels, SeriesPoints> e : ours.series().entrySet()) {
            double[] sorted = raw.get(e.getKey().get(keyLabel));
            if (sorted == null) {
                return Double.POSITIVE_INFINITY;
            }
            worst = Math.max(worst, rankError(sorted, e.getValue().values()[0], q));
        }
        return worst;
    }

    /** How far q lies from the normalized ranks {@code v} can have among {@code sorted}. */
    static double rankError(double[] sorted, double v, double q) {
        int n = sorted.length;
        if (n < 2) {
            return 0;
        }
        int below = Search.firstAtLeast(sorted, 0, sorted.length, v);
        int atOrBelow = Search.firstAfter(sorted, 0, sorted.length, v);
        // present: its 0-based ranks are [below, atOrBelow - 1]; else it lies between ranks below - 1 and below
        double lo = (atOrBelow > below ? below : Math.max(0, below - 1)) / (double) (n - 1);
        double hi = (atOrBelow > below ? atOrBelow - 1 : Math.min(n - 1, below)) / (double) (n - 1);
        return q < lo ? lo - q : q > hi ? q - hi : 0;
    }

    /** Sorted values per {@code keyLabel} of every series of a matrix or vector answer. */
    static Map<String, double[]> samplesBy(QueryAnswer raw, String keyLabel) {
        Map<String, List<double[]>> parts = new HashMap<>();
        for (Map.Entry<Labels, SeriesPoints> e : raw.series().entrySet()) {
            parts.computeIfAbsent(e.getKey().get(keyLabel), k -> new ArrayList<>())
                    .add(e.getValue().values());
        }
        Map<String, double[]> out = new HashMap<>();
        for (Map.Entry<String, List<double[]>> e : parts.entrySet()) {
            int n = 0;
            for (double[] p : e.getValue()) {
                n += p.length;
            }
            double[] all = new double[n];
            int at = 0;
            for (double[] p : e.getValue()) {
                System.arraycopy(p, 0, all, at, p.length);
                at += p.length;
            }
            Arrays.sort(all);
            out.put(e.getKey(), all);
        }
        return out;
    }
}
