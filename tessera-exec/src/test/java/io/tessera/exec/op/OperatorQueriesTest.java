package io.tessera.exec.op;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import io.tessera.exec.PromqlEngine;
import io.tessera.exec.QueryResult;
import io.tessera.exec.SampleTimes;
import io.tessera.exec.memory.InMemoryDataStore;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Whole queries through the engine, for operators the reference scripts do not cover. */
class OperatorQueriesTest {

    private final PromqlEngine engine = new PromqlEngine(PromqlEngine.Options.DEFAULTS);
    private final InMemoryDataStore store = new InMemoryDataStore();

    OperatorQueriesTest() {
        long[] ts = SampleTimes.every(300_000L, 11);
        String[][] series = {
            {"production", "0"}, {"production", "1"}, {"canary", "0"}, {"canary", "1"}, {"canary", "2"}, {"canary", "3"}
        };
        for (int s = 0; s < series.length; s++) {
            double[] v = new double[11];
            for (int i = 0; i <= 10; i++) {
                v[i] = 10 * (s + 1) * i;
            }
            store.add(
                    Labels.of(
                            "__name__",
                            "http_requests",
                            "job",
                            "api-server",
                            "group",
                            series[s][0],
                            "instance",
                            series[s][1]),
                    ts,
                    v);
        }
    }

    private List<QueryResult.Sample> instant(String q) {
        return ((QueryResult.VectorResult) engine.instant(q, 3_000_000, store)).samples();
    }

    private List<QueryResult.Series> range(String q) {
        return ((QueryResult.MatrixResult) engine.range(q, 0, 3_000_000, 300_000, store)).series();
    }

    private static double[] constant(double v) {
        double[] out = new double[11];
        java.util.Arrays.fill(out, v);
        return out;
    }

    @Test
    void limitkKeepsKSeriesPerGroupThatAreInTheInput() {
        assertThat(instant("count(limitk by (group) (0, http_requests))")).isEmpty();
        assertThat(instant("count(limitk by (group) (1, http_requests) and http_requests)")
                        .getFirst()
                        .value())
                .isEqualTo(2);
        assertThat(instant("count(limitk by (group) (2, http_requests) and http_requests)")
                        .getFirst()
                        .value())
                .isEqualTo(4);
        assertThat(instant("count(limitk(100, http_requests) and http_requests)")
                        .getFirst()
                        .value())
                .isEqualTo(6);
        assertThat(range("count(limitk(2, http_requests) and http_requests)")
                        .getFirst()
                        .values())
                .isEqualTo(constant(2));
    }

    @Test
    void limitRatioAndItsComplementPartitionTheSeriesAtEveryStep() {
        assertThat(range("count(limit_ratio(0.0, http_requests))")).isEmpty();
        assertThat(range("count(limit_ratio(1.0, http_requests) and http_requests)")
                        .getFirst()
                        .values())
                .isEqualTo(constant(6));
        assertThat(range("count(limit_ratio(-1.0, http_requests) and http_requests)")
                        .getFirst()
                        .values())
                .isEqualTo(constant(6));
        for (String r : new String[] {"0.2", "0.5", "0.8", "time() % 17/17"}) {
            assertThat(range("count(limit_ratio(" + r + ", http_requests) or limit_ratio(-(1 - (" + r
                                    + ")), http_requests))")
                            .getFirst()
                            .values())
                    .as(r)
                    .isEqualTo(constant(6));
            assertThat(range("count(limit_ratio(" + r + ", http_requests) and limit_ratio(-(1 - (" + r
                            + ")), http_requests))"))
                    .as(r)
                    .isEmpty();
        }
        QueryResult capped =
                engine.range("count(limit_ratio(1.1, http_requests) and http_requests)", 0, 3_000_000, 300_000, store);
        assertThat(capped.warnings())
                .containsExactly("PromQL warning: ratio value should be between -1 and 1, got 1.1, capping to 1");
    }

    @Test
    void countValuesAndTopkInARangeQuery() {
        assertThat(instant("count_values by (group) (\"value\", http_requests > 250)"))
                .extracting(QueryResult.Sample::labels)
                .containsExactlyInAnyOrder(
                        Labels.of("group", "canary", "value", "300"),
                        Labels.of("group", "canary", "value", "400"),
                        Labels.of("group", "canary", "value", "500"),
                        Labels.of("group", "canary", "value", "600"));
        // At t=0 every series is 0: the tie goes to the series seen first (canary/0 in label order).
        List<QueryResult.Series> top = range("topk(1, http_requests)");
        assertThat(top)
                .extracting(se -> se.labels().get("group") + "/" + se.labels().get("instance") + ":" + se.ts().length)
                .containsExactly("canary/0:1", "canary/3:10");
    }

    @Test
    void groupLeftCopiesLabelsFromTheOneSide() {
        List<QueryResult.Sample> out = instant("http_requests / on (group) group_left sum by (group) (http_requests)");
        assertThat(out).hasSize(6);
        double total = 0;
        for (QueryResult.Sample s : out) {
            assertThat(s.labels().has("__name__")).isFalse();
            if (s.labels().get("group").equals("canary")) {
                total += s.value();
            }
        }
        assertThat(total).isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-12));
    }
}
