package io.tessera.server.accel;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random queries of every accelerated shape (docs/acceleration.md's coverage list): each range
 * function bare, under aggregations by and without, topk/bottomk, quantile by over instant
 * selectors, arithmetic, subqueries; windows on and off the pane grid; {@code offset} (negative
 * too) and {@code @}. Every seed gets each range function once, a few rules whose off-grid
 * instants can be corrected from a grid, then random shapes.
 *
 * @param atFrom {@code @} modifiers pin times in {@code [atFrom, atTo]}
 */
record FuzzQueries(Random random, long atFrom, long atTo) {

    static final List<String> GAUGE_SELECTORS =
            List.of(FuzzDataGenerator.GAUGE, FuzzDataGenerator.GAUGE + "{job!=\"jx\"}");
    static final List<String> COUNTER_SELECTORS =
            List.of(FuzzDataGenerator.COUNTER, FuzzDataGenerator.COUNTER + "{job!=\"jx\"}");

    private static final List<String> GAUGE_FUNCTIONS = List.of(
            "sum_over_time",
            "count_over_time",
            "avg_over_time",
            "min_over_time",
            "max_over_time",
            "stddev_over_time",
            "stdvar_over_time",
            "last_over_time",
            "present_over_time",
            "delta",
            "changes");
    private static final List<String> COUNTER_FUNCTIONS = List.of("rate", "increase", "resets", "changes", "delta");
    /** Functions whose kept grid values a correction can move to an off-grid instant (docs/off-grid.md). */
    private static final List<String> CORRECTABLE = List.of(
            "sum_over_time", "count_over_time", "avg_over_time", "max_over_time", "min_over_time", "delta", "increase");

    private static final List<String> AGGREGATIONS = List.of("sum", "avg", "count", "min", "max", "stddev", "stdvar");
    private static final List<String> GROUPINGS = List.of("by (job)", "without (instance, kind)", "by (kind)", "");
    private static final List<String> COMMON_WINDOWS = List.of("1m", "5m", "10m", "30m");
    private static final List<String> ODD_WINDOWS = List.of("90s", "7m30s", "2m30s");
    private static final double[] QUANTILES = {0, 0.01, 0.1, 0.5, 0.9, 0.99, 1};

    List<FuzzQuery> generate(int extra) {
        List<FuzzQuery> out = new ArrayList<>();
        for (String f : GAUGE_FUNCTIONS) {
            out.add(bare(f, pick(GAUGE_SELECTORS)));
        }
        for (String f : COUNTER_FUNCTIONS) {
            out.add(bare(f, pick(COUNTER_SELECTORS)));
        }
        out.add(sketchQuantile());
        out.add(sketchQuantile());
        out.add(FuzzQuery.rule("delta(" + FuzzDataGenerator.GAUGE + "[" + pick(COMMON_WINDOWS) + "])"));
        out.add(FuzzQuery.rule("rate(" + FuzzDataGenerator.COUNTER + "[" + pick(COMMON_WINDOWS) + "])"));
        for (int i = 0; i < 3; i++) {
            out.add(FuzzQuery.rule(
                    pick(CORRECTABLE) + "(" + pick(GAUGE_SELECTORS) + "[" + pick(COMMON_WINDOWS) + "])"));
        }
        String ruleRange = pick(GAUGE_SELECTORS) + "[" + pick(COMMON_WINDOWS) + "]";
        double ruleQ = pick(QUANTILES);
        out.add(FuzzQuery.quantileRule("quantile_over_time(" + ruleQ + ", " + ruleRange + ")", ruleRange, ruleQ));
        // Prometheus 3 validates count_values' label as a UTF-8 name: "bad label" is a valid one, the empty name is not
        out.add(FuzzQuery.error("count_values(\"\", " + FuzzDataGenerator.GAUGE + ")"));
        for (int i = 0; i < extra; i++) {
            out.add(randomShape());
        }
        return out;
    }

    private FuzzQuery randomShape() {
        return switch (random.nextInt(10)) {
            case 0 -> bare(pick(GAUGE_FUNCTIONS), pick(GAUGE_SELECTORS));
            case 1 -> bare(pick(COUNTER_FUNCTIONS), pick(COUNTER_SELECTORS));
            case 2, 3 -> {
                String grouping = pick(GROUPINGS);
                String inner = innerFunction();
                yield FuzzQuery.exact(
                        pick(AGGREGATIONS) + " " + grouping + " (" + inner + ")",
                        grouping.startsWith("by (job)") && inner.matches("(rate|increase|delta)\\(\\w+\\[\\w+\\]\\)"));
            }
            case 4 ->
                FuzzQuery.ties((random.nextBoolean() ? "topk" : "bottomk") + "(" + (1 + random.nextInt(3)) + ", "
                        + innerFunction() + ")");
            case 5 -> instantSelectorAggregation();
            case 6 -> arithmetic();
            case 7 -> subquery();
            case 8 -> sketchQuantile();
            default -> FuzzQuery.exact("quantile by (job) (" + pick(QUANTILES) + ", " + innerFunction() + ")", false);
        };
    }

    private FuzzQuery bare(String function, String selector) {
        String mods = modifiers();
        String window = window();
        return FuzzQuery.exact(
                function + "(" + selector + "[" + window + "]" + mods + ")",
                mods.isEmpty() && (function.equals("rate") || function.equals("increase") || function.equals("delta")));
    }

    private String innerFunction() {
        if (random.nextBoolean()) {
            return pick(GAUGE_FUNCTIONS) + "(" + pick(GAUGE_SELECTORS) + "[" + window() + "]" + modifiers() + ")";
        }
        return pick(COUNTER_FUNCTIONS) + "(" + pick(COUNTER_SELECTORS) + "[" + window() + "]" + modifiers() + ")";
    }

    private FuzzQuery sketchQuantile() {
        String range = pick(GAUGE_SELECTORS) + "[" + window() + "]" + modifiers();
        double q = pick(QUANTILES);
        return FuzzQuery.quantile("quantile_over_time(" + q + ", " + range + ")", range, q);
    }

    private FuzzQuery instantSelectorAggregation() {
        String selector = pick(GAUGE_SELECTORS) + (random.nextInt(4) == 0 ? " offset 2m" : "");
        return switch (random.nextInt(4)) {
            case 0 -> FuzzQuery.exact("quantile by (job) (" + pick(QUANTILES) + ", " + selector + ")", false);
            case 1 -> FuzzQuery.exact("sum by (job) (" + selector + ")", false);
            case 2 -> FuzzQuery.exact("count by (job) (" + selector + ")", false);
            default ->
                FuzzQuery.exact("count_values(\"value\", " + FuzzDataGenerator.GAUGE + "{kind=\"edges\"})", false);
        };
    }

    private FuzzQuery arithmetic() {
        String selector = pick(GAUGE_SELECTORS);
        String window = window();
        String mods = modifiers();
        return switch (random.nextInt(4)) {
            case 0 ->
                FuzzQuery.exact(
                        "sum_over_time(" + selector + "[" + window + "]" + mods + ") / count_over_time(" + selector
                                + "[" + window + "]" + mods + ")",
                        false);
            case 1 ->
                FuzzQuery.exact(
                        pick(COUNTER_FUNCTIONS) + "(" + pick(COUNTER_SELECTORS) + "[" + window + "]" + mods + ") * 60",
                        false);
            case 2 ->
                FuzzQuery.exact(
                        "2 * " + pick(GAUGE_FUNCTIONS) + "(" + selector + "[" + window + "]" + mods + ") + 1", false);
            default ->
                FuzzQuery.exact(
                        "sum_over_time(" + selector + "[" + window + "]) - sum_over_time(" + selector + "[" + window
                                + "] offset 5m)",
                        false);
        };
    }

    private FuzzQuery subquery() {
        return switch (random.nextInt(3)) {
            case 0 -> FuzzQuery.exact("max_over_time(rate(" + pick(COUNTER_SELECTORS) + "[5m])[30m:1m])", false);
            case 1 ->
                FuzzQuery.exact(
                        "sum_over_time(sum_over_time(" + pick(GAUGE_SELECTORS) + "[5m])[20m:2m]" + modifiers() + ")",
                        false);
            default -> FuzzQuery.exact("avg_over_time(" + innerFunction() + "[10m:30s])", false);
        };
    }

    private String window() {
        return random.nextInt(7) == 0 ? pick(ODD_WINDOWS) : pick(COMMON_WINDOWS);
    }

    /** No modifier half the time; otherwise an offset (negative too), an {@code @}, or both. */
    private String modifiers() {
        return switch (random.nextInt(14)) {
            case 0, 1 -> " offset " + pick(List.of("10m", "7m", "1h", "90s"));
            case 2 -> " offset -" + pick(List.of("5m", "2m", "1m30s"));
            case 3 -> " @ " + pinned();
            case 4 -> " @ " + pinned() + " offset 5m";
            case 5 -> random.nextBoolean() ? " @ end()" : " @ start()";
            default -> "";
        };
    }

    /** A time to pin, on the minute grid, a millisecond off it, or anywhere. */
    private String pinned() {
        long t = atFrom + (long) (random.nextDouble() * (atTo - atFrom));
        t = switch (random.nextInt(3)) {
            case 0 -> Math.floorDiv(t, 60_000) * 60_000;
            case 1 -> Math.floorDiv(t, 60_000) * 60_000 + (random.nextBoolean() ? 1 : -1);
            default -> t;
        };
        return BigDecimal.valueOf(t, 3).toPlainString();
    }

    private <T> T pick(List<T> from) {
        return from.get(random.nextInt(from.size()));
    }

    private double pick(double[] from) {
        return from[random.nextInt(from.length)];
    }
}
