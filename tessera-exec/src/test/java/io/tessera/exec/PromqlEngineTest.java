package io.tessera.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.InvalidInputException;
import io.tessera.core.Labels;
import io.tessera.core.StaleMarker;
import io.tessera.exec.context.QueryExecutionException;
import io.tessera.exec.memory.InMemoryDataStore;
import java.util.List;
import org.junit.jupiter.api.Test;

class PromqlEngineTest {

    private final PromqlEngine engine = new PromqlEngine(PromqlEngine.Options.DEFAULTS);
    private final InMemoryDataStore store = new InMemoryDataStore();

    PromqlEngineTest() {
        long[] ts = SampleTimes.every(60_000L, 11);
        double[] a = new double[11];
        double[] b = new double[11];
        for (int i = 0; i <= 10; i++) {
            a[i] = 10 * i;
            b[i] = 2 * i;
        }
        store.add(Labels.of("__name__", "req", "job", "a"), ts, a);
        store.add(Labels.of("__name__", "req", "job", "b"), ts, b);
        store.add(
                Labels.of("__name__", "gone", "job", "a"), new long[] {0, 60_000}, new double[] {1, StaleMarker.VALUE});
    }

    private List<QueryResult.Sample> vector(String q, long t) {
        return ((QueryResult.VectorResult) engine.instant(q, t, store)).samples();
    }

    @Test
    void selectsTheLatestSampleWithinTheLookback() {
        assertThat(vector("req{job=\"a\"}", 150_000))
                .containsExactly(new QueryResult.Sample(Labels.of("__name__", "req", "job", "a"), 150_000, 20));
        assertThat(vector("req", 11 * 60_000 + 300_000)).isEmpty();
        assertThat(vector("gone", 30_000)).hasSize(1);
        assertThat(vector("gone", 90_000)).as("a stale marker ends the series").isEmpty();
    }

    @Test
    void rateExtrapolatesAsPrometheus() {
        // samples at 5, 6, 7, 8, 9, 10 min inside (4m, 10m]: increase 50 over 5 min sampled; extrapolated to the start
        // by 1 min
        List<QueryResult.Sample> r = vector("rate(req{job=\"a\"}[6m])", 600_000);
        assertThat(r).hasSize(1);
        assertThat(r.getFirst().labels()).isEqualTo(Labels.of("job", "a"));
        assertThat(r.getFirst().value()).isCloseTo(60.0 / 360, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void aggregatesOffsetsAndArithmetic() {
        assertThat(vector("sum(req)", 600_000).getFirst().value()).isEqualTo(120);
        assertThat(vector("sum(req offset 5m)", 600_000).getFirst().value()).isEqualTo(60);
        assertThat(vector("sum(req @ 120)", 600_000).getFirst().value()).isEqualTo(24);
        assertThat(vector("req{job=\"a\"} / req{job=\"a\"} * 2", 600_000)
                        .getFirst()
                        .value())
                .isEqualTo(2);
        assertThat(vector("sum by (job) (req) > 50", 600_000))
                .extracting(QueryResult.Sample::labels)
                .containsExactly(Labels.of("job", "a"));
    }

    @Test
    void rangeQueriesRunTheWholeGridOnce() {
        QueryResult.MatrixResult m =
                (QueryResult.MatrixResult) engine.range("max_over_time(req[2m])", 120_000, 300_000, 60_000, store);
        assertThat(m.series()).hasSize(2);
        assertThat(m.series().getFirst().labels()).isEqualTo(Labels.of("job", "a"));
        assertThat(m.series().getFirst().values()).containsExactly(20, 30, 40, 50);
    }

    @Test
    void subqueriesEvaluateOnTheirOwnGrid() {
        double v = vector("max_over_time(sum(req)[5m:1m])", 600_000).getFirst().value();
        assertThat(v).isEqualTo(120);
        double w =
                vector("count_over_time(sum(req)[5m:1m])", 600_000).getFirst().value();
        assertThat(w).isEqualTo(5);
    }

    @Test
    void rangeQueriesOfRangeVectorsAreRefused() {
        assertThatThrownBy(() -> engine.range("req[5m]", 0, 60_000, 15_000, store))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("invalid expression type \"range vector\"");
    }

    @Test
    void duplicateOutputSeriesAreAnError() {
        store.add(Labels.of("__name__", "other", "job", "a"), new long[] {500_000}, new double[] {1});
        assertThatThrownBy(() -> vector("abs({job=\"a\"})", 600_000))
                .isInstanceOf(QueryExecutionException.class)
                .hasMessageContaining("same labelset");
    }
}
