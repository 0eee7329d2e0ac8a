package io.tessera.bench.promql;

import io.tessera.core.Labels;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Whether two answers to the same query agree: both errors (messages may differ), or the same
 * kind with the same label sets, and per series the same timestamps and values equal within a
 * relative tolerance (NaN equals NaN, an infinity only itself). Values whose difference is below
 * an absolute floor also agree: sums whose terms cancel keep only rounding noise, which differs
 * with the order of summation (Prometheus 2.42 adds plainly, Tessera with Kahan's correction).
 *
 * @param agree           whether they agree
 * @param differingSeries series missing, extra, or with different points (1 for a kind or error mismatch)
 * @param details         the first few differences, readable
 */
public record AnswerComparison(boolean agree, int differingSeries, List<String> details) {

    public static final double RELATIVE_TOLERANCE = 1e-6;
    public static final double ABSOLUTE_FLOOR = 1e-9;
    private static final int MAX_DETAILS = 6;

    /** Compares {@code actual} (Tessera's) with {@code expected} (Prometheus'). */
    public static AnswerComparison compare(QueryAnswer expected, QueryAnswer actual) {
        if (expected.isError() || actual.isError()) {
            if (expected.isError() && actual.isError()) {
                return new AnswerComparison(true, 0, List.of());
            }
            return new AnswerComparison(
                    false,
                    1,
                    List.of(
                            expected.isError()
                                    ? "Prometheus failed (" + expected.errorType() + ": " + expected.error()
                                            + "), Tessera answered a " + actual.kind() + " of "
                                            + actual.series().size() + " series"
                                    : "Tessera failed (" + actual.errorType() + ": " + actual.error()
                                            + "), Prometheus answered a " + expected.kind() + " of "
                                            + expected.series().size() + " series"));
        }
        List<String> details = new ArrayList<>();
        int differing = 0;
        if (!expected.kind().equals(actual.kind())) {
            return new AnswerComparison(
                    false, 1, List.of("result type: Prometheus " + expected.kind() + ", Tessera " + actual.kind()));
        }
        if (actual.duplicates() > 0) {
            differing += actual.duplicates();
            details.add("Tessera's result holds " + actual.duplicates() + " label sets more than once");
        }
        for (Map.Entry<Labels, SeriesPoints> e : expected.series().entrySet()) {
            SeriesPoints theirs = actual.series().get(e.getKey());
            String difference = theirs == null
                    ? "missing in Tessera (" + e.getValue().size() + " points)"
                    : difference(e.getValue(), theirs);
            if (difference != null) {
                differing++;
                add(details, e.getKey() + ": " + difference);
            }
        }
        for (Map.Entry<Labels, SeriesPoints> e : actual.series().entrySet()) {
            if (!expected.series().containsKey(e.getKey())) {
                differing++;
                add(
                        details,
                        e.getKey() + ": only in Tessera (" + e.getValue().size() + " points, first "
                                + describe(e.getValue(), 0) + ")");
            }
        }
        if (differing > 0) {
            details.add(
                    0,
                    differing + " of " + expected.series().size() + " Prometheus series differ ("
                            + actual.series().size() + " in Tessera)");
        }
        return new AnswerComparison(differing == 0, differing, List.copyOf(details));
    }

    private static void add(List<String> details, String line) {
        if (details.size() < MAX_DETAILS) {
            details.add(line);
        }
    }

    /** Null when the points agree, else the first difference. */
    private static String difference(SeriesPoints expected, SeriesPoints actual) {
        int n = Math.min(expected.size(), actual.size());
        for (int i = 0; i < n; i++) {
            if (expected.timestamps()[i] != actual.timestamps()[i]) {
                return "point #" + i + ": Prometheus " + describe(expected, i) + ", Tessera " + describe(actual, i)
                        + " (" + expected.size() + " vs " + actual.size() + " points)";
            }
            if (!close(expected.values()[i], actual.values()[i])) {
                return "point #" + i + " of " + expected.size() + ": Prometheus " + describe(expected, i) + ", Tessera "
                        + describe(actual, i);
            }
        }
        if (expected.size() != actual.size()) {
            return expected.size() + " points in Prometheus, " + actual.size() + " in Tessera; the first extra "
                    + (expected.size() > actual.size()
                            ? "Prometheus " + describe(expected, n)
                            : "Tessera " + describe(actual, n));
        }
        return null;
    }

    /** Whether two values agree within the tolerance. */
    public static boolean close(double a, double b) {
        if (Double.isNaN(a) || Double.isNaN(b)) {
            return Double.isNaN(a) && Double.isNaN(b);
        }
        if (a == b) {
            return true;
        }
        if (Double.isInfinite(a) || Double.isInfinite(b)) {
            return false;
        }
        double diff = Math.abs(a - b);
        return diff <= ABSOLUTE_FLOOR || diff <= RELATIVE_TOLERANCE * Math.max(Math.abs(a), Math.abs(b));
    }

    private static String describe(SeriesPoints p, int i) {
        return String.format(Locale.ROOT, "%s @ %d", Double.toString(p.values()[i]), p.timestamps()[i]);
    }
}
