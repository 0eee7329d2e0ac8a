package io.tessera.server.metrics;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Histogram;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The query surfaces' metrics: how long answered queries took, by endpoint and by where their
 * answer came from; how many were answered so (the share answered from views is a ratio of
 * these counters); and how many failed, by reason. One {@link #observe} call per request.
 */
public final class QueryMetrics {

    /** A query surface, as the {@code endpoint} label names it. */
    public enum Endpoint {
        QUERY,
        QUERY_RANGE,
        SQL,
        CLICKHOUSE;

        /** The name in lower case, as the {@code endpoint} label says it. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A query's answering, which may fail writing its response. */
    @FunctionalInterface
    public interface Answering<T> {
        T answer() throws IOException;
    }

    /** Up to the longest default query timeout (2 m), finer below a second where answers from views fall. */
    private static final double[] BUCKETS = {
        0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120
    };

    private final Histogram duration;
    private final Counter queries;
    private final Counter errors;

    public QueryMetrics(MetricsRegistry metrics) {
        this.duration = Histogram.builder()
                .name("tessera_query_duration_seconds")
                .help("How long answered queries took, by endpoint and by where the answer came from.")
                .labelNames("endpoint", "source")
                .classicOnly()
                .classicUpperBounds(BUCKETS)
                .withoutExemplars()
                .register(metrics.registry());
        this.queries = counter(
                metrics,
                "tessera_queries_total",
                "Queries answered, by endpoint and by where the answer came from (views, exact, mixed).",
                "endpoint",
                "source");
        this.errors = counter(
                metrics,
                "tessera_query_errors_total",
                "Queries that failed, by endpoint and reason.",
                "endpoint",
                "reason");
        for (Endpoint e : Endpoint.values()) {
            for (AnswerSource s : AnswerSource.values()) {
                queries.initLabelValues(e.label(), s.label());
            }
        }
    }

    private static Counter counter(MetricsRegistry metrics, String name, String help, String... labelNames) {
        return Counter.builder()
                .name(name)
                .help(help)
                .labelNames(labelNames)
                .withoutExemplars()
                .register(metrics.registry());
    }

    /** A recorder for code paths that are not served (tests, tools): its metrics are never scraped. */
    public static QueryMetrics unscraped() {
        return new QueryMetrics(new MetricsRegistry());
    }

    /**
     * Runs {@code answering} and records it: its duration and source when it answers, its reason
     * ({@code reasonOf}) when it throws. A failure writing the response is not the query's and is
     * not recorded.
     */
    public <T> T observe(
            Endpoint endpoint,
            Answering<T> answering,
            Function<T, List<String>> infos,
            Function<RuntimeException, String> reasonOf)
            throws IOException {
        long started = System.nanoTime();
        T answer;
        try {
            answer = answering.answer();
        } catch (RuntimeException e) {
            errors.labelValues(endpoint.label(), reasonOf.apply(e)).inc();
            throw e;
        }
        String source = AnswerSource.of(infos.apply(answer)).label();
        duration.labelValues(endpoint.label(), source).observe((System.nanoTime() - started) / 1e9);
        queries.labelValues(endpoint.label(), source).inc();
        return answer;
    }
}
