package io.tessera.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/**
 * The points a range query holds (a value per step for every series it computes) count toward
 * {@code query.max_samples} before they are allocated, not only the raw samples it reads.
 */
class RangeQueryPointsLimitTest {

    private static final long T0 = 1_700_000_000_000L;

    @Test
    void aRangeFunctionOverManyStepsIsRefusedAtTheSampleLimitAndAnswersBelowIt() {
        try (ApiClient api = new ApiClient("""
                query:
                  max_samples: 100000
                """)) {
            api.importText(IndexedSeries.exposition("c", 40, 240, T0, k -> k * 10));
            String start = String.valueOf(T0 / 1000);
            String end = String.valueOf(T0 / 1000 + 10_999);

            // 40 series × 11,000 steps = 440,000 points held, from 9,600 samples read
            HttpResponse<String> refused =
                    api.get("/api/v1/query_range", "query", "rate(c[5m])", "start", start, "end", end, "step", "1");
            assertThat(refused.statusCode()).as(refused.body()).isEqualTo(422);
            assertThat(refused.body())
                    .isEqualTo("{\"status\":\"error\",\"errorType\":\"execution\",\"error\":"
                            + "\"query processing would load too many samples into memory in query execution\"}");

            // 40 series × 1,100 steps = 44,000
            HttpResponse<String> answered =
                    api.get("/api/v1/query_range", "query", "rate(c[5m])", "start", start, "end", end, "step", "10");
            assertThat(answered.statusCode()).as(answered.body()).isEqualTo(200);
        }
    }
}
