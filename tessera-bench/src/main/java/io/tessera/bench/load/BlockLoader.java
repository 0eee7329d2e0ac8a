package io.tessera.bench.load;

import io.tessera.bench.peer.LoopbackHttp;
import io.tessera.bench.peer.RemoteWritePost;
import io.tessera.bench.promql.LoadResult;
import io.tessera.ingest.NameValidation;
import io.tessera.ingest.WriteBatchBuilder;
import io.tessera.ingest.remote.RemoteWriteEncoder;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.LongAdder;

/**
 * Writes a {@link TimeOrderedDataset} over remote write in time order: block after block of five
 * minutes of scrapes, each block spread over a few connections and finished before the next,
 * so a TSDB that refuses samples far behind its newest one accepts everything.
 */
public final class BlockLoader {

    private static final long BLOCK_MS = 300_000;
    private static final int SAMPLES_PER_REQUEST = 60_000;
    private static final long PROGRESS_NANOS = 5_000_000_000L;

    private BlockLoader() {}

    /** Loads {@code d} into {@code writeUrl}; throws when any request is not answered 204. */
    public static LoadResult load(
            TimeOrderedDataset d, String who, String writeUrl, int connections, PrintStream progress)
            throws InterruptedException {
        URI url = URI.create(writeUrl);
        int perBlock = (int) Math.max(1, BLOCK_MS / d.intervalMs());
        int seriesPerRequest = Math.max(1, SAMPLES_PER_REQUEST / (d.seriesPerIndex() * perBlock));
        long began = System.nanoTime();
        long next = began + PROGRESS_NANOS;
        long sent = 0;
        LongAdder requests = new LongAdder();
        try (HttpClient client = LoopbackHttp.client();
                ExecutorService pool = Executors.newFixedThreadPool(connections)) {
            for (int from = 0; from < d.scrapes(); from += perBlock) {
                int to = Math.min(d.scrapes(), from + perBlock);
                List<Future<Integer>> block = new ArrayList<>();
                for (int c = 0; c < connections; c++) {
                    int conn = c;
                    int f = from;
                    block.add(pool.submit(() -> {
                        int n = 0;
                        for (int first = conn * seriesPerRequest;
                                first < d.indexes();
                                first += connections * seriesPerRequest) {
                            int last = Math.min(d.indexes(), first + seriesPerRequest);
                            WriteBatchBuilder batch = new WriteBatchBuilder(
                                    NameValidation.LEGACY,
                                    null,
                                    d.seriesPerIndex() * (last - first),
                                    d.seriesPerIndex() * (last - first) * (to - f));
                            n += d.append(first, last, f, to, batch);
                            post(client, url, RemoteWriteEncoder.encode(batch.build()));
                            requests.increment();
                        }
                        return n;
                    }));
                }
                for (Future<Integer> f : block) {
                    sent += f.get();
                }
                long now = System.nanoTime();
                if (now >= next) {
                    progress.printf(
                            Locale.ROOT,
                            "  %s, %s: %,d of %,d samples (%.0f%%) in %.0f s, %,.0f samples/s%n",
                            who,
                            d.name(),
                            sent,
                            d.samples(),
                            100.0 * sent / d.samples(),
                            (now - began) / 1e9,
                            sent / ((now - began) / 1e9));
                    next = now + PROGRESS_NANOS;
                }
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "loading " + who + " failed: " + e.getCause().getMessage(), e.getCause());
        }
        long nanos = System.nanoTime() - began;
        progress.printf(
                Locale.ROOT,
                "  %s, %s: loaded %,d samples in %.1f s, %,.0f samples/s%n",
                who,
                d.name(),
                sent,
                nanos / 1e9,
                sent / (nanos / 1e9));
        return new LoadResult(requests.sum(), requests.sum(), sent, nanos, null);
    }

    private static void post(HttpClient client, URI url, byte[] body) throws IOException, InterruptedException {
        HttpResponse<String> r = client.send(
                RemoteWritePost.request(url, Duration.ofSeconds(120), body), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 204) {
            throw new IOException("HTTP " + r.statusCode() + ": " + r.body().strip());
        }
    }
}
