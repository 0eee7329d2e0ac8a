package io.tessera.bench.promql;

import io.tessera.bench.peer.LoopbackHttp;
import io.tessera.bench.peer.RemoteWritePost;
import io.tessera.ingest.NameValidation;
import io.tessera.ingest.WriteBatchBuilder;
import io.tessera.ingest.remote.RemoteWriteEncoder;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Writes a generated dataset to a remote-write URL in time order across all series: block by
 * block of {@link #SCRAPES_PER_BLOCK} scrapes, each block's requests spread over a few
 * connections and finished before the next block starts. A TSDB that refuses samples far behind
 * its newest one (Prometheus: about an hour) therefore accepts everything, and each series
 * arrives in order on one connection. Every load regenerates the same data from the seed.
 */
public final class DatasetLoader {

    static final int SCRAPES_PER_BLOCK = 20;
    static final int INSTANCES_PER_REQUEST = 25;
    private static final long PROGRESS_NANOS = 5_000_000_000L;
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);

    private final DatasetShape shape;
    private final int connections;
    private final PrintStream progress;

    /** @param progress where progress lines go every few seconds, or null for none */
    public DatasetLoader(DatasetShape shape, int connections, PrintStream progress) {
        this.shape = shape;
        this.connections = connections;
        this.progress = progress;
    }

    public LoadResult load(String name, String writeUrl) throws InterruptedException {
        URI url = URI.create(writeUrl);
        List<List<InstanceSeries[]>> perConnection = new ArrayList<>();
        for (int c = 0; c < connections; c++) {
            perConnection.add(new ArrayList<>());
        }
        for (int first = 0, g = 0; first < shape.instances(); first += INSTANCES_PER_REQUEST, g++) {
            InstanceSeries[] group = new InstanceSeries[Math.min(INSTANCES_PER_REQUEST, shape.instances() - first)];
            for (int i = 0; i < group.length; i++) {
                group[i] = new InstanceSeries(shape, first + i);
            }
            perConnection.get(g % connections).add(group);
        }
        long[] requests = new long[connections];
        long[] accepted = new long[connections];
        long[] samples = new long[connections];
        AtomicReference<String> firstFailure = new AtomicReference<>();
        long began = System.nanoTime();
        long nextProgress = began + PROGRESS_NANOS;
        try (HttpClient client = LoopbackHttp.client();
                ExecutorService pool = Executors.newFixedThreadPool(connections)) {
            for (int from = 0; from < shape.scrapes(); from += SCRAPES_PER_BLOCK) {
                int to = Math.min(from + SCRAPES_PER_BLOCK, shape.scrapes());
                List<Future<?>> block = new ArrayList<>();
                for (int c = 0; c < connections; c++) {
                    int conn = c;
                    int blockFrom = from;
                    Callable<Void> task = () -> {
                        for (InstanceSeries[] group : perConnection.get(conn)) {
                            WriteBatchBuilder batch = new WriteBatchBuilder(
                                    NameValidation.LEGACY,
                                    null,
                                    group.length * InstanceSeries.SERIES_PER_INSTANCE,
                                    group.length * InstanceSeries.SERIES_PER_INSTANCE * (to - blockFrom));
                            int n = 0;
                            for (InstanceSeries instance : group) {
                                n += instance.appendScrapes(blockFrom, to, batch);
                            }
                            if (n == 0) {
                                continue;
                            }
                            String failure = RemoteWritePost.send(
                                    client, url, REQUEST_TIMEOUT, RemoteWriteEncoder.encode(batch.build()));
                            requests[conn]++;
                            samples[conn] += n;
                            if (failure == null) {
                                accepted[conn]++;
                            } else {
                                firstFailure.compareAndSet(null, failure);
                            }
                        }
                        return null;
                    };
                    block.add(pool.submit(task));
                }
                for (Future<?> f : block) {
                    f.get();
                }
                long now = System.nanoTime();
                if (progress != null && now >= nextProgress) {
                    long sent = sum(samples);
                    progress.printf(
                            Locale.ROOT,
                            "  %s: %,d of about %,d samples (%.0f%%) in %.1f s, %,.0f samples/s," + " %,d requests%s%n",
                            name,
                            sent,
                            shape.maxSamples(),
                            100.0 * sent / shape.maxSamples(),
                            (now - began) / 1e9,
                            sent / ((now - began) / 1e9),
                            sum(requests),
                            sum(requests) == sum(accepted) ? "" : ", " + (sum(requests) - sum(accepted)) + " refused");
                    nextProgress = now + PROGRESS_NANOS;
                }
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("loading " + name + " failed", e.getCause());
        }
        return new LoadResult(
                sum(requests), sum(accepted), sum(samples), System.nanoTime() - began, firstFailure.get());
    }

    private static long sum(long[] a) {
        long s = 0;
        for (long x : a) {
            s += x;
        }
        return s;
    }
}
