package io.tessera.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tessera.core.Labels;
import io.tessera.exec.QueryResult;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Checks of a server's instant answers against the exact engine's answers to the same query. */
public final class ExactAnswers {

    private ExactAnswers() {}

    /**
     * The vector {@code result} of an instant answer over HTTP has the label sets of {@code
     * expected}, and every value is within {@code tolerance} of the expected one, relative to the
     * larger of the two (plus 1e-12). Returns the expected values by labels.
     */
    public static Map<Labels, Double> assertVectorAgrees(
            String what, JsonNode result, List<QueryResult.Sample> expected, double tolerance) {
        Map<Labels, Double> want = new HashMap<>();
        for (QueryResult.Sample s : expected) {
            want.put(s.labels(), s.value());
        }
        Map<Labels, Double> got = new HashMap<>();
        for (JsonNode r : result) {
            got.put(
                    ServerHttp.labels(r.path("metric")),
                    Double.parseDouble(r.path("value").get(1).asText()));
        }
        assertThat(got.keySet()).as(what).isEqualTo(want.keySet());
        for (Map.Entry<Labels, Double> e : want.entrySet()) {
            double a = got.get(e.getKey());
            double x = e.getValue();
            assertThat(Math.abs(a - x))
                    .as(what + " " + e.getKey() + ": " + a + " vs " + x)
                    .isLessThanOrEqualTo(tolerance * Math.max(Math.abs(a), Math.abs(x)) + 1e-12);
        }
        return want;
    }
}
