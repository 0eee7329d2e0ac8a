package io.tessera.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Batch;
import io.tessera.exec.PromqlEngine;
import io.tessera.server.http.HttpService;
import io.tessera.spi.DataStore;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Collections;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A run cancelled while it reads (here by closing the endpoints) answers Prometheus' canceled error. */
class CancellationTest {

    @Test
    void closingTheEndpointsCancelsARunningQuery() throws Exception {
        CountDownLatch reading = new CountDownLatch(1);
        DataStore slow = (source, request, context) -> {
            reading.countDown();
            long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (System.nanoTime() < giveUp) {
                context.checkAlive();
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            return Collections.<Batch>emptyIterator();
        };
        QueryEndpoints endpoints = new QueryEndpoints(slow, PromqlEngine.Options.DEFAULTS, () -> 1_000_000L);
        try (HttpService http = new HttpService("127.0.0.1", 0)) {
            http.route("/api/v1/query", Set.of("GET"), ApiHandler.of(endpoints::instant));
            http.start();
            CompletableFuture<HttpResponse<String>> response = HttpClient.newHttpClient()
                    .sendAsync(
                            HttpRequest.newBuilder(
                                            URI.create("http://127.0.0.1:" + http.port() + "/api/v1/query?query=up"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertThat(reading.await(5, TimeUnit.SECONDS)).isTrue();
            endpoints.close();
            HttpResponse<String> r = response.get(5, TimeUnit.SECONDS);
            assertThat(r.statusCode()).isEqualTo(499);
            assertThat(r.body()).startsWith("{\"status\":\"error\",\"errorType\":\"canceled\",\"error\":\"");
        }
    }
}
