package io.tessera.bench.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PrometheusQueriesTest {

    @Test
    void parsesAMatrixWithMillisecondTimesAndSpecialValues() throws Exception {
        String body = """
                {"status":"success","data":{"resultType":"matrix","result":[
                  {"metric":{"__name__":"m","job":"j"},"values":[[1700000000.001,"1.5"],[1700000001,"NaN"],
                    [1700000002.1,"+Inf"],[1700000003.999,"-Inf"],[1700000004.5,"0.30000000000000004"]]}]}}
                """;
        Map<Labels, SeriesSamples> series = PrometheusQueries.parseMatrix(body);
        SeriesSamples m = series.get(Labels.of("__name__", "m", "job", "j"));
        assertThat(m.timestamps())
                .containsExactly(
                        1_700_000_000_001L,
                        1_700_000_001_000L,
                        1_700_000_002_100L,
                        1_700_000_003_999L,
                        1_700_000_004_500L);
        assertThat(Double.doubleToRawLongBits(m.values()[0])).isEqualTo(Double.doubleToRawLongBits(1.5));
        assertThat(m.values()[1]).isNaN();
        assertThat(m.values()[2]).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(m.values()[3]).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(Double.doubleToRawLongBits(m.values()[4])).isEqualTo(Double.doubleToRawLongBits(0.1 + 0.2));
    }

    @Test
    void aPrometheusNanMatchesAnyNanButAStaleMarker() {
        SeriesSamples fromPrometheus = new SeriesSamples(new long[] {1}, new double[] {Double.NaN});
        SeriesSamples ordinaryNan =
                new SeriesSamples(new long[] {1}, new double[] {Double.longBitsToDouble(0x7ff8000000000001L)});
        SeriesSamples stale =
                new SeriesSamples(new long[] {1}, new double[] {Double.longBitsToDouble(0x7ff0000000000002L)});
        assertThat(fromPrometheus.firstDifference(ordinaryNan, false)).isEqualTo(-1);
        assertThat(fromPrometheus.firstDifference(stale, false)).isZero();
        assertThat(fromPrometheus.firstDifference(
                        new SeriesSamples(new long[] {1, 2}, new double[] {Double.NaN, 1}), false))
                .isEqualTo(1);
    }
}
