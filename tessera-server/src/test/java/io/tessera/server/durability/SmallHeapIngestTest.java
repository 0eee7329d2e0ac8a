package io.tessera.server.durability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tessera.core.Labels;
import io.tessera.ingest.NameValidation;
import io.tessera.ingest.WriteBatchBuilder;
import io.tessera.ingest.remote.RemoteWriteEncoder;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server with a 256 MiB heap under a write load that takes it past its memory limit: writes are
 * refused with 429 or 503 (never another answer or a reset connection), the process stays up and
 * answers on every connection, and every acknowledged sample can be queried. A body larger than
 * such a heap can decode is refused with 413 before it is decoded.
 */
class SmallHeapIngestTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long T = System.currentTimeMillis() - 3_600_000;
    private static final int WRITERS = 6;
    private static final int SERIES_PER_REQUEST = 2_000;
    private static final int MAX_REQUESTS = 600;
    private static final long LOAD_SECONDS = 90;

    @TempDir
    Path dir;

    /** A request of {@code SERIES_PER_REQUEST} new series of one sample each, all labelled with the request's number. */
    private static byte[] request(int number) {
        WriteBatchBuilder batch =
                new WriteBatchBuilder(NameValidation.UTF8, null, SERIES_PER_REQUEST, SERIES_PER_REQUEST);
        for (int s = 0; s < SERIES_PER_REQUEST; s++) {
            batch.addSample(T, s);
            batch.endSeries(Labels.of(
                    "__name__",
                    "load",
                    "request",
                    Integer.toString(number),
                    "series",
                    "s" + s,
                    "pod",
                    "a-rather-long-pod-name-to-fill-memory-" + s));
        }
        return RemoteWriteEncoder.encode(batch.build());
    }

    /** One series of {@code samples} samples, about 11 bytes each uncompressed. */
    private static byte[] oneSeries(int samples) {
        WriteBatchBuilder batch = new WriteBatchBuilder(NameValidation.UTF8, null, 1, samples);
        for (int i = 0; i < samples; i++) {
            batch.addSample(T + i, i * 0.37);
        }
        batch.endSeries(Labels.of("__name__", "big"));
        return RemoteWriteEncoder.encode(batch.build());
    }

    @Test
    void aLoadPastTheMemoryLimitIsRefusedAndTheServerStaysHealthy() throws Exception {
        Path config = dir.resolve("tessera.yaml");
        Files.writeString(config, "listen: 127.0.0.1:0\n");
        ChildServer server = ChildServer.start(config, dir.resolve("data"), dir.resolve("server.log"), "256m");
        try {
            HttpClient client = HttpClient.newBuilder().build();
            URI write = URI.create("http://" + server.address() + "/api/v1/write");
            AtomicInteger next = new AtomicInteger();
            Map<Integer, Integer> acknowledged = new ConcurrentHashMap<>();
            Map<Integer, Integer> refused = new ConcurrentHashMap<>();
            List<String> unexpected = java.util.Collections.synchronizedList(new ArrayList<>());
            Map<String, Integer> reasons = new ConcurrentHashMap<>();
            HttpResponse<String> big = client.send(
                    HttpRequest.newBuilder(write)
                            .header("Content-Type", "application/x-protobuf")
                            .header("Content-Encoding", "snappy")
                            .POST(HttpRequest.BodyPublishers.ofByteArray(oneSeries(800_000)))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(big.statusCode())
                    .as("a body larger than a 256 MiB heap decodes: " + big.body())
                    .isEqualTo(413);
            assertThat(big.body()).contains("limit");

            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LOAD_SECONDS);
            List<Thread> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                writers.add(Thread.ofPlatform().start(() -> {
                    int n;
                    while ((n = next.getAndIncrement()) < MAX_REQUESTS
                            && System.nanoTime() < deadline
                            && refused.size() < 40) {
                        try {
                            HttpResponse<String> r = client.send(
                                    HttpRequest.newBuilder(write)
                                            .header("Content-Type", "application/x-protobuf")
                                            .header("Content-Encoding", "snappy")
                                            .timeout(java.time.Duration.ofSeconds(60))
                                            .POST(HttpRequest.BodyPublishers.ofByteArray(request(n)))
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString());
                            if (r.statusCode() / 100 == 2) {
                                acknowledged.put(n, r.statusCode());
                            } else if (r.statusCode() == 503 || r.statusCode() == 429) {
                                refused.put(n, r.statusCode());
                                reasons.merge(
                                        r.body()
                                                .substring(
                                                        0, Math.min(40, r.body().length())),
                                        1,
                                        Integer::sum);
                                if (!r.body().contains("memory") && !r.body().contains("heap")) {
                                    unexpected.add(r.statusCode() + " without its reason: " + r.body());
                                }
                            } else {
                                unexpected.add(r.statusCode() + ": " + r.body());
                            }
                        } catch (IOException e) {
                            unexpected.add("request " + n + ": " + e);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                }));
            }
            for (Thread t : writers) {
                t.join(TimeUnit.SECONDS.toMillis(LOAD_SECONDS + 60));
            }
            System.out.printf(
                    "256 MiB heap: %d write requests of %d series acknowledged, %d refused: %s%n",
                    acknowledged.size(), SERIES_PER_REQUEST, refused.size(), reasons);
            assertThat(unexpected).as("answers other than 2xx, 429 and 503").isEmpty();
            assertThat(refused).as("the load reached the memory limit").isNotEmpty();
            assertThat(server.process.isAlive()).as("the server is up").isTrue();

            for (int i = 0; i < 16; i++) {
                assertThat(healthyOnANewConnection(server.address()))
                        .as("connection " + i)
                        .startsWith("HTTP/1.1 200");
            }
            for (int n : acknowledged.keySet()) {
                String query = URLEncoder.encode("count(load{request=\"" + n + "\"})", StandardCharsets.UTF_8);
                HttpResponse<String> r = client.send(
                        HttpRequest.newBuilder(URI.create("http://" + server.address() + "/api/v1/query?query=" + query
                                        + "&time=" + (T / 1000.0 + 1)))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
                JsonNode result = JSON.readTree(r.body()).path("data").path("result");
                assertThat(result.size()).as("acknowledged request " + n).isEqualTo(1);
                assertThat(result.get(0).path("value").get(1).asText())
                        .as("acknowledged request " + n)
                        .isEqualTo(Integer.toString(SERIES_PER_REQUEST));
            }
            assertThat(Files.readString(dir.resolve("server.log")))
                    .as("the server's log")
                    .doesNotContain("Exception in thread");
        } finally {
            server.kill();
        }
    }

    /** The status line of {@code GET /-/healthy} on a connection of its own, which Undertow hands to one of its IO threads. */
    private static String healthyOnANewConnection(String address) throws IOException {
        int colon = address.lastIndexOf(':');
        try (Socket socket = new Socket(address.substring(0, colon), Integer.parseInt(address.substring(colon + 1)))) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write("GET /-/healthy HTTP/1.1\r\nHost: tessera\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            String answer = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
            return answer.lines().findFirst().orElse("");
        }
    }
}
