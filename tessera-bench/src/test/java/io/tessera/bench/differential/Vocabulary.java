package io.tessera.bench.differential;

import io.tessera.bench.promql.DatasetShape;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The pieces generated queries are made of, drawn from a seeded random stream: the dataset's
 * metric names and label values, matchers of every kind, ranges, offsets, {@code @} times,
 * grouping clauses. Every duration and time is a multiple of the 15 s scrape grid, and every
 * subquery range is 7.5 s off it (see {@link #subqueryRange()}), so no window edge meets a
 * sample and no subquery step meets a window's start.
 */
final class Vocabulary {

    static final String[] JOBS = {"api", "worker", "db", "cache"};
    static final String[] COUNTERS = {"http_requests_total", "cpu_seconds_total"};
    static final String[] GAUGES = {"temperature_celsius", "queue_depth"};
    static final String BUCKET = "request_duration_seconds_bucket";

    private final SplittableRandom random;
    private final DatasetShape shape;
    private final List<String> ranges;

    Vocabulary(SplittableRandom random, DatasetShape shape) {
        this.random = random;
        this.shape = shape;
        List<String> r = new ArrayList<>(List.of("2m", "5m", "10m", "15m", "30m"));
        long spanMinutes = (shape.endMillis() - shape.startMillis()) / 60_000;
        if (spanMinutes >= 60) {
            r.add("1h");
        }
        if (spanMinutes >= 180) {
            r.add("2h");
        }
        this.ranges = List.copyOf(r);
    }

    <T> T pick(List<T> list) {
        return list.get(random.nextInt(list.size()));
    }

    String pick(String... options) {
        return options[random.nextInt(options.length)];
    }

    boolean chance(int percent) {
        return random.nextInt(100) < percent;
    }

    int between(int lo, int hi) {
        return random.nextInt(lo, hi + 1);
    }

    String phi() {
        return chance(10) ? pick("-0.5", "1.5") : pick("0", "0.1", "0.5", "0.9", "0.95", "0.99", "1");
    }

    /** A range of at least 2 m, for the functions that extrapolate (rate, increase, delta). */
    String range() {
        return pick(ranges);
    }

    /** Any range, 1 m included, for the functions that do not extrapolate. */
    String anyRange() {
        return chance(20) ? "1m" : range();
    }

    /**
     * A subquery's range: a grid multiple plus 7.5 s. Prometheus 2.42 starts a subquery at the
     * first step at or after {@code t − range}, 3.x strictly after; with the range off the step
     * grid no step falls on that edge, so both evaluate the same steps.
     */
    String subqueryRange() {
        return pick("5m", "10m", "15m", "30m") + "7s500ms";
    }

    String subqueryStep() {
        return pick("15s", "30s", "1m", "2m");
    }

    /** Nothing mostly; else an offset or an {@code @} on the grid. */
    String modifier() {
        int r = random.nextInt(100);
        if (r < 70) {
            return "";
        }
        if (r < 82) {
            return " offset " + pick("1m", "5m", "15m", "-2m");
        }
        if (r < 90) {
            return " @ " + gridSeconds();
        }
        return " @ " + pick("start()", "end()");
    }

    /** A time on the scrape grid inside the data, in seconds, for {@code @}. */
    String gridSeconds() {
        int k = random.nextInt(shape.scrapes() / 8, shape.scrapes() + 1);
        return Long.toString(shape.gridTime(k) / 1000);
    }

    String grouping() {
        return pick(
                "by (job)",
                "by (job, zone)",
                "by (zone)",
                "without (instance)",
                "without (instance, zone)",
                "by (instance)",
                "by ()",
                "");
    }

    String jobMatcher() {
        return switch (random.nextInt(4)) {
            case 0 -> "job=\"" + pick(JOBS) + "\"";
            case 1 -> "job!=\"" + pick(JOBS) + "\"";
            case 2 -> "job=~\"" + pick(JOBS) + "|" + pick(JOBS) + "\"";
            default -> "job!~\"" + pick("a.*", "w.+", ".*b", "c(a|o)che") + "\"";
        };
    }

    String instanceMatcher() {
        int digit = random.nextInt(Math.max(1, Math.min(10, shape.instances() / 10)));
        return switch (random.nextInt(3)) {
            case 0 -> "instance=~\"host-00" + digit + ".*\"";
            case 1 -> "instance!~\"host-00[0-" + digit + "].*\"";
            default -> "instance=\"" + String.format("host-%04d:9100", random.nextInt(shape.instances())) + "\"";
        };
    }

    /**
     * Zero to two matchers beyond the metric name, comma-joined, for {@code metric} series; two may
     * match the same label unless {@code distinctNames}.
     */
    String matchers(String metric, boolean distinctNames) {
        List<String> out = new ArrayList<>();
        List<String> names = new ArrayList<>();
        int n = random.nextInt(3);
        for (int i = 0; i < n; i++) {
            String m = switch (random.nextInt(5)) {
                case 0, 1 -> jobMatcher();
                case 2 -> instanceMatcher();
                case 3 -> "zone" + pick("=", "!=") + "\"z" + random.nextInt(3) + "\"";
                default -> familyMatcher(metric);
            };
            String name = m.substring(0, m.indexOf(m.contains("!") ? '!' : '='));
            if (!distinctNames || !names.contains(name)) {
                out.add(m);
                names.add(name);
            }
        }
        return String.join(", ", out);
    }

    private String familyMatcher(String metric) {
        return switch (metric) {
            case "http_requests_total" -> pick("code=~\"5..\"", "code=\"200\"", "method!=\"GET\"", "method=~\"P.*\"");
            case "cpu_seconds_total" -> pick("mode=\"user\"", "mode!~\"idle\"", "mode=~\"user|system\"");
            case "temperature_celsius" -> pick("sensor=\"cpu\"", "sensor!=\"cpu\"");
            case BUCKET -> pick("le=~\"0.1|1|\\\\+Inf\"", "le!=\"0.01\"");
            default -> "zone!=\"z9\"";
        };
    }

    String selector(String metric) {
        String m = matchers(metric, false);
        return m.isEmpty() ? metric : metric + "{" + m + "}";
    }

    /** A gauge selector that matches each label at most once ({@code absent_repeated_matcher} covers repeats). */
    String gaugeDistinct() {
        String metric = pick(GAUGES);
        String m = matchers(metric, true);
        return m.isEmpty() ? metric : metric + "{" + m + "}";
    }

    String counter() {
        return selector(pick(COUNTERS));
    }

    String gauge() {
        return selector(pick(GAUGES));
    }

    /** Temperatures: continuous values, so rankings have no ties. */
    String temperature() {
        return selector("temperature_celsius");
    }

    String anySeries() {
        return chance(50) ? counter() : gauge();
    }
}
