package io.tessera.server.demo;

import io.tessera.ingest.NameValidation;
import io.tessera.ingest.WriteBatchBuilder;
import io.tessera.ingest.remote.RemoteWriteEncoder;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * Writes {@link DemoData} to a Tessera over remote write, as Prometheus would: the history in
 * time order, blocks of scrapes of every instance, then one scrape at a time as time goes by.
 * The next request is generated and encoded while the previous one is in flight; it is sent
 * once that one is answered, so the server still applies them in time order.
 */
final class DemoFeed implements AutoCloseable {

    private static final int SCRAPES_PER_BLOCK = 20;
    private static final int SAMPLES_PER_REQUEST = 60_000;

    private final DemoData data;
    private final URI writeUrl;
    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private long samples;
    private CompletableFuture<HttpResponse<String>> inFlight;

    DemoFeed(DemoData data, String baseUrl) {
        this.data = data;
        this.writeUrl = URI.create(baseUrl + "/api/v1/write");
    }

    /** Writes every scrape with grid time in {@code [fromGrid, toGrid)}; both on the scrape grid. */
    void history(long fromGrid, long toGrid) throws IOException, InterruptedException {
        long[] grid = new long[SCRAPES_PER_BLOCK];
        for (long t = fromGrid; t < toGrid; ) {
            int n = 0;
            while (n < SCRAPES_PER_BLOCK && t < toGrid) {
                grid[n++] = t;
                t += data.intervalMs;
            }
            write(grid, n);
        }
        awaitInFlight();
    }

    /** Writes the scrape at grid time {@code gridTime}. */
    void scrape(long gridTime) throws IOException, InterruptedException {
        write(new long[] {gridTime}, 1);
        awaitInFlight();
    }

    long samples() {
        return samples;
    }

    private void write(long[] grid, int n) throws IOException, InterruptedException {
        int perRequest = Math.max(1, SAMPLES_PER_REQUEST / (n * DemoData.SERIES_PER_INSTANCE));
        for (int first = 0; first < data.instances; first += perRequest) {
            int last = Math.min(data.instances, first + perRequest);
            int series = (last - first) * DemoData.SERIES_PER_INSTANCE;
            WriteBatchBuilder batch = new WriteBatchBuilder(NameValidation.LEGACY, null, series, series * n);
            samples += data.append(first, last, grid, n, batch);
            byte[] body = RemoteWriteEncoder.encode(batch.build());
            awaitInFlight();
            inFlight = client.sendAsync(
                    HttpRequest.newBuilder(writeUrl)
                            .timeout(Duration.ofSeconds(60))
                            .header("Content-Type", "application/x-protobuf")
                            .header("Content-Encoding", "snappy")
                            .header("X-Prometheus-Remote-Write-Version", "0.1.0")
                            .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
        }
    }

    /** Waits for the request in flight, if any; throws when it was not answered 204. */
    private void awaitInFlight() throws IOException, InterruptedException {
        if (inFlight == null) {
            return;
        }
        HttpResponse<String> r;
        try {
            r = inFlight.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io
                    ? io
                    : new IOException("remote write failed: " + e.getCause(), e.getCause());
        } finally {
            inFlight = null;
        }
        if (r.statusCode() != 204) {
            throw new IOException("remote write answered HTTP " + r.statusCode() + ": "
                    + r.body().strip());
        }
    }

    @Override
    public void close() {
        client.close();
    }
}
