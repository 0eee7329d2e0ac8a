package io.tessera.bench.ingest;

import io.tessera.bench.peer.LoopbackHttp;
import io.tessera.bench.peer.RemoteWritePost;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * Sends encoded remote-write bodies to one URL, one thread and one HTTP/1.1 keep-alive
 * connection per list of bodies, each list in order, until every body is sent or the time
 * limit passes; prints a progress line every few seconds.
 */
final class LoadSender {

    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);
    private static final long PROGRESS_NANOS = 5_000_000_000L;

    private final URI url;
    private final int samplesPerRequest;
    private final PrintStream out;

    LoadSender(String url, int samplesPerRequest, PrintStream out) {
        this.url = URI.create(url);
        this.samplesPerRequest = samplesPerRequest;
        this.out = out;
    }

    PhaseResult send(String label, List<List<byte[]>> perConnection, Duration limit) throws InterruptedException {
        LongAdder requests = new LongAdder();
        LongAdder failures = new LongAdder();
        AtomicReference<String> firstFailure = new AtomicReference<>();
        long began = System.nanoTime();
        long deadline = began + limit.toNanos();
        List<Thread> workers = new ArrayList<>();
        for (int c = 0; c < perConnection.size(); c++) {
            List<byte[]> bodies = perConnection.get(c);
            workers.add(Thread.ofPlatform()
                    .name("ingest-load-" + c)
                    .start(() -> sendAll(bodies, deadline, requests, failures, firstFailure)));
        }
        long nextProgress = began + PROGRESS_NANOS;
        for (Thread worker : workers) {
            while (!worker.join(Duration.ofMillis(200))) {
                long now = System.nanoTime();
                if (now >= nextProgress) {
                    progress(label, requests.sum(), now - began);
                    nextProgress += PROGRESS_NANOS;
                }
            }
        }
        long elapsed = System.nanoTime() - began;
        long sent = requests.sum();
        long total = 0;
        for (List<byte[]> bodies : perConnection) {
            total += bodies.size();
        }
        return new PhaseResult(
                sent, sent * samplesPerRequest, failures.sum(), firstFailure.get(), elapsed, sent == total);
    }

    private void progress(String label, long requests, long nanos) {
        out.printf(
                Locale.ROOT,
                "  %s %5.1f s: %,d requests, %,d samples, %,.0f samples/s%n",
                label,
                nanos / 1e9,
                requests,
                requests * samplesPerRequest,
                requests * samplesPerRequest / (nanos / 1e9));
    }

    private void sendAll(
            List<byte[]> bodies,
            long deadline,
            LongAdder requests,
            LongAdder failures,
            AtomicReference<String> firstFailure) {
        try (HttpClient client = LoopbackHttp.client()) {
            for (byte[] body : bodies) {
                if (System.nanoTime() >= deadline || Thread.currentThread().isInterrupted()) {
                    return;
                }
                String failure = RemoteWritePost.send(client, url, REQUEST_TIMEOUT, body);
                requests.increment();
                if (failure != null) {
                    failures.increment();
                    firstFailure.compareAndSet(null, failure);
                }
            }
        }
    }
}
