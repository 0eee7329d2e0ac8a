package io.tessera.server.accel;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A 1,000-term {@code or} chain with a plan installed: matching it against the views takes about
 * as long as answering it without them, and the answer is the same.
 */
class LongOrChainAccelerationTest {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private static final long T0 = 1_700_000_000_000L;
    private static final long SCRAPE = 15_000;
    private static final long END = T0 + 2 * 3_600_000L;

    @Test
    void aThousandTermOrChainIsMatchedInTimeComparableToAnsweringItExactly() throws Exception {
        try (AcceleratedServer s = new AcceleratedServer("""
                listen: 127.0.0.1:0
                storage:
                  retention: 1000d
                acceleration:
                  allowed_lateness: 5s
                """)) {
            Random random = new Random(7);
            for (int i = 0; i < 12; i++) {
                List<Long> times = new ArrayList<>();
                for (long t = T0 + 1_000 * i; t <= END; t += SCRAPE) {
                    times.add(t);
                }
                long[] ts = times.stream().mapToLong(Long::longValue).toArray();
                double[] v = new double[ts.length];
                for (int k = 0; k < v.length; k++) {
                    v[k] = random.nextInt(100);
                }
                s.write(Labels.of("__name__", "g", "job", "j" + i % 3, "instance", "i" + i), ts, v);
            }
            s.installPlanFor(
                    List.of("sum_over_time(g[30m])", "max_over_time(g[30m])", "sum by (job) (sum_over_time(g[30m]))"),
                    60_000,
                    SCRAPE);

            List<String> terms = new ArrayList<>();
            terms.add("sum_over_time(g[30m])");
            for (int i = 1; i < 1_000; i++) {
                terms.add("max_over_time(g{instance=\"i" + i + "\"}[30m]) * " + i);
            }
            String chain = String.join(" or ", terms);

            String exactPath = path(chain, "false");
            String acceleratedPath = path(chain, "true");
            get(s, exactPath);
            long exactNanos = Long.MAX_VALUE;
            long acceleratedNanos = Long.MAX_VALUE;
            String exact = null;
            String accelerated = null;
            for (int round = 0; round < 2; round++) {
                long start = System.nanoTime();
                exact = get(s, exactPath);
                exactNanos = Math.min(exactNanos, System.nanoTime() - start);
                start = System.nanoTime();
                accelerated = get(s, acceleratedPath);
                acceleratedNanos = Math.min(acceleratedNanos, System.nanoTime() - start);
            }
            System.out.printf(
                    "1,000-term or chain: %d ms with the plan's views, %d ms with accelerate=false%n",
                    acceleratedNanos / 1_000_000, exactNanos / 1_000_000);
            assertThat(data(accelerated)).isEqualTo(data(exact));
            assertThat(acceleratedNanos)
                    .as("accelerated %d ms vs exact %d ms", acceleratedNanos / 1_000_000, exactNanos / 1_000_000)
                    .isLessThan(Math.max(exactNanos, 50_000_000L) * 10);
        }
    }

    private static String path(String query, String accelerate) {
        return "/api/v1/query?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8) + "&time=" + END / 1000.0
                + "&accelerate=" + accelerate;
    }

    /** The body's result, without the infos that say whether views answered. */
    private static com.fasterxml.jackson.databind.JsonNode data(String body) throws Exception {
        return new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(body)
                .path("data")
                .path("result");
    }

    private static String get(AcceleratedServer s, String path) throws Exception {
        HttpResponse<String> r = CLIENT.send(
                HttpRequest.newBuilder(URI.create("http://" + s.server.address() + path))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return r.body();
    }
}
