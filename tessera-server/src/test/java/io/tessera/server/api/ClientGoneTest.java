package io.tessera.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Batch;
import io.tessera.exec.PromqlEngine;
import io.tessera.exec.context.QueryCancelledException;
import io.tessera.server.http.HttpService;
import io.tessera.server.http.ResponseHeads;
import io.tessera.spi.DataStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A query whose client closes its connection is cancelled while it runs; a watched connection
 * that stays open (keep-alive, pipelining) still answers every request on it.
 */
class ClientGoneTest {

    private static final long SLOW_SECONDS = 30;

    /** A store whose reads take {@code millis} unless their run is cancelled first; records how each read ended. */
    private static final class SlowStore implements DataStore {
        final long millis;
        final CountDownLatch reading = new CountDownLatch(1);
        final CompletableFuture<RuntimeException> ended = new CompletableFuture<>();
        final AtomicInteger reads = new AtomicInteger();

        SlowStore(long millis) {
            this.millis = millis;
        }

        @Override
        public java.util.Iterator<Batch> readRawData(
                io.tessera.spi.Source source,
                io.tessera.spi.RawDataRequest request,
                io.tessera.spi.ReadContext context) {
            reads.incrementAndGet();
            reading.countDown();
            long giveUp = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
            try {
                while (System.nanoTime() < giveUp) {
                    context.checkAlive();
                    Thread.sleep(2);
                }
            } catch (RuntimeException e) {
                ended.complete(e);
                throw e;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            ended.complete(null);
            return Collections.<Batch>emptyIterator();
        }
    }

    private static HttpService serve(SlowStore store) {
        QueryEndpoints endpoints = new QueryEndpoints(store, PromqlEngine.Options.DEFAULTS, () -> 1_000_000L);
        HttpService http = new HttpService("127.0.0.1", 0);
        http.route("/api/v1/query", Set.of("GET", "POST"), ApiHandler.of(endpoints::instant));
        http.start();
        return http;
    }

    private static String get(String query) {
        return "GET /api/v1/query?query=" + query + " HTTP/1.1\r\nHost: localhost\r\n\r\n";
    }

    @Test
    void aQueryWhoseClientClosesItsSocketIsCancelledLongBeforeItWouldEnd() throws Exception {
        SlowStore store = new SlowStore(TimeUnit.SECONDS.toMillis(SLOW_SECONDS));
        try (HttpService http = serve(store)) {
            long sent;
            try (Socket socket = new Socket("127.0.0.1", http.port())) {
                send(socket.getOutputStream(), get("up"));
                assertThat(store.reading.await(10, TimeUnit.SECONDS))
                        .as("the query started reading")
                        .isTrue();
                sent = System.nanoTime();
            }
            RuntimeException end = store.ended.get(SLOW_SECONDS / 2, TimeUnit.SECONDS);
            double seconds = (System.nanoTime() - sent) / 1e9;
            assertThat(end)
                    .as("the run ended by an exception, after %.3f s", seconds)
                    .isInstanceOf(QueryCancelledException.class);
            assertThat(seconds).as("seconds from the close to the cancellation").isLessThan(SLOW_SECONDS / 3.0);
            System.out.printf(
                    java.util.Locale.ROOT,
                    "query cancelled %.3f s after its client closed the socket (it would have run %d s)%n",
                    seconds,
                    SLOW_SECONDS);
        }
    }

    @Test
    void aFormPostQueryIsWatchedOnceItsBodyIsRead() throws Exception {
        SlowStore store = new SlowStore(TimeUnit.SECONDS.toMillis(SLOW_SECONDS));
        try (HttpService http = serve(store)) {
            String body = "query=up&time=100";
            try (Socket socket = new Socket("127.0.0.1", http.port())) {
                send(
                        socket.getOutputStream(),
                        "POST /api/v1/query HTTP/1.1\r\nHost: localhost\r\n"
                                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: "
                                + body.length() + "\r\n\r\n" + body);
                assertThat(store.reading.await(10, TimeUnit.SECONDS)).isTrue();
            }
            assertThat(store.ended.get(SLOW_SECONDS / 2, TimeUnit.SECONDS)).isInstanceOf(QueryCancelledException.class);
        }
    }

    @Test
    void keepAliveRequestsAfterAWatchedQueryAreAnswered() throws Exception {
        SlowStore store = new SlowStore(50);
        try (HttpService http = serve(store);
                Socket socket = connectWithTimeout(http)) {
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            for (int i = 0; i < 3; i++) {
                send(out, get("up"));
                assertThat(readResponse(in))
                        .startsWith("HTTP/1.1 200")
                        .endsWith("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[]}}");
            }
            assertThat(store.reads.get()).isEqualTo(3);
            assertThat(store.ended.get()).isNull();
        }
    }

    @Test
    void pipelinedRequestsWhileAQueryRunsAreAnsweredInOrder() throws Exception {
        SlowStore store = new SlowStore(300);
        try (HttpService http = serve(store);
                Socket socket = connectWithTimeout(http)) {
            OutputStream out = socket.getOutputStream();
            send(out, get("up"));
            assertThat(store.reading.await(10, TimeUnit.SECONDS)).isTrue();
            send(out, get("vector(1)") + get("vector(2)"));
            InputStream in = socket.getInputStream();
            assertThat(readResponse(in)).startsWith("HTTP/1.1 200").endsWith("\"result\":[]}}");
            assertThat(readResponse(in))
                    .startsWith("HTTP/1.1 200")
                    .contains("\"result\":[{\"metric\":{},\"value\":[1000,\"1\"]}]");
            assertThat(readResponse(in))
                    .startsWith("HTTP/1.1 200")
                    .contains("\"result\":[{\"metric\":{},\"value\":[1000,\"2\"]}]");
            assertThat(store.ended.get()).as("the first query ran to its end").isNull();
        }
    }

    /** Writes {@code requests} (raw HTTP/1.1 text) and flushes them. */
    private static void send(OutputStream out, String requests) throws IOException {
        out.write(requests.getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** A connection to {@code http} whose reads give up after 20 s. */
    private static Socket connectWithTimeout(HttpService http) throws IOException {
        Socket socket = new Socket("127.0.0.1", http.port());
        socket.setSoTimeout(20_000);
        return socket;
    }

    /** One response with a Content-Length body: its status line, headers and body as text. */
    static String readResponse(InputStream in) throws IOException {
        String headers = ResponseHeads.read(in);
        int length = 0;
        for (String line : headers.split("\r\n")) {
            if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(
                        line.substring("content-length:".length()).trim());
            }
        }
        byte[] body = in.readNBytes(length);
        return headers + new String(body, StandardCharsets.UTF_8);
    }
}
