package io.tessera.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import io.tessera.ingest.NameValidation;
import io.tessera.ingest.WriteBatchBuilder;
import io.tessera.ingest.remote.RemoteWriteEncoder;
import io.tessera.server.LoopbackServers;
import io.tessera.server.TesseraServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A hundred clients that declare a body and send it a byte at a time (and a few that send their
 * header that way) hold connections, not the worker threads: health, a query and a write still
 * answer promptly, and the slow connections are cut once the read timeout has passed.
 */
class SlowClientsTest {

    private static final int SLOW_BODIES = 90;
    private static final int SLOW_HEADERS = 10;
    private static final long READ_TIMEOUT_MS = 4_000;

    @Test
    void slowClientsHoldConnectionsNotWorkers() throws Exception {
        try (TesseraServer server = LoopbackServers.start("""
                web:
                  read_timeout: 4s
                """)) {
            List<Socket> slow = new ArrayList<>();
            try {
                for (int i = 0; i < SLOW_BODIES + SLOW_HEADERS; i++) {
                    Socket s = new Socket("127.0.0.1", server.port());
                    s.setSoTimeout(1);
                    String start = i < SLOW_BODIES
                            ? "POST /api/v1/write HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-protobuf\r\nContent-Length: 100000\r\n\r\nab"
                            : "GET /-/healthy HTTP/1.1\r\nHost: x\r\nX-Slow: ";
                    s.getOutputStream().write(start.getBytes(StandardCharsets.US_ASCII));
                    s.getOutputStream().flush();
                    slow.add(s);
                }
                long opened = System.nanoTime();
                Thread trickle = Thread.ofPlatform().daemon().start(() -> trickle(slow));
                HttpClient client = HttpClient.newBuilder()
                        .connectTimeout(Duration.ofSeconds(5))
                        .build();
                String base = "http://" + server.address();
                long t0 = System.nanoTime();
                HttpResponse<String> healthy = client.send(
                        HttpRequest.newBuilder(URI.create(base + "/-/healthy"))
                                .timeout(Duration.ofSeconds(3))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                HttpResponse<String> write = client.send(
                        HttpRequest.newBuilder(URI.create(base + "/api/v1/write"))
                                .timeout(Duration.ofSeconds(3))
                                .header("Content-Type", "application/x-protobuf")
                                .header("Content-Encoding", "snappy")
                                .POST(HttpRequest.BodyPublishers.ofByteArray(write("slow_loris_probe")))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                HttpResponse<String> query = client.send(
                        HttpRequest.newBuilder(URI.create(base + "/api/v1/query?query=slow_loris_probe"))
                                .timeout(Duration.ofSeconds(3))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                long servedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
                assertThat(healthy.statusCode()).isEqualTo(200);
                assertThat(write.statusCode()).as(write.body()).isEqualTo(204);
                assertThat(query.statusCode()).isEqualTo(200);
                assertThat(query.body()).contains("slow_loris_probe");
                assertThat(servedMs)
                        .as("three requests beside %d slow clients", slow.size())
                        .isLessThan(READ_TIMEOUT_MS);

                long deadline = opened + TimeUnit.MILLISECONDS.toNanos(READ_TIMEOUT_MS * 5);
                int closed = 0;
                for (Socket s : slow) {
                    if (closedBy(s, deadline)) {
                        closed++;
                    }
                }
                long closedAfterMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - opened);
                trickle.interrupt();
                assertThat(closed)
                        .as("slow connections the server closed within %d ms", closedAfterMs)
                        .isEqualTo(slow.size());
                assertThat(closedAfterMs)
                        .as("the slow connections were cut after the read timeout, not before")
                        .isGreaterThanOrEqualTo(READ_TIMEOUT_MS - 500);
                System.out.printf(
                        "%d slow clients: health, write and query answered in %d ms; all cut %d ms after opening%n",
                        slow.size(), servedMs, closedAfterMs);
            } finally {
                for (Socket s : slow) {
                    s.close();
                }
            }
        }
    }

    /** One more byte on every slow connection every 300 ms, for at most 30 s: activity that must not keep them open. */
    private static void trickle(List<Socket> sockets) {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < end && !Thread.currentThread().isInterrupted()) {
            for (Socket s : sockets) {
                try {
                    s.getOutputStream().write('x');
                } catch (IOException e) {
                    // closed by the server: that is the point
                }
            }
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Whether the server ended the connection (end of stream or reset) before {@code deadline}. */
    private static boolean closedBy(Socket s, long deadline) throws IOException {
        InputStream in = s.getInputStream();
        byte[] buf = new byte[4096];
        while (System.nanoTime() < deadline) {
            int remaining = (int) Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
            s.setSoTimeout(remaining);
            try {
                if (in.read(buf) < 0) {
                    return true;
                }
            } catch (java.net.SocketTimeoutException e) {
                return false;
            } catch (IOException e) {
                return true;
            }
        }
        return false;
    }

    private static byte[] write(String metric) {
        WriteBatchBuilder batch = new WriteBatchBuilder(NameValidation.UTF8);
        batch.addSample(System.currentTimeMillis(), 1);
        batch.endSeries(Labels.of("__name__", metric));
        return RemoteWriteEncoder.encode(batch.build());
    }
}
