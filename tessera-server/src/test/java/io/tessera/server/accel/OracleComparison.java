package io.tessera.server.accel;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Judges one accelerated answer against the exact one ({@code accelerate=false}) of the same
 * server. Exact families: the same label sets and steps, values within 1e-9 relative or 1e-12
 * absolute, NaN exactly where the exact answer has NaN and ±Inf equal. Quantiles the answer says
 * came from a sketch: each value's rank among the window's raw samples (NaN first, as Prometheus
 * sorts them) within the rank bound the answer states, plus one rank (1/n) for the sketch
 * returning a sample where Prometheus interpolates between two.
 */
final class OracleComparison {

    private static final Pattern RANK_BOUND = Pattern.compile("rank error <= ([0-9.eE+-]+)%");
    private static final int RANKED_STEPS = 4;

    /** The sorted raw samples a quantile at {@code t} is taken from, by series (labels without the metric name). */
    interface Populations {
        Map<String, double[]> at(String rangeSelector, long t) throws Exception;
    }

    /** A verdict: null mismatch when the answers agree; {@code series} the labels of the first series that differs, if any. */
    record Verdict(String mismatch, String series, String detail, double worstRankError) {
        static Verdict agree(double rank) {
            return new Verdict(null, null, null, rank);
        }

        static Verdict differ(String mismatch, String detail) {
            return new Verdict(mismatch, "", detail, 0);
        }

        static Verdict differ(String mismatch, String series, String detail) {
            return new Verdict(mismatch, series, detail, 0);
        }

        boolean agrees() {
            return mismatch == null;
        }
    }

    private OracleComparison() {}

    static Verdict judge(
            FuzzQuery query, FuzzClient.Answer accelerated, FuzzClient.Answer exact, Populations populations)
            throws Exception {
        if (query.check() == FuzzQuery.Check.ERROR) {
            if (accelerated.status() != exact.status()) {
                return Verdict.differ(
                        "status differs", "accelerated " + accelerated.status() + ", exact " + exact.status());
            }
            if (exact.status() != 422) {
                return Verdict.differ(
                        "invalid query not refused with 422",
                        "both answered " + exact.status() + ": " + abbreviate(exact.text()));
            }
            return Verdict.agree(0);
        }
        if (accelerated.status() != exact.status()) {
            return Verdict.differ(
                    "status differs",
                    "accelerated " + accelerated.status() + " (" + abbreviate(accelerated.text()) + "), exact "
                            + exact.status() + " (" + abbreviate(exact.text()) + ")");
        }
        if (exact.status() != 200) {
            return Verdict.agree(0);
        }
        JsonNode a = accelerated.body().path("data");
        JsonNode x = exact.body().path("data");
        if (!a.path("resultType").asText().equals(x.path("resultType").asText())) {
            return Verdict.differ(
                    "result type differs",
                    a.path("resultType").asText() + " vs "
                            + x.path("resultType").asText());
        }
        Map<String, TreeMap<Long, Double>> actual = series(a);
        Map<String, TreeMap<Long, Double>> expected = series(x);
        double bound = rankBound(accelerated.notes());
        if (query.check() == FuzzQuery.Check.SKETCH_QUANTILE && !Double.isNaN(bound)) {
            return ranked(query, actual, expected, bound, populations);
        }
        if (query.check() == FuzzQuery.Check.TIES) {
            return sameValuesPerStep(actual, expected);
        }
        return sameSeries(actual, expected);
    }

    private static Verdict sameSeries(
            Map<String, TreeMap<Long, Double>> actual, Map<String, TreeMap<Long, Double>> expected) {
        Verdict labels = sameLabelSets(actual, expected);
        if (labels != null) {
            return labels;
        }
        for (Map.Entry<String, TreeMap<Long, Double>> e : expected.entrySet()) {
            TreeMap<Long, Double> got = actual.get(e.getKey());
            if (!got.keySet().equals(e.getValue().keySet())) {
                return Verdict.differ(
                        "steps differ",
                        e.getKey(),
                        e.getKey() + ": accelerated steps " + steps(got) + ", exact " + steps(e.getValue()));
            }
            for (Map.Entry<Long, Double> p : e.getValue().entrySet()) {
                double g = got.get(p.getKey());
                if (!close(g, p.getValue())) {
                    return Verdict.differ(
                            valueMismatch(g, p.getValue()),
                            e.getKey(),
                            e.getKey() + " at " + FuzzClient.seconds(p.getKey()) + ": accelerated " + show(g)
                                    + ", exact " + show(p.getValue()));
                }
            }
        }
        return Verdict.agree(0);
    }

    private static Verdict sameLabelSets(
            Map<String, TreeMap<Long, Double>> actual, Map<String, TreeMap<Long, Double>> expected) {
        if (actual.keySet().equals(expected.keySet())) {
            return null;
        }
        TreeSet<String> missing = new TreeSet<>(expected.keySet());
        missing.removeAll(actual.keySet());
        TreeSet<String> extra = new TreeSet<>(actual.keySet());
        extra.removeAll(expected.keySet());
        return Verdict.differ(
                "label sets differ",
                missing.isEmpty() ? first(extra) : first(missing),
                "missing " + first(missing) + " (" + missing.size() + "), extra " + first(extra) + " (" + extra.size()
                        + ")");
    }

    /** topk/bottomk: at every step the sorted values of all series must agree (ties may pick other series). */
    private static Verdict sameValuesPerStep(
            Map<String, TreeMap<Long, Double>> actual, Map<String, TreeMap<Long, Double>> expected) {
        Map<Long, List<Double>> a = byStep(actual);
        Map<Long, List<Double>> x = byStep(expected);
        if (!a.keySet().equals(x.keySet())) {
            return Verdict.differ(
                    "steps differ",
                    "accelerated steps " + a.keySet().size() + ", exact "
                            + x.keySet().size());
        }
        for (Map.Entry<Long, List<Double>> e : x.entrySet()) {
            List<Double> got = a.get(e.getKey());
            if (got.size() != e.getValue().size()) {
                return Verdict.differ(
                        "series count differs",
                        "at " + FuzzClient.seconds(e.getKey()) + ": accelerated " + got + ", exact " + e.getValue());
            }
            for (int i = 0; i < got.size(); i++) {
                if (!close(got.get(i), e.getValue().get(i))) {
                    return Verdict.differ(
                            valueMismatch(got.get(i), e.getValue().get(i)),
                            "at " + FuzzClient.seconds(e.getKey()) + ": accelerated values " + got + ", exact "
                                    + e.getValue());
                }
            }
        }
        return Verdict.agree(0);
    }

    private static Map<Long, List<Double>> byStep(Map<String, TreeMap<Long, Double>> series) {
        Map<Long, List<Double>> out = new TreeMap<>();
        for (TreeMap<Long, Double> s : series.values()) {
            s.forEach((t, v) -> out.computeIfAbsent(t, k -> new ArrayList<>()).add(v));
        }
        out.values().forEach(l -> l.sort(OracleComparison::nanFirst));
        return out;
    }

    private static Verdict ranked(
            FuzzQuery query,
            Map<String, TreeMap<Long, Double>> actual,
            Map<String, TreeMap<Long, Double>> expected,
            double bound,
            Populations populations)
            throws Exception {
        Verdict labels = sameLabelSets(actual, expected);
        if (labels != null) {
            return labels;
        }
        TreeSet<Long> times = new TreeSet<>();
        actual.values().forEach(s -> times.addAll(s.keySet()));
        List<Long> checked = spread(new ArrayList<>(times));
        double worst = 0;
        for (long t : checked) {
            Map<String, double[]> population = populations.at(query.population(), t);
            for (Map.Entry<String, TreeMap<Long, Double>> e : actual.entrySet()) {
                Double answer = e.getValue().get(t);
                Double exactValue = expected.get(e.getKey()).get(t);
                if (answer == null || exactValue == null) {
                    if (answer != exactValue) {
                        return Verdict.differ(
                                "steps differ",
                                e.getKey(),
                                e.getKey() + " at " + FuzzClient.seconds(t) + ": accelerated " + answer + ", exact "
                                        + exactValue);
                    }
                    continue;
                }
                if (Double.isNaN(answer) && Double.isNaN(exactValue)) {
                    // NaN from the exact engine too: its interpolation between -Inf and +Inf, or NaN samples at the
                    // rank
                    continue;
                }
                double[] sorted = population.get(e.getKey());
                if (sorted == null) {
                    return Verdict.differ(
                            "quantile population missing", e.getKey(), e.getKey() + " at " + FuzzClient.seconds(t));
                }
                double error = rankError(sorted, query.q(), answer);
                worst = Math.max(worst, error);
                if (error > bound + 1.0 / sorted.length) {
                    return Verdict.differ(
                            "quantile rank error over its bound",
                            e.getKey(),
                            String.format(
                                    Locale.ROOT,
                                    "%s at %s: accelerated %s, exact %s, rank error %.4f > bound %.4f + 1/%d (of %d samples, %d NaN)%s",
                                    e.getKey(),
                                    FuzzClient.seconds(t),
                                    show(answer),
                                    show(exactValue),
                                    error,
                                    bound,
                                    sorted.length,
                                    sorted.length,
                                    nanCount(sorted),
                                    sorted.length <= 12 ? " " + Arrays.toString(sorted) : ""));
                }
            }
        }
        return Verdict.agree(worst);
    }

    /** The first, the last and a few steps between. */
    private static List<Long> spread(List<Long> times) {
        if (times.size() <= RANKED_STEPS) {
            return times;
        }
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < RANKED_STEPS; i++) {
            out.add(times.get((int) ((long) i * (times.size() - 1) / (RANKED_STEPS - 1))));
        }
        return out;
    }

    /** The largest rank bound the notes state, as a fraction, or NaN when they state none. */
    static double rankBound(String notes) {
        Matcher m = RANK_BOUND.matcher(notes);
        double bound = Double.NaN;
        while (m.find()) {
            double b = Double.parseDouble(m.group(1)) / 100;
            bound = Double.isNaN(bound) ? b : Math.max(bound, b);
        }
        return bound;
    }

    /**
     * How far, as a share of n, the answer's place among the sorted values (NaN first) is from the
     * rank q·(n − 1) the quantile asks for; an interpolated answer between two values takes both
     * places, and an answer within rounding ({@link #close}) of a sample is that sample (Prometheus'
     * interpolation between equal values can land an ulp away). A NaN answer where no sample is NaN
     * is wrong by the whole population.
     */
    static double rankError(double[] sorted, double q, double answer) {
        int n = sorted.length;
        int nans = nanCount(sorted);
        int below;
        int upTo;
        if (Double.isNaN(answer)) {
            if (nans == 0) {
                return 1;
            }
            below = 0;
            upTo = nans;
        } else {
            below = nans;
            while (below < n && sorted[below] < answer && !close(sorted[below], answer)) {
                below++;
            }
            upTo = below;
            while (upTo < n && close(sorted[upTo], answer)) {
                upTo++;
            }
        }
        return rankDistance(n, below, upTo, q);
    }

    /**
     * How far, as a share of n, the rank q·(n − 1) is from the places {@code [below, upTo)} an answer
     * takes among n sorted values; an answer between two values ({@code below == upTo}) takes both neighbours.
     */
    static double rankDistance(int n, int below, int upTo, double q) {
        double lo = upTo > below ? below : below - 1;
        double hi = upTo > below ? upTo - 1 : below;
        double r = q * (n - 1);
        double off = r < lo ? lo - r : r > hi ? r - hi : 0;
        return off / n;
    }

    static int nanCount(double[] sorted) {
        int nans = 0;
        while (nans < sorted.length && Double.isNaN(sorted[nans])) {
            nans++;
        }
        return nans;
    }

    /** Sorts NaN first and −0.0 equal to 0.0, as Prometheus' quantile sorts. */
    static void sortNanFirst(double[] values) {
        Double[] boxed = Arrays.stream(values).boxed().toArray(Double[]::new);
        Arrays.sort(boxed, OracleComparison::nanFirst);
        for (int i = 0; i < values.length; i++) {
            values[i] = boxed[i];
        }
    }

    private static int nanFirst(Double a, Double b) {
        boolean an = Double.isNaN(a);
        boolean bn = Double.isNaN(b);
        if (an || bn) {
            return an == bn ? 0 : an ? -1 : 1;
        }
        return a < b ? -1 : a > b ? 1 : 0;
    }

    static boolean close(double a, double x) {
        if (Double.isNaN(a) || Double.isNaN(x)) {
            return Double.isNaN(a) && Double.isNaN(x);
        }
        if (Double.isInfinite(a) || Double.isInfinite(x)) {
            return a == x;
        }
        double d = Math.abs(a - x);
        return d <= 1e-12 || d <= 1e-9 * Math.max(Math.abs(a), Math.abs(x));
    }

    private static String valueMismatch(double a, double x) {
        if (Double.isNaN(a) != Double.isNaN(x)) {
            return Double.isNaN(x) ? "number where exact is NaN" : "NaN where exact is a number";
        }
        if (Double.isInfinite(a) || Double.isInfinite(x)) {
            return "infinity differs";
        }
        return "value differs";
    }

    /** Series of a vector, matrix or scalar result by their label sets (as text), each its points by time. */
    static Map<String, TreeMap<Long, Double>> series(JsonNode data) {
        Map<String, TreeMap<Long, Double>> out = new TreeMap<>();
        JsonNode result = data.path("result");
        switch (data.path("resultType").asText()) {
            case "scalar", "string" ->
                out.computeIfAbsent("scalar", k -> new TreeMap<>()).put(millis(result.get(0)), value(result.get(1)));
            default -> {
                for (JsonNode r : result) {
                    TreeMap<Long, Double> points = out.computeIfAbsent(labels(r.path("metric")), k -> new TreeMap<>());
                    if (r.has("values")) {
                        for (JsonNode p : r.path("values")) {
                            points.put(millis(p.get(0)), value(p.get(1)));
                        }
                    } else if (r.has("value")) {
                        points.put(
                                millis(r.path("value").get(0)),
                                value(r.path("value").get(1)));
                    }
                }
            }
        }
        return out;
    }

    static String labels(JsonNode metric) {
        TreeMap<String, String> sorted = new TreeMap<>();
        metric.fieldNames().forEachRemaining(n -> sorted.put(n, metric.path(n).asText()));
        return sorted.toString();
    }

    private static long millis(JsonNode t) {
        return new java.math.BigDecimal(t.asText()).movePointRight(3).longValueExact();
    }

    static double value(JsonNode v) {
        return switch (v.asText()) {
            case "NaN" -> Double.NaN;
            case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(v.asText());
        };
    }

    static String show(double v) {
        return Double.isNaN(v) ? "NaN" : Double.isInfinite(v) ? (v > 0 ? "+Inf" : "-Inf") : Double.toString(v);
    }

    private static String steps(TreeMap<Long, Double> s) {
        return s.size()
                + (s.isEmpty()
                        ? ""
                        : " from " + FuzzClient.seconds(s.firstKey()) + " to " + FuzzClient.seconds(s.lastKey()));
    }

    private static String first(TreeSet<String> s) {
        return s.isEmpty() ? "none" : s.first();
    }

    static String abbreviate(String s) {
        return s.length() <= 300 ? s : s.substring(0, 300) + "…";
    }
}
