package io.tessera.bench.differential;

import java.util.List;

/**
 * The query templates of the differential test, by family. Each names itself in reports and in
 * {@link KnownDisagreements}.
 *
 * <p>Left out on purpose, because Prometheus 2.42 and 3.x (whose semantics Tessera implements)
 * answer them differently by design, not by bug:
 * <ul>
 *   <li>{@code holt_winters} (2.42) is {@code double_exponential_smoothing} in 3.x, behind a flag;
 *       3.x-only functions and aggregations ({@code mad_over_time}, {@code ts_of_*_over_time},
 *       {@code first_over_time}, {@code sort_by_label}, {@code limitk}, {@code limit_ratio},
 *       {@code info}) do not exist in 2.42;</li>
 *   <li>window edges: 2.42 ranges and lookback are {@code [t − r, t]}, 3.x {@code (t − r, t]}; the
 *       data never puts a sample on the 15 s grid and every range, offset and time here is on it;</li>
 *   <li>subquery steps: 2.42 includes a step on {@code t − range}, 3.x does not; subquery ranges are
 *       7.5 s off the step grid ({@link Vocabulary#subqueryRange()});</li>
 *   <li>rate/increase/delta extrapolation: 3.x caps the distance to the window start at half a
 *       sample interval before the counter's zero point, 2.42 after; they differ only when the first
 *       sample is more than 1.1 average intervals from the start and the counter is near zero. With
 *       scrapes 15 s apart jittered by at most 14 s, windows of at least 2 m never have such a gap,
 *       so those functions get ranges of 2 m and more ({@link Vocabulary#range()}), and series that
 *       start late start at large counter values; {@code rate} over a subquery is asked only of
 *       counters;</li>
 *   <li>{@code topk}/{@code bottomk} choose among tied values by heap order, an implementation
 *       detail; they rank only continuous values (temperatures, rates of counters);</li>
 *   <li>{@code predict_linear} with {@code @} in a range query: it is "@-unsafe" (the regression's
 *       intercept is each step's time), and 2.42's range evaluation of a pinned window is wrong after
 *       the first step (it answers only that step, or values that its own instant queries at those
 *       steps contradict); it is asked as an instant query only ({@code predict_linear_at});</li>
 *   <li>{@code label_replace} to a destination like {@code 1abc}: an invalid label name in 2.42, a
 *       valid UTF-8 one in 3.x; only legacy names are generated;</li>
 *   <li>{@code v atan2 s}: 2.42 keeps the metric name, 3.x drops it as for the other arithmetic
 *       operators; {@code atan2} is asked between scalars only;</li>
 *   <li>date functions and {@code timestamp} over an {@code @}-pinned argument are evaluated per
 *       step by both ("@-unsafe"), and are asked;</li>
 *   <li>regex {@code .} matching a newline (3.x) is moot: no label value holds one.</li>
 * </ul>
 */
final class QueryTemplates {

    private QueryTemplates() {}

    static List<QueryTemplate> all() {
        return List.of(
                // selectors
                QueryTemplate.of("selector", v -> v.anySeries() + v.modifier()),
                QueryTemplate.of(
                        "selector_name_regex",
                        v -> "{__name__=~\""
                                + v.pick("temperature_celsius|queue_depth", "http_.+", "cpu_seconds_total|queue_depth")
                                + "\", " + v.jobMatcher() + "}"),
                QueryTemplate.of(
                        "range_selector",
                        v -> v.selector("temperature_celsius") + "[" + v.anyRange() + "]" + v.modifier()),
                // range functions
                QueryTemplate.of("rate", v -> "rate(" + v.counter() + "[" + v.range() + "]" + v.modifier() + ")"),
                QueryTemplate.of(
                        "increase", v -> "increase(" + v.counter() + "[" + v.range() + "]" + v.modifier() + ")"),
                QueryTemplate.of("delta", v -> "delta(" + v.gauge() + "[" + v.range() + "]" + v.modifier() + ")"),
                QueryTemplate.of(
                        "irate_idelta",
                        v -> v.pick("irate(" + v.counter(), "idelta(" + v.gauge()) + "[" + v.anyRange() + "]"
                                + v.modifier() + ")"),
                QueryTemplate.of("deriv", v -> "deriv(" + v.gauge() + "[" + v.anyRange() + "]" + v.modifier() + ")"),
                QueryTemplate.of(
                        "predict_linear",
                        v -> "predict_linear(" + v.gauge() + "[" + v.anyRange() + "]" + v.pick("", "", " offset 5m")
                                + ", " + v.pick("60", "300", "3600", "-120") + ")"),
                QueryTemplate.instant(
                        "predict_linear_at",
                        v -> "predict_linear(" + v.gauge() + "[" + v.anyRange() + "] @ "
                                + v.pick(v.gridSeconds(), "start()", "end()") + ", " + v.pick("60", "300", "3600")
                                + ")"),
                QueryTemplate.of(
                        "changes_resets",
                        v -> v.pick("changes(" + v.gauge(), "resets(" + v.counter(), "changes(" + v.counter()) + "["
                                + v.anyRange() + "]" + v.modifier() + ")"),
                QueryTemplate.of(
                        "over_time",
                        v -> v.pick("avg", "min", "max", "sum", "count", "last", "present", "stddev", "stdvar")
                                + "_over_time(" + v.anySeries() + "[" + v.anyRange() + "]" + v.modifier() + ")"),
                QueryTemplate.of(
                        "quantile_over_time",
                        v -> "quantile_over_time(" + v.phi() + ", " + v.gauge() + "[" + v.anyRange() + "]"
                                + v.modifier() + ")"),
                QueryTemplate.of(
                        "absent_repeated_matcher",
                        v -> v.pick("absent(", "absent_over_time(")
                                + v.pick(
                                        "queue_depth{zone!=\"z0\", zone=\"z0\"}",
                                        "temperature_celsius{job=~\"a.*\", job=\"api\"}",
                                        "nonexistent_metric{job=\"api\", job=\"db\", zone=\"z1\"}")
                                + v.pick(")", "[5m])")),
                QueryTemplate.of(
                        "absent_over_time",
                        v -> "absent_over_time(" + v.pick("nonexistent_metric{job=\"api\"}", v.gaugeDistinct()) + "["
                                + v.anyRange() + "])"),
                // histograms
                QueryTemplate.of(
                        "histogram_quantile",
                        v -> "histogram_quantile(" + v.phi() + ", rate(" + v.selector(Vocabulary.BUCKET) + "["
                                + v.range() + "]))"),
                QueryTemplate.of(
                        "histogram_quantile_sum",
                        v -> "histogram_quantile(" + v.phi() + ", sum by (le" + v.pick("", ", job", ", zone")
                                + ") (rate(" + v.selector(Vocabulary.BUCKET) + "[" + v.range() + "])))"),
                QueryTemplate.of(
                        "histogram_mean",
                        v -> "rate(request_duration_seconds_sum[" + v.range()
                                + "]) / rate(request_duration_seconds_count[" + v.range() + "])"),
                // instant functions
                QueryTemplate.of(
                        "math",
                        v -> v.pick(
                                        "abs", "ceil", "floor", "round", "sqrt", "sgn", "ln", "log2", "log10", "exp",
                                        "sin", "cos", "tanh", "asinh", "deg", "rad")
                                + "("
                                + v.pick(
                                        v.gauge(),
                                        "delta(temperature_celsius[5m])",
                                        "deriv(" + v.gauge() + "[10m])",
                                        v.counter() + " / 1e6")
                                + ")"),
                QueryTemplate.of(
                        "round_clamp",
                        v -> v.pick(
                                "round(" + v.gauge() + ", " + v.pick("0.5", "5", "0.1") + ")",
                                "clamp_min(" + v.gauge() + ", " + v.between(0, 60) + ")",
                                "clamp_max(" + v.gauge() + ", " + v.between(0, 60) + ")",
                                "clamp(" + v.gauge() + ", " + v.between(0, 30) + ", " + v.between(20, 70) + ")")),
                QueryTemplate.of(
                        "label_replace",
                        v -> v.pick(
                                "label_replace(" + v.gauge() + ", \"host\", \"$1\", \"instance\", \"(.*):.*\")",
                                "label_replace(" + v.gauge() + ", \"job\", \"x-$1\", \"zone\", \"z(.)\")",
                                "label_replace(rate(" + v.counter()
                                        + "[5m]), \"sensor\", \"$0\", \"nolabel\", \"(.*)\")",
                                "label_join(" + v.gauge() + ", \"jz\", \"-\", \"job\", \"zone\")")),
                QueryTemplate.of(
                        "timestamp_time",
                        v -> v.pick(
                                "timestamp(" + v.gauge() + ")",
                                "time() - timestamp(" + v.gauge() + ")",
                                "timestamp(abs(" + v.gauge() + "))",
                                "time()",
                                "vector(time())",
                                "minute(timestamp(" + v.gauge() + "))",
                                "hour()",
                                "day_of_week()",
                                "days_in_month(vector(time()))")),
                QueryTemplate.of("sort", v -> v.pick("sort", "sort_desc") + "(" + v.temperature() + ")"),
                QueryTemplate.of(
                        "absent",
                        v -> "absent("
                                + v.pick(
                                        "nonexistent_metric{job=\"api\"}",
                                        v.gaugeDistinct(),
                                        "queue_depth{job=\"nosuchjob\", zone=\"z1\"}")
                                + ")"),
                QueryTemplate.of(
                        "scalar_vector",
                        v -> v.pick(
                                "scalar(sum(queue_depth))",
                                "scalar(" + v.gauge() + ")",
                                "vector(1) + " + v.pick("3", "scalar(count(up))"),
                                "queue_depth * scalar(max(queue_depth))")),
                // aggregations
                QueryTemplate.of(
                        "aggregate",
                        v -> v.pick("sum", "avg", "min", "max", "count", "stddev", "stdvar", "group") + " "
                                + v.grouping() + " ("
                                + v.pick(v.gauge(), "rate(" + v.counter() + "[" + v.range() + "])") + ")"),
                QueryTemplate.of(
                        "topk_bottomk",
                        v -> v.pick("topk", "bottomk") + " " + v.pick("", "by (job)", "without (instance)")
                                + " (" + v.between(1, 5) + ", "
                                + v.pick(v.temperature(), "rate(http_requests_total{code=\"200\"}[" + v.range() + "])")
                                + ")"),
                QueryTemplate.of("quantile", v -> "quantile " + v.grouping() + " (" + v.phi() + ", " + v.gauge() + ")"),
                QueryTemplate.of(
                        "count_values",
                        v -> "count_values " + v.pick("", "by (job)", "without (instance)")
                                + " (\"value\", "
                                + v.pick(
                                        "queue_depth",
                                        "ceil(temperature_celsius / 10)",
                                        "resets(http_requests_total[30m])",
                                        "round(temperature_celsius, 0.1)",
                                        "temperature_celsius",
                                        "http_requests_total * 1e15",
                                        "queue_depth / 7")
                                + ")"),
                QueryTemplate.of(
                        "nested_aggregate",
                        v -> v.pick("max", "avg", "count") + " (" + v.pick("sum", "max") + " by (job, zone) ("
                                + v.gauge() + "))"),
                // binary operators
                QueryTemplate.of(
                        "scalar_arithmetic",
                        v -> v.pick(
                                v.gauge() + " * 2 + 1",
                                v.gauge() + " / 0",
                                v.counter() + " % 7",
                                "2 ^ (queue_depth / 10)",
                                "-" + v.gauge(),
                                "1 - " + v.gauge() + " / 100",
                                "(1 + 2) * 3",
                                "100 / " + v.gauge(),
                                "1 > bool 2",
                                "10 atan2 20",
                                v.gauge() + " - " + v.gauge() + " offset 5m")),
                QueryTemplate.of(
                        "invalid",
                        v -> v.pick(
                                "sum(",
                                "rate(queue_depth)",
                                "queue_depth[5m:1m:2]",
                                "temperature_celsius{",
                                "histogram_quantile(0.9)",
                                "1 > 2",
                                "sum by (job) (queue_depth) by (zone)",
                                "label_replace(queue_depth, \"a\", \"$1\", \"job\", \"(\")",
                                "{job=~\".*\"}",
                                "rate(temperature_celsius[5m]) + on(job) group_left group_right queue_depth")),
                QueryTemplate.of(
                        "comparison",
                        v -> v.gauge() + " " + v.pick(">", "<", ">=", "<=", "==", "!=") + v.pick("", " bool") + " "
                                + v.between(0, 60)),
                QueryTemplate.of(
                        "one_to_one",
                        v -> v.pick(
                                "temperature_celsius{sensor=\"cpu\"} - ignoring(sensor) temperature_celsius{sensor=\"board\"}",
                                "sum by (job, instance) (rate(http_requests_total[" + v.range()
                                        + "])) / on(job, instance) sum by" + " (job, instance) (rate(cpu_seconds_total["
                                        + v.range() + "]))",
                                "sum by (job) (rate(http_requests_total{code=~\"5..\"}[" + v.range()
                                        + "])) / sum by (job)" + " (rate(http_requests_total[" + v.range() + "]))",
                                "queue_depth > bool on(instance, job, zone) temperature_celsius{sensor=\"board\"}")),
                QueryTemplate.of(
                        "group_left_right",
                        v -> v.pick(
                                "rate(http_requests_total[" + v.range() + "]) * on(instance) group_left(sensor)"
                                        + " temperature_celsius{sensor=\"cpu\"}",
                                "rate(http_requests_total[" + v.range() + "]) / on(job) group_left() sum by (job)"
                                        + " (rate(http_requests_total[" + v.range() + "]))",
                                "sum by (instance) (queue_depth) * on(instance) group_right() temperature_celsius",
                                "temperature_celsius / ignoring(sensor) group_left queue_depth",
                                "queue_depth / on() group_left() sum(queue_depth)",
                                "sum by (job, le) (rate(request_duration_seconds_bucket[" + v.range()
                                        + "])) / ignoring(le) group_left"
                                        + " sum by (job) (rate(request_duration_seconds_count[" + v.range() + "]))")),
                QueryTemplate.of(
                        "matching_errors",
                        v -> v.pick(
                                "http_requests_total + on(job) temperature_celsius",
                                "abs({__name__=~\"request_duration_seconds_(sum|count)\"})",
                                "temperature_celsius * on(job) group_left() queue_depth",
                                "label_replace(temperature_celsius, \"instance\", \"same\", \"instance\", \".*\")")),
                QueryTemplate.of(
                        "set_operators",
                        v -> v.pick(
                                "temperature_celsius > 55 and on(instance) queue_depth > 10",
                                "queue_depth > 30 or temperature_celsius < 40",
                                "temperature_celsius unless on(instance) queue_depth > 20",
                                v.gauge() + " and " + v.gauge(),
                                v.gauge() + " or " + v.counter(),
                                "rate(" + v.counter()
                                        + "[5m]) unless ignoring(code) rate(http_requests_total{code=\"500\"}[5m])",
                                "sum(rate(http_requests_total{code=\"404\"}[5m])) or vector(0)",
                                "queue_depth unless on() vector(1)",
                                "temperature_celsius and on(job) (queue_depth > 35)")),
                // subqueries
                QueryTemplate.of(
                        "subquery_over_time",
                        v -> v.pick("max", "min", "avg", "sum", "count") + "_over_time("
                                + v.pick("rate(" + v.counter() + "[5m])", v.gauge(), "sum by (job) (" + v.gauge() + ")")
                                + "[" + v.subqueryRange() + ":" + v.subqueryStep() + "]" + v.modifier() + ")"),
                QueryTemplate.of(
                        "subquery_rate",
                        v -> v.pick("rate", "increase") + "(" + v.counter() + "[" + v.subqueryRange() + ":"
                                + v.subqueryStep() + "])"),
                QueryTemplate.of(
                        "subquery_nested",
                        v -> v.pick("deriv(", "quantile_over_time(0.9, ", "max_over_time(", "changes(")
                                + v.pick(
                                        "sum by (job) (rate(http_requests_total[5m]))",
                                        "timestamp(queue_depth)",
                                        "max by (zone) (temperature_celsius)")
                                + "[" + v.subqueryRange() + ":" + v.subqueryStep() + "]"
                                + v.pick("", " offset 5m", " @ " + v.gridSeconds()) + ")"),
                QueryTemplate.of(
                        "subquery_default_step", v -> "avg_over_time(" + v.gauge() + "[" + v.subqueryRange() + ":])"),
                QueryTemplate.of(
                        "at_modifier",
                        v -> v.pick(
                                "rate(" + v.counter() + "[5m] @ " + v.gridSeconds() + ")",
                                v.gauge() + " @ " + v.pick("start()", "end()"),
                                "sum(" + v.gauge() + " @ " + v.gridSeconds() + ")",
                                "max_over_time(" + v.gauge() + "[10m] @ end())",
                                v.gauge() + " @ " + v.gridSeconds() + " offset 5m",
                                "timestamp(" + v.gauge() + " @ end())")));
    }
}
