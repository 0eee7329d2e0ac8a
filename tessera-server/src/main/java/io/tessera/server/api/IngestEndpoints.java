package io.tessera.server.api;

import io.tessera.core.InvalidInputException;
import io.tessera.core.LimitExceededException;
import io.tessera.ingest.AdmittedWrite;
import io.tessera.ingest.IngestOptions;
import io.tessera.ingest.RawAppends;
import io.tessera.ingest.WriteBatch;
import io.tessera.ingest.WriteRejectedException;
import io.tessera.ingest.remote.RemoteWrite2Decoder;
import io.tessera.ingest.remote.RemoteWriteDecoder;
import io.tessera.ingest.text.TextExpositionParser;
import io.tessera.server.http.Request;
import io.tessera.server.metrics.MetricsRegistry;
import io.tessera.store.raw.AppendRequest;
import io.tessera.store.raw.AppendResult;
import io.tessera.store.raw.SampleRejectedException;
import io.tessera.store.wal.WalFailedException;
import java.io.IOException;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code POST /api/v1/write} (Prometheus remote write 1.0 and 2.0) and {@code POST
 * /api/v1/import/prometheus} (text exposition format). A request is decoded and validated whole,
 * then applied to the raw store atomically: a rejected request changes nothing. With a data
 * directory the request is answered 204 only once it is in the write-ahead log; a log failure
 * answers 503.
 *
 * <p>Two parts of a request are refused while the rest is stored: samples stamped further ahead
 * of the server's clock than the future tolerance, and native histogram samples (not stored yet).
 * The answer is then 400 naming what was refused: the sender sees it, and does not retry what was
 * stored.
 *
 * <p>Heap: a request leases its estimated allocation from a {@link DecodeBudget} before it reads
 * its body and before it decodes it, and is refused (503, retried by senders) when the budget stays
 * taken; a body too large for the budget at all is refused 413. An {@link OutOfMemoryError} while
 * a write is handled answers that write 503 instead of ending the thread.
 */
public final class IngestEndpoints {

    private static final Logger LOG = LoggerFactory.getLogger(IngestEndpoints.class);

    /** The share of the Java heap write requests being read and decoded may hold together. */
    public static final double DECODE_HEAP_FRACTION = 0.25;
    /** How long a write waits for other writes to give back decoding heap before it is answered 503. */
    private static final long BUDGET_WAIT_MS = 5_000;
    /** Below this much room under the memory limit a write is refused before it is decoded. */
    private static final long MIN_STORE_HEADROOM = 64 << 10;

    private static final String RETRY_AFTER_SECONDS = "30";

    /**
     * @param futureToleranceMillis how far ahead of the server's clock a sample may be stamped
     * @param decodeBudgetBytes the heap write requests being read and decoded may hold together
     * @param storeHeadroom bytes the raw store may still grow by before its memory limit
     * @param clock the server's clock, epoch milliseconds
     */
    public record Limits(
            long futureToleranceMillis, long decodeBudgetBytes, LongSupplier storeHeadroom, LongSupplier clock) {}

    private final Function<AppendRequest, AppendResult> store;
    private final RemoteWriteDecoder remoteWrite;
    private final RemoteWrite2Decoder remoteWrite2;
    private final TextExpositionParser text;
    private final int maxBodyBytes;
    private final Limits limits;
    private final DecodeBudget budget;
    private final LongAdder samples;
    private final LongAdder duplicates;
    private final LongAdder exemplars;
    private final LongAdder histograms;
    private final LongAdder metadata;
    private final LongAdder futureSamples;
    private final LongAdder accepted;
    private final LongAdder rejectedBadRequest;
    private final LongAdder rejectedTooLarge;
    private final LongAdder rejectedMemory;
    private final LongAdder rejectedBusy;
    private final LongAdder rejectedLog;
    private final LongAdder partial;

    /** Told about every write after it was applied. */
    @FunctionalInterface
    public interface WriteListener {
        void accepted(AppendRequest request);
    }

    private final WriteListener listener;

    /** @param store appends a request atomically, durably when it is backed by a log */
    public IngestEndpoints(
            Function<AppendRequest, AppendResult> store,
            IngestOptions options,
            MetricsRegistry metrics,
            WriteListener listener,
            Limits limits) {
        this.store = store;
        this.listener = listener;
        this.limits = limits;
        this.budget = new DecodeBudget(limits.decodeBudgetBytes());
        long affordable = budget.largestBody();
        if (affordable < options.maxUncompressedBytes()) {
            LOG.warn(
                    "remote_write.max_body_bytes {} is more than this heap can decode; requests are limited to {} bytes "
                            + "({}% of the heap, {} bytes, is for write requests being decoded; raise -Xmx for larger ones)",
                    options.maxUncompressedBytes(),
                    affordable,
                    Math.round(DECODE_HEAP_FRACTION * 100),
                    limits.decodeBudgetBytes());
            options = options.withMaxUncompressedBytes((int) affordable);
        }
        this.remoteWrite = new RemoteWriteDecoder(options, null);
        this.remoteWrite2 = new RemoteWrite2Decoder(options, null);
        this.text = new TextExpositionParser(options, null);
        this.maxBodyBytes = options.maxUncompressedBytes();
        String requests = "tessera_ingest_requests_total";
        String help = "Write requests by outcome.";
        accepted = metrics.counter(requests, help, "result", "accepted");
        partial = metrics.counter(requests, help, "result", "partly_refused");
        rejectedBadRequest = metrics.counter(requests, help, "result", "bad_request");
        rejectedTooLarge = metrics.counter(requests, help, "result", "too_large");
        rejectedMemory = metrics.counter(requests, help, "result", "memory_limit");
        rejectedBusy = metrics.counter(requests, help, "result", "decode_budget");
        rejectedLog = metrics.counter(requests, help, "result", "wal_failed");
        samples = metrics.counter("tessera_ingest_samples_total", "Samples appended to the raw store.");
        duplicates = metrics.counter(
                "tessera_ingest_duplicate_samples_total", "Samples ignored as exact repeats of a stored sample.");
        exemplars = metrics.counter("tessera_ingest_exemplars_total", "Exemplars received and counted, not stored.");
        histograms = metrics.counter(
                "tessera_ingest_histograms_total", "Native histogram samples received and refused (not stored yet).");
        metadata = metrics.counter(
                "tessera_ingest_metadata_total", "Metric metadata entries received and counted, not stored.");
        futureSamples = metrics.counter(
                "tessera_ingest_future_samples_total",
                "Samples refused for being stamped further ahead of the server's clock than storage.future_tolerance.");
    }

    public void remoteWrite(Request request) throws IOException {
        underLease(request, this::remoteWrite);
    }

    public void importText(Request request) throws IOException {
        underLease(request, this::importText);
    }

    /** A write handler that takes the decode budget it needs from {@code lease}. */
    @FunctionalInterface
    private interface LeasedHandler {
        void handle(Request request, DecodeBudget.Lease lease) throws IOException, InterruptedException;
    }

    private void underLease(Request request, LeasedHandler handler) throws IOException {
        try (DecodeBudget.Lease lease = budget.lease()) {
            handler.handle(request, lease);
        } catch (OutOfMemoryError e) {
            outOfMemory(request);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            busy(request);
        }
    }

    private void remoteWrite(Request request, DecodeBudget.Lease lease) throws IOException, InterruptedException {
        RemoteWriteMessage message = RemoteWriteMessage.of(request.header("Content-Type"));
        if (message.refusal() != null) {
            rejectedBadRequest.increment();
            request.text(415, message.refusal() + "\n");
            return;
        }
        byte[] body = readBody(request, lease, maxCompressedLength(maxBodyBytes), Request::body);
        if (body == null) {
            return;
        }
        long uncompressed = Math.min(maxBodyBytes, Math.max(0, RemoteWriteDecoder.declaredUncompressedLength(body)));
        if (!roomToDecode(request, lease, uncompressed)) {
            return;
        }
        WriteBatch batch;
        try {
            batch = message.version() == RemoteWriteMessage.Version.V2
                    ? remoteWrite2.decode(body)
                    : remoteWrite.decode(body);
        } catch (WriteRejectedException e) {
            reject(request, e);
            return;
        }
        body = null;
        apply(request, batch, message.version() == RemoteWriteMessage.Version.V2);
    }

    private void importText(Request request, DecodeBudget.Lease lease) throws IOException, InterruptedException {
        byte[] body = readBody(request, lease, maxBodyBytes, Request::decodedBody);
        if (body == null) {
            return;
        }
        if (!roomToDecode(request, lease, body.length)) {
            return;
        }
        WriteBatch batch;
        try {
            batch = text.parse(body, limits.clock().getAsLong());
        } catch (WriteRejectedException e) {
            reject(request, e);
            return;
        }
        body = null;
        apply(request, batch, false);
    }

    /** The body's declared length, or {@code otherwise} for a body sent without one. */
    private static long declaredLength(Request request, long otherwise) {
        String declared = request.header("Content-Length");
        if (declared != null) {
            try {
                return Math.max(0, Long.parseLong(declared.trim()));
            } catch (NumberFormatException e) {
                return otherwise;
            }
        }
        return otherwise;
    }

    /** Reads a request body of at most {@code limit} bytes, as sent or decoded. */
    @FunctionalInterface
    private interface BodyReader {
        byte[] read(Request request, long limit) throws IOException;
    }

    /**
     * The body {@code reader} reads, at most {@code maxBytes}, after leasing the heap reading it takes
     * (less when the body declares its length); null when the request was answered instead: the
     * budget had no room in time, the body was too large or not in its declared encoding.
     */
    private byte[] readBody(Request request, DecodeBudget.Lease lease, long maxBytes, BodyReader reader)
            throws IOException, InterruptedException {
        if (!lease.grow(
                DecodeBudget.READ_BYTES_PER_BYTE * Math.min(maxBytes, declaredLength(request, maxBytes)),
                BUDGET_WAIT_MS)) {
            busy(request);
            return null;
        }
        try {
            return reader.read(request, maxBytes);
        } catch (LimitExceededException e) {
            rejectedTooLarge.increment();
            request.text(413, e.getMessage() + "\n");
        } catch (InvalidInputException e) {
            rejectedBadRequest.increment();
            request.text(400, e.getMessage() + "\n");
        }
        return null;
    }

    /**
     * Leases the heap decoding {@code uncompressed} bytes takes, after checking that the raw store
     * has room at all; answers the request and returns false when it must wait for neither.
     */
    private boolean roomToDecode(Request request, DecodeBudget.Lease lease, long uncompressed)
            throws IOException, InterruptedException {
        if (limits.storeHeadroom().getAsLong() < MIN_STORE_HEADROOM) {
            rejectedMemory.increment();
            request.setHeader("Retry-After", RETRY_AFTER_SECONDS);
            request.text(
                    503,
                    "memory limit reached: the raw store is at storage.memory_limit; ingest refused, nothing of this request was stored\n");
            return false;
        }
        if (!lease.grow(DecodeBudget.DECODED_BYTES_PER_BYTE * uncompressed, BUDGET_WAIT_MS)) {
            busy(request);
            return false;
        }
        return true;
    }

    /**
     * Applies {@code batch} whole, except its samples too far in the future; a 2.0 sender
     * ({@code written}) is told what was written. A request that carried refused samples or native
     * histograms is answered 400 saying what was refused and that the rest was stored.
     */
    private void apply(Request request, WriteBatch batch, boolean written) throws IOException {
        AppendResult result;
        AdmittedWrite admitted;
        try {
            admitted =
                    RawAppends.admit(batch, saturatedAdd(limits.clock().getAsLong(), limits.futureToleranceMillis()));
            result = store.apply(admitted.request());
        } catch (SampleRejectedException e) {
            rejectedBadRequest.increment();
            request.text(400, e.getMessage() + "\n");
            return;
        } catch (LimitExceededException e) {
            rejectedMemory.increment();
            request.setHeader("Retry-After", RETRY_AFTER_SECONDS);
            request.text(503, e.getMessage() + "\n");
            return;
        } catch (WalFailedException e) {
            rejectedLog.increment();
            request.text(503, e.getMessage() + "\n");
            return;
        }
        listener.accepted(admitted.request());
        samples.add(result.samplesAppended());
        duplicates.add(result.duplicatesIgnored());
        exemplars.add(batch.skipped().exemplars());
        histograms.add(batch.skipped().histograms());
        metadata.add(batch.skipped().metadata());
        futureSamples.add(admitted.futureSamples());
        int stored = admitted.request().sampleCount();
        if (written) {
            request.setHeader("X-Prometheus-Remote-Write-Samples-Written", Integer.toString(stored));
            request.setHeader("X-Prometheus-Remote-Write-Histograms-Written", "0");
            request.setHeader("X-Prometheus-Remote-Write-Exemplars-Written", "0");
        }
        String refused = refusal(admitted, batch.skipped().histograms(), stored);
        if (refused != null) {
            partial.increment();
            request.text(400, refused + "\n");
            return;
        }
        accepted.increment();
        request.noContent();
    }

    /** What of the request was refused and why, with what was stored; null when nothing was refused. */
    static String refusal(AdmittedWrite admitted, int histogramSamples, int storedSamples) {
        String future = admitted.futureRefusal();
        if (future == null && histogramSamples == 0) {
            return null;
        }
        StringBuilder out = new StringBuilder();
        if (histogramSamples > 0) {
            out.append("refused ")
                    .append(histogramSamples)
                    .append(" native histogram sample")
                    .append(histogramSamples == 1 ? "" : "s")
                    .append(": native histograms are not stored by this server yet (send them as classic histograms)");
        }
        if (future != null) {
            out.append(out.isEmpty() ? "" : "; ").append(future);
        }
        return out.append("; the other ")
                .append(storedSamples)
                .append(
                        storedSamples == 1
                                ? " sample of this request was stored"
                                : " samples of this request were stored")
                .toString();
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }

    private void busy(Request request) throws IOException {
        rejectedBusy.increment();
        request.setHeader("Retry-After", "5");
        request.text(
                503,
                "too many write requests being decoded: they hold the " + budget.capacityBytes()
                        + " bytes of heap set aside for decoding writes; nothing of this request was stored, retry later\n");
    }

    private void outOfMemory(Request request) throws IOException {
        rejectedMemory.increment();
        LOG.warn("a write request ran out of heap; it is answered 503 and can be retried");
        if (!request.responded()) {
            request.setHeader("Retry-After", RETRY_AFTER_SECONDS);
            request.text(
                    503, "out of memory while handling this write request; it was not acknowledged, retry later\n");
        }
    }

    private void reject(Request request, WriteRejectedException e) throws IOException {
        (e.httpStatus() == 413 ? rejectedTooLarge : rejectedBadRequest).increment();
        request.text(e.httpStatus(), e.getMessage() + "\n");
    }

    /** The largest snappy block that can hold {@code uncompressed} bytes. */
    static long maxCompressedLength(long uncompressed) {
        return 32 + uncompressed + uncompressed / 6;
    }
}
