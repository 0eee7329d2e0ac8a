package io.tessera.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.CodedOutputStream;
import io.tessera.server.LoopbackServers;
import io.tessera.server.TesseraServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.xerial.snappy.Snappy;

/**
 * Latency and throughput of the HTTP layer for a small instant query and a small remote write,
 * in bounded loops: one client in sequence (latency), then a few clients at once (throughput).
 * It prints its figures for comparison between HTTP layers and checks every answer; it asserts
 * no timing. Run with {@code -Pslow -Dtest=RoundTripMeasurement}.
 */
@Tag("slow")
class RoundTripMeasurement {

    private static final long T = 1_767_225_600_000L;
    private static final int WARMUP = 500;
    private static final int SEQUENTIAL = 3_000;
    private static final int CLIENTS = 4;
    private static final int PER_CLIENT = 1_000;

    @Test
    void smallQueryAndRemoteWrite() throws Exception {
        try (TesseraServer server = LoopbackServers.start("""
                storage:
                  retention: 100y
                  memory_limit: 256MiB
                """)) {
            String base = "http://" + server.address();
            HttpClient client =
                    HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            int[] rounds = new int[CLIENTS];
            Call write = (c, worker) -> {
                HttpResponse<String> response = c.send(
                        HttpRequest.newBuilder(URI.create(base + "/api/v1/write"))
                                .header("Content-Type", "application/x-protobuf")
                                .header("Content-Encoding", "snappy")
                                .POST(HttpRequest.BodyPublishers.ofByteArray(writeBody(worker, rounds[worker]++)))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(response.statusCode()).as(response.body()).isEqualTo(204);
            };
            URI query = URI.create(base + "/api/v1/query?query=sum(m)&time=" + (T / 1000 + 60));
            Call read = (c, worker) -> {
                HttpResponse<String> response =
                        c.send(HttpRequest.newBuilder(query).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
                assertThat(response.body())
                        .startsWith("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[{");
            };
            String form = "query=sum(m)&time=" + (T / 1000 + 60);
            Call post = (c, worker) -> {
                HttpResponse<String> response = c.send(
                        HttpRequest.newBuilder(URI.create(base + "/api/v1/query"))
                                .header("Content-Type", "application/x-www-form-urlencoded")
                                .POST(HttpRequest.BodyPublishers.ofString(form))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
                assertThat(response.body())
                        .startsWith("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[{");
            };
            run(client, 0, write, WARMUP);
            run(client, 0, read, WARMUP);
            run(client, 0, post, WARMUP);
            report("remote write (10 series x 1 sample)", client, write);
            report("instant query sum(m) over 40 series", client, read);
            report("the same query as a form POST", client, post);
        }
    }

    @FunctionalInterface
    private interface Call {
        void call(HttpClient client, int worker) throws Exception;
    }

    private static void run(HttpClient client, int worker, Call call, int n) throws Exception {
        for (int i = 0; i < n; i++) {
            call.call(client, worker);
        }
    }

    private static void report(String what, HttpClient client, Call call) throws Exception {
        long[] nanos = new long[SEQUENTIAL];
        long start = System.nanoTime();
        for (int i = 0; i < SEQUENTIAL; i++) {
            long t0 = System.nanoTime();
            call.call(client, 0);
            nanos[i] = System.nanoTime() - t0;
        }
        double sequentialSeconds = (System.nanoTime() - start) / 1e9;
        Arrays.sort(nanos);
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        Map<String, Long> threadsBefore = threadCpu();
        long cpuBefore = processCpuNanos();
        long parallelStart = System.nanoTime();
        try {
            Future<?>[] futures = new Future<?>[CLIENTS];
            for (int c = 0; c < CLIENTS; c++) {
                int worker = c;
                futures[c] = pool.submit(() -> {
                    HttpClient own = HttpClient.newBuilder()
                            .version(HttpClient.Version.HTTP_1_1)
                            .build();
                    run(own, worker, call, PER_CLIENT);
                    return null;
                });
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        double parallelSeconds = (System.nanoTime() - parallelStart) / 1e9;
        double cpuPerRequest = (processCpuNanos() - cpuBefore) / 1e3 / (CLIENTS * PER_CLIENT);
        Map<String, Long> threadsAfter = threadCpu();
        StringBuilder groups = new StringBuilder();
        threadsAfter.forEach((group, cpu) -> {
            long spent = cpu - threadsBefore.getOrDefault(group, 0L);
            if (spent > 0) {
                groups.append(String.format(Locale.ROOT, " %s=%.0f", group, spent / 1e3 / (CLIENTS * PER_CLIENT)));
            }
        });
        System.out.printf(
                Locale.ROOT,
                "%s: sequential %d requests p50 %.0f us p99 %.0f us (%.0f req/s); %d clients %.0f req/s,"
                        + " process CPU %.0f us per request (platform threads:%s)%n",
                what,
                SEQUENTIAL,
                nanos[SEQUENTIAL / 2] / 1e3,
                nanos[SEQUENTIAL * 99 / 100] / 1e3,
                SEQUENTIAL / sequentialSeconds,
                CLIENTS,
                CLIENTS * PER_CLIENT / parallelSeconds,
                cpuPerRequest,
                groups);
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** CPU time of live platform threads by name without its trailing number ("XNIO-1 task-"). */
    private static Map<String, Long> threadCpu() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Map<String, Long> out = new TreeMap<>();
        for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info == null) {
                continue;
            }
            long cpu = threads.getThreadCpuTime(info.getThreadId());
            if (cpu > 0) {
                out.merge(info.getThreadName().replaceAll("[0-9]+$", ""), cpu, Long::sum);
            }
        }
        return out;
    }

    /** Ten series {@code m{w="worker", i="…"}} with one sample each, one millisecond later each round. */
    private static byte[] writeBody(int worker, int round) throws IOException {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        CodedOutputStream out = CodedOutputStream.newInstance(buffer);
        for (int s = 0; s < 10; s++) {
            ByteArrayOutputStream series = new ByteArrayOutputStream();
            CodedOutputStream so = CodedOutputStream.newInstance(series);
            so.writeByteArray(1, label("__name__", "m"));
            so.writeByteArray(1, label("i", Integer.toString(s)));
            so.writeByteArray(1, label("w", Integer.toString(worker)));
            ByteArrayOutputStream sample = new ByteArrayOutputStream();
            CodedOutputStream sm = CodedOutputStream.newInstance(sample);
            sm.writeDouble(1, round + s);
            sm.writeInt64(2, T + round);
            sm.flush();
            so.writeByteArray(2, sample.toByteArray());
            so.flush();
            out.writeByteArray(1, series.toByteArray());
        }
        out.flush();
        return Snappy.compress(buffer.toByteArray());
    }

    private static byte[] label(String name, String value) throws IOException {
        ByteArrayOutputStream label = new ByteArrayOutputStream();
        CodedOutputStream l = CodedOutputStream.newInstance(label);
        l.writeByteArray(1, name.getBytes(StandardCharsets.UTF_8));
        l.writeByteArray(2, value.getBytes(StandardCharsets.UTF_8));
        l.flush();
        return label.toByteArray();
    }
}
