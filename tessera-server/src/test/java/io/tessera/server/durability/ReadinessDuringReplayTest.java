package io.tessera.server.durability;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import io.tessera.store.raw.AppendRequest;
import io.tessera.store.raw.RawStoreConfig;
import io.tessera.store.wal.DurableRawStore;
import io.tessera.store.wal.WalOptions;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server replaying a large log has its port open: {@code /-/healthy} answers 200,
 * {@code /-/ready} 503 with the replay's progress, a query 503 in the API's error format; then,
 * once replay is done, {@code /-/ready} answers 200 and the data is there.
 */
class ReadinessDuringReplayTest {

    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    private static final int SERIES = 2000;
    private static final int ROUNDS = 150;
    private static final int SAMPLES_PER_ROUND = 10;
    private static final long T0 = 1_767_225_600_000L;

    @TempDir
    Path tmp;

    @Test
    void readyAnswers503WithProgressWhileTheLogReplaysThen200() throws Exception {
        Path data = tmp.resolve("data");
        Labels[] series = new Labels[SERIES];
        for (int s = 0; s < SERIES; s++) {
            series[s] = Labels.of("__name__", "replay_test", "instance", "host-" + s, "job", "replay");
        }
        try (DurableRawStore store = DurableRawStore.open(
                data, RawStoreConfig.defaults().withRetention(Long.MAX_VALUE / 4), WalOptions.DEFAULTS)) {
            for (int round = 0; round < ROUNDS; round++) {
                for (int from = 0; from < SERIES; from += 500) {
                    AppendRequest.Builder b = AppendRequest.builder();
                    for (int s = from; s < from + 500; s++) {
                        b.series(series[s]);
                        for (int k = 0; k < SAMPLES_PER_ROUND; k++) {
                            long i = (long) round * SAMPLES_PER_ROUND + k;
                            b.sample(T0 + i * 1000, i + s);
                        }
                    }
                    store.append(b.build());
                }
            }
        }
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Path config = tmp.resolve("tessera.yaml");
        Files.writeString(config, "listen: 127.0.0.1:" + port + "\nstorage:\n  retention: 100y\n");
        Path log = tmp.resolve("server.log");
        CompletableFuture<ChildServer> starting = CompletableFuture.supplyAsync(() -> {
            try {
                return ChildServer.start(config, data, log);
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        String base = "http://127.0.0.1:" + port;
        List<String> notReady = new ArrayList<>();
        int healthyWhileReplaying = 0;
        String queryWhileReplaying = null;
        int readyStatus = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        while (System.nanoTime() < deadline) {
            HttpResponse<String> ready = get(base + "/-/ready");
            if (ready == null) {
                Thread.sleep(10);
                continue;
            }
            readyStatus = ready.statusCode();
            if (readyStatus == 200) {
                break;
            }
            notReady.add(readyStatus + " " + ready.body().strip());
            HttpResponse<String> healthy = get(base + "/-/healthy");
            if (healthy != null && healthy.statusCode() == 200) {
                healthyWhileReplaying++;
            }
            if (queryWhileReplaying == null) {
                HttpResponse<String> query = get(base + "/api/v1/query?query=replay_test");
                if (query != null && query.statusCode() == 503) {
                    queryWhileReplaying = query.body();
                }
            }
            Thread.sleep(20);
        }
        ChildServer server = starting.get(60, TimeUnit.SECONDS);
        try {
            System.out.println("while replaying: " + notReady.size() + " answers from /-/ready, e.g. "
                    + (notReady.isEmpty() ? "none" : notReady.get(notReady.size() / 2)));
            assertThat(readyStatus).isEqualTo(200);
            assertThat(notReady)
                    .as("/-/ready answered 503 while replaying")
                    .isNotEmpty()
                    .allSatisfy(answer -> assertThat(answer).startsWith("503 Service Unavailable"));
            assertThat(notReady)
                    .as("with the replay's progress")
                    .anySatisfy(
                            answer -> assertThat(answer)
                                    .containsPattern(
                                            "replaying the write-ahead log: \\d+% \\(segment \\d+ of \\d+, \\d+ records, \\d+ samples\\)"));
            assertThat(healthyWhileReplaying).isPositive();
            assertThat(queryWhileReplaying).contains("\"status\":\"error\"").contains("\"errorType\":\"unavailable\"");
            assertThat(Files.readString(log)).contains("recovery: replaying");
            HttpResponse<String> count =
                    get(base + "/api/v1/query?query=count(replay_test)&time=" + (T0 / 1000 + ROUNDS * 10));
            assertThat(count.body()).contains("\"" + SERIES + "\"");
        } finally {
            server.stop();
        }
    }

    private static HttpResponse<String> get(String url) throws InterruptedException {
        try {
            return CLIENT.send(
                    HttpRequest.newBuilder(URI.create(url))
                            .timeout(Duration.ofSeconds(5))
                            .GET()
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            return null;
        }
    }
}
