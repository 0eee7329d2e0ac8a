package io.tessera.plan.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WorkloadTest {

    @Test
    void parsesQueriesAndEstimates() {
        Workload w = Workload.parse("""
                series: 10000
                scrape_interval: 10s
                queries:
                  - query: quantile_over_time(0.99, x[1h])
                    every: 30s
                    accuracy: {quantile: 0.005}
                  - query: sum by (job) (rate(c[5m]))
                    type: range
                    range: 24h
                    step: 15s
                    every: 1m
                  - query: max_over_time(x[1d])
                """);
        assertThat(w.seriesPerSelector()).isEqualTo(10_000);
        assertThat(w.scrapeIntervalMs()).isEqualTo(10_000);
        assertThat(w.ingestion()).isTrue();
        assertThat(w.queries()).hasSize(3);
        assertThat(w.queries().get(0).type()).isEqualTo(WorkloadQuery.Type.INSTANT);
        assertThat(w.queries().get(0).everyMs()).isEqualTo(30_000);
        assertThat(w.queries().get(0).accuracy()).isEqualTo(new AccuracyTarget(0.005, 0.02));
        assertThat(w.queries().get(1).rangeMs()).isEqualTo(86_400_000);
        assertThat(w.queries().get(1).steps()).isEqualTo(5761);
        assertThat(w.queries().get(2).periodic()).isFalse();
        assertThat(w.queries().get(2).accuracy()).isEqualTo(AccuracyTarget.DEFAULT);
    }

    @Test
    void defaultsTo1000SeriesAt15s() {
        Workload w = Workload.parse("queries: [{query: x}]");
        assertThat(w.seriesPerSelector()).isEqualTo(1000);
        assertThat(w.scrapeIntervalMs()).isEqualTo(15_000);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "queries: [{query: x, evry: 30s}]|workload.queries[0]: unknown key 'evry'",
                "querys: []|workload: unknown key 'querys'",
                "queries: [{query: x, accuracy: {rank: 0.1}}]|workload.queries[0].accuracy: unknown key 'rank'",
                "queries: [{query: x, every: soon}]|workload.queries[0].every: not a valid duration string",
                "queries: [{query: x, every: 30}]|expected a duration",
                "queries: [{query: x, type: range, step: 15s}]|a range query needs 'range'",
                "queries: [{query: x, range: 1h}]|range and step belong to a range query",
                "queries: [{query: 'sum(('}]|workload.queries[0].query",
                "queries: [{query: x, accuracy: {quantile: 2}}]|fraction",
                "queries: []|non-empty list",
            })
    void rejectsUnknownKeysAndBadValues(String yaml, String message) {
        assertThatThrownBy(() -> Workload.parse(yaml))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining(message);
    }

    @Test
    void rejectsANegativeSeriesCount() {
        assertThatThrownBy(() -> Workload.parse("series: -3\nqueries: [{query: x}]"))
                .hasMessageContaining("workload.series");
    }
}
