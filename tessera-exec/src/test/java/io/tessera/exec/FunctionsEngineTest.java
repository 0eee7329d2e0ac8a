package io.tessera.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.tessera.core.InvalidInputException;
import io.tessera.core.Labels;
import io.tessera.exec.context.QueryExecutionException;
import io.tessera.exec.memory.InMemoryDataStore;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Functions through the engine: labels, ordering, annotations, histogram_quantile on hand-built buckets. */
class FunctionsEngineTest {

    private final PromqlEngine engine = new PromqlEngine(PromqlEngine.Options.DEFAULTS);
    private final InMemoryDataStore store = new InMemoryDataStore();

    FunctionsEngineTest() {
        long[] ts = SampleTimes.every(60_000L, 11);
        store.add(Labels.of("__name__", "req", "job", "a"), ts, line(ts.length, 10));
        store.add(Labels.of("__name__", "req", "job", "b"), ts, line(ts.length, 2));
        store.add(Labels.of("__name__", "req", "job", "c"), ts, line(ts.length, 5));
        String[] les = {"0.1", "0.2", "1", "+Inf", "oops"};
        double[] counts = {50, 70, 110, 120, 7};
        for (int k = 0; k < les.length; k++) {
            double[] v = new double[ts.length];
            java.util.Arrays.fill(v, counts[k]);
            store.add(Labels.of("__name__", "lat_bucket", "job", "a", "le", les[k]), ts, v);
        }
    }

    private static double[] line(int n, double slope) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = slope * i;
        }
        return v;
    }

    private QueryResult.VectorResult instant(String q, long t) {
        return (QueryResult.VectorResult) engine.instant(q, t, store);
    }

    @Test
    void sortOrderSurvivesToTheResult() {
        List<QueryResult.Sample> asc = instant("sort(req)", 600_000).samples();
        assertThat(asc).extracting(s -> s.labels().get("job")).containsExactly("b", "c", "a");
        assertThat(asc.getFirst().labels().metricName())
                .as("sort keeps the name")
                .isEqualTo("req");
        assertThat(instant("sort_desc(req)", 600_000).samples())
                .extracting(s -> s.labels().get("job"))
                .containsExactly("a", "c", "b");
        assertThat(instant("sort_by_label_desc(req, \"job\")", 600_000).samples())
                .extracting(s -> s.labels().get("job"))
                .containsExactly("c", "b", "a");
    }

    @Test
    void sortInARangeQueryWarns() {
        QueryResult r = engine.range("sort(req)", 0, 600_000, 60_000, store);
        assertThat(r.warnings())
                .containsExactly(
                        "PromQL warning: sort is ineffective for range queries since results are always ordered by labels");
    }

    @Test
    void rateOfANonCounterNameIsFlagged() {
        QueryResult.VectorResult r = instant("rate(req[5m])", 600_000);
        assertThat(r.infos())
                .containsExactly(
                        "PromQL info: metric might not be a counter, name does not end in _total/_sum/_count/_bucket: \"req\"");
        assertThat(r.samples().getFirst().labels().has("__name__")).isFalse();
        assertThat(instant("delta(req[5m])", 600_000).infos()).isEmpty();
    }

    @Test
    void quantileOutOfRangeWarns() {
        QueryResult.VectorResult r = instant("quantile_over_time(2, req[5m])", 600_000);
        assertThat(r.warnings()).containsExactly("PromQL warning: quantile value should be between 0 and 1, got 2");
        assertThat(r.samples().getFirst().value()).isEqualTo(Double.POSITIVE_INFINITY);
    }

    @Test
    void predictLinearAnchorsTheInterceptAtTheEvaluationTime() {
        // req{job="a"} = 10 per minute; pinned at 5m, predicted 60 s after the evaluation time 10m
        double v = instant("predict_linear(req{job=\"a\"}[3m] @ 300, 60)", 600_000)
                .samples()
                .getFirst()
                .value();
        assertThat(v).isCloseTo(110, within(1e-9));
        double d = instant("deriv(req{job=\"a\"}[5m] offset 2m)", 600_000)
                .samples()
                .getFirst()
                .value();
        assertThat(d).isCloseTo(10.0 / 60, within(1e-12));
    }

    @Test
    void histogramQuantileOverClassicBuckets() {
        QueryResult.VectorResult r = instant("histogram_quantile(0.5, lat_bucket)", 600_000);
        assertThat(r.samples()).hasSize(1);
        assertThat(r.samples().getFirst().labels()).isEqualTo(Labels.of("job", "a"));
        assertThat(r.samples().getFirst().value()).isCloseTo(0.15, within(1e-12));
        assertThat(r.warnings())
                .containsExactly(
                        "PromQL warning: bucket label \"le\" is missing or has a malformed value of \"oops\" for metric name \"lat_bucket\"");
    }

    @Test
    void labelReplaceAndJoin() {
        QueryResult.VectorResult r =
                instant("label_replace(req{job=\"a\"}, \"dst\", \"x-$1\", \"job\", \"(.*)\")", 600_000);
        assertThat(r.samples().getFirst().labels()).isEqualTo(Labels.of("__name__", "req", "job", "a", "dst", "x-a"));
        assertThatThrownBy(() -> instant("label_replace(req, \"job\", \"same\", \"job\", \".*\")", 600_000))
                .isInstanceOf(QueryExecutionException.class)
                .hasMessage("vector cannot contain metrics with the same labelset");
        assertThatThrownBy(() -> instant("label_replace(req, \"dst\", \"\", \"job\", \"(.*\")", 600_000))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("invalid regular expression in label_replace(): (.*");
        QueryResult.VectorResult j =
                instant("label_join(req{job=\"b\"}, \"dst\", \"+\", \"job\", \"__name__\")", 600_000);
        assertThat(j.samples().getFirst().labels().get("dst")).isEqualTo("b+req");
    }

    @Test
    void absentAndAbsentOverTime() {
        assertThat(instant("absent(req)", 600_000).samples()).isEmpty();
        assertThat(instant("absent(nope{job=\"x\"})", 600_000).samples())
                .containsExactly(new QueryResult.Sample(Labels.of("job", "x"), 600_000, 1));
        assertThat(instant("absent_over_time(req[1m])", 2_000_000).samples()).hasSize(1);
        assertThat(instant("absent_over_time(req[1m])", 600_000).samples()).isEmpty();
    }

    /**
     * Prometheus builds absent's labels from the matchers in written order: the first = matcher
     * of a name sets the label, any later matcher of that name (or a non-= one) deletes it.
     */
    @Test
    void absentLabelsFollowTheWrittenOrderOfRepeatedMatchers() {
        assertThat(absentLabels("absent(nope{zone!=\"z0\", zone=\"z0\"})")).isEqualTo(Labels.of("zone", "z0"));
        assertThat(absentLabels("absent(nope{zone=\"z0\", zone!=\"z0\"})")).isEqualTo(Labels.EMPTY);
        assertThat(absentLabels("absent(nope{job=~\"a.*\", job=\"api\"})")).isEqualTo(Labels.of("job", "api"));
        assertThat(absentLabels("absent(nope{job=\"api\", job=~\"a.*\"})")).isEqualTo(Labels.EMPTY);
        assertThat(absentLabels("absent(nope{job=\"api\", job=\"db\", zone=\"z1\"})"))
                .isEqualTo(Labels.of("zone", "z1"));
        assertThat(absentLabels("absent(nope{job=\"a\", job!=\"b\", job=\"c\"})"))
                .isEqualTo(Labels.EMPTY);
        assertThat(absentLabels("absent_over_time(nope{b=\"2\", a!=\"1\", a=\"1\"}[5m])"))
                .isEqualTo(Labels.of("a", "1", "b", "2"));
        assertThat(absentLabels("absent({__name__=\"nope\", a=\"1\"})")).isEqualTo(Labels.of("a", "1"));
    }

    private Labels absentLabels(String query) {
        List<QueryResult.Sample> samples = instant(query, 600_000).samples();
        assertThat(samples).as(query).hasSize(1);
        return samples.getFirst().labels();
    }

    @Test
    void dateFunctionsWithAndWithoutArgument() {
        assertThat(instant("day_of_week(vector(1136239445))", 0)
                        .samples()
                        .getFirst()
                        .value())
                .isEqualTo(1); // Monday
        assertThat(instant("days_in_month(vector(1454284800))", 0)
                        .samples()
                        .getFirst()
                        .value())
                .isEqualTo(29);
        assertThat(instant("hour()", 3 * 3_600_000 + 5).samples().getFirst().value())
                .isEqualTo(3);
    }
}
