package io.tessera.promqltest;

import io.tessera.core.Labels;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Compares a query result with an eval's expected result the way promqltest does: values with
 * {@link Floats#almostEqual}, series matched by their exact label sets, vector order only for
 * ordered evals, matrix points by timestamp on the eval's grid. The first difference found is
 * the answer.
 */
final class ResultComparison {

    private ResultComparison() {}

    /** The first mismatch, or empty when {@code result} is what {@code eval} expects. */
    static Optional<String> compare(EvalCommand eval, QueryResult result) {
        return Optional.ofNullable(
                switch (result) {
                    case QueryResult.Matrix m -> matrix(eval, m);
                    case QueryResult.Vector v -> vector(eval, v);
                    case QueryResult.Scalar s -> scalar(eval, s);
                    case QueryResult.StringValue s -> string(eval, s);
                });
    }

    private static String matrix(EvalCommand eval, QueryResult.Matrix m) {
        if (eval.expect().isOrdered()) {
            return "expected ordered result, but query returned a matrix";
        }
        if (eval.expected() instanceof ExpectedResult.Scalar) {
            return "expected scalar result, but got matrix " + m.series();
        }
        String unsorted = unsorted(m);
        if (unsorted != null) {
            return unsorted;
        }
        Map<Labels, ExpectedSeries> expected = expectedSeries(eval);
        long start;
        long end;
        long step;
        if (eval.time() instanceof QueryTime.Range r) {
            start = r.start();
            end = r.end();
            step = r.step();
        } else if (eval.rangeVector().isPresent()) {
            start = eval.rangeVector().get().start();
            end = eval.rangeVector().get().end();
            step = eval.rangeVector().get().step();
        } else {
            // An instant matrix without an expected grid: promqltest's grid ends before any point.
            start = ((QueryTime.Instant) eval.time()).at();
            end = Long.MIN_VALUE;
            step = 0;
        }
        Set<Labels> seen = new HashSet<>();
        for (PointSeries s : m.series()) {
            ExpectedSeries exp = expected.get(s.labels());
            if (exp == null) {
                return "unexpected series " + s.labels() + " in result, it has " + points(s);
            }
            seen.add(s.labels());
            int n = 0;
            for (int i = 0; i < exp.values().size(); i++) {
                if (start + i * step > end) {
                    return "expected " + exp.values().size() + " points for " + exp.labels()
                            + ", but the query time range cannot return this many points";
                }
                n += exp.values().get(i).omitted() ? 0 : 1;
            }
            if (n != s.size()) {
                return "expected " + n + " points for " + exp.labels() + " " + expectedPoints(exp, start, step)
                        + ", but got " + points(s);
            }
            int j = 0;
            for (int i = 0; i < exp.values().size(); i++) {
                SequenceValue e = exp.values().get(i);
                if (e.omitted()) {
                    continue;
                }
                long t = start + i * step;
                if (s.timestamps()[j] != t) {
                    return "expected point " + j + " of " + exp.labels() + " at t=" + t + ", but it is at t="
                            + s.timestamps()[j] + " (result has " + points(s) + ")";
                }
                if (!Floats.almostEqual(s.values()[j], e.value())) {
                    return "expected " + Floats.format(e.value()) + " at t=" + t + " for " + exp.labels() + ", but got "
                            + Floats.format(s.values()[j]) + " (result has " + points(s) + ")";
                }
                j++;
            }
        }
        for (ExpectedSeries e : expected.values()) {
            if (!seen.contains(e.labels())) {
                return "expected series " + e.labels() + " " + expectedPoints(e, start, step) + " not found";
            }
        }
        return null;
    }

    private static String vector(EvalCommand eval, QueryResult.Vector v) {
        if (eval.expected() instanceof ExpectedResult.Scalar) {
            return "expected scalar result, but got vector " + v.samples();
        }
        Map<Labels, ExpectedSeries> expected = expectedSeries(eval);
        Set<Labels> seen = new HashSet<>();
        for (int pos = 0; pos < v.samples().size(); pos++) {
            QueryResult.Sample s = v.samples().get(pos);
            ExpectedSeries exp = expected.get(s.labels());
            if (exp == null) {
                return "unexpected series " + s.labels() + " in result, it has value " + Floats.format(s.value());
            }
            if (eval.expect().isOrdered() && exp.position() != pos + 1) {
                return "expected series " + s.labels() + " at position " + exp.position() + ", but it was at "
                        + (pos + 1);
            }
            double want = exp.values().getFirst().value();
            if (!Floats.almostEqual(want, s.value())) {
                return "expected " + Floats.format(want) + " for " + s.labels() + ", but got "
                        + Floats.format(s.value());
            }
            seen.add(s.labels());
        }
        for (ExpectedSeries e : expected.values()) {
            if (!seen.contains(e.labels())) {
                return "expected series " + e.labels() + " " + e.values() + " not found";
            }
        }
        return null;
    }

    private static String scalar(EvalCommand eval, QueryResult.Scalar s) {
        if (!(eval.expected() instanceof ExpectedResult.Scalar(double want))) {
            return "expected vector or matrix result, but got scalar " + Floats.format(s.value());
        }
        if (!Floats.almostEqual(want, s.value())) {
            return "expected scalar " + Floats.format(want) + ", but got " + Floats.format(s.value());
        }
        return null;
    }

    private static String string(EvalCommand eval, QueryResult.StringValue s) {
        String want = eval.expected() instanceof ExpectedResult.Text(String text) ? text : "";
        return want.equals(s.value()) ? null : "expected string \"" + want + "\", but got \"" + s.value() + "\"";
    }

    /** promqltest requires every matrix to be sorted by labels. */
    static String unsorted(QueryResult.Matrix m) {
        List<PointSeries> series = m.series();
        for (int i = 0; i + 1 < series.size(); i++) {
            if (series.get(i).labels().compareTo(series.get(i + 1).labels()) > 0) {
                return "matrix results should always be sorted by labels, but series " + (i + 1) + " "
                        + series.get(i + 1).labels() + " sorts before series " + i + " "
                        + series.get(i).labels();
            }
        }
        return null;
    }

    private static Map<Labels, ExpectedSeries> expectedSeries(EvalCommand eval) {
        Map<Labels, ExpectedSeries> byLabels = new HashMap<>();
        if (eval.expected() instanceof ExpectedResult.SeriesSet(List<ExpectedSeries> series)) {
            for (ExpectedSeries e : series) {
                byLabels.put(e.labels(), e);
            }
        }
        return byLabels;
    }

    private static String points(PointSeries s) {
        StringBuilder b = new StringBuilder().append(s.size()).append(s.size() == 1 ? " point [" : " points [");
        for (int i = 0; i < s.size(); i++) {
            b.append(i == 0 ? "" : ", ")
                    .append(Floats.format(s.values()[i]))
                    .append(" @")
                    .append(s.timestamps()[i]);
        }
        return b.append(']').toString();
    }

    private static String expectedPoints(ExpectedSeries e, long start, long step) {
        StringBuilder b = new StringBuilder("[");
        boolean first = true;
        for (int i = 0; i < e.values().size(); i++) {
            SequenceValue v = e.values().get(i);
            if (!v.omitted()) {
                b.append(first ? "" : ", ").append(v).append(" @").append(start + i * step);
                first = false;
            }
        }
        return b.append(']').toString();
    }
}
