package io.tessera.server.api;

import io.tessera.core.InvalidInputException;
import io.tessera.core.LimitExceededException;
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
import io.tessera.store.raw.RawStore;
import io.tessera.store.raw.SampleRejectedException;
import io.tessera.store.wal.WalFailedException;
import java.io.IOException;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;

/**
 * {@code POST /api/v1/write} (Prometheus remote write 1.0) and {@code POST
 * /api/v1/import/prometheus} (text exposition format). A request is decoded and validated whole,
 * then applied to the raw store atomically: a rejected request changes nothing. With a data
 * directory the request is answered 204 only once it is in the write-ahead log; a log failure
 * answers 503.
 */
public final class IngestEndpoints {

    private final Function<AppendRequest, AppendResult> store;
    private final RemoteWriteDecoder remoteWrite;
    private final RemoteWrite2Decoder remoteWrite2;
    private final TextExpositionParser text;
    private final int maxBodyBytes;
    private final LongAdder samples;
    private final LongAdder duplicates;
    private final LongAdder exemplars;
    private final LongAdder histograms;
    private final LongAdder metadata;
    private final LongAdder accepted;
    private final LongAdder rejectedBadRequest;
    private final LongAdder rejectedTooLarge;
    private final LongAdder rejectedMemory;
    private final LongAdder rejectedLog;

    /** Told about every write after it was applied. */
    @FunctionalInterface
    public interface WriteListener {
        void accepted(AppendRequest request);
    }

    private final WriteListener listener;

    public IngestEndpoints(RawStore store, IngestOptions options, MetricsRegistry metrics) {
        this(store::append, options, metrics, request -> { });
    }

    /** @param store appends a request atomically, durably when it is backed by a log */
    public IngestEndpoints(Function<AppendRequest, AppendResult> store, IngestOptions options, MetricsRegistry metrics,
            WriteListener listener) {
        this.store = store;
        this.listener = listener;
        this.remoteWrite = new RemoteWriteDecoder(options, null);
        this.remoteWrite2 = new RemoteWrite2Decoder(options, null);
        this.text = new TextExpositionParser(options, null);
        this.maxBodyBytes = options.maxUncompressedBytes();
        String requests = "tessera_ingest_requests_total";
        String help = "Write requests by outcome.";
        accepted = metrics.counter(requests, help, "result", "accepted");
        rejectedBadRequest = metrics.counter(requests, help, "result", "bad_request");
        rejectedTooLarge = metrics.counter(requests, help, "result", "too_large");
        rejectedMemory = metrics.counter(requests, help, "result", "memory_limit");
        rejectedLog = metrics.counter(requests, help, "result", "wal_failed");
        samples = metrics.counter("tessera_ingest_samples_total", "Samples appended to the raw store.");
        duplicates = metrics.counter("tessera_ingest_duplicate_samples_total", "Samples ignored as exact repeats of a stored sample.");
        exemplars = metrics.counter("tessera_ingest_exemplars_total", "Exemplars received and counted, not stored.");
        histograms = metrics.counter("tessera_ingest_histograms_total", "Native histogram samples received and counted, not stored.");
        metadata = metrics.counter("tessera_ingest_metadata_total", "Metric metadata entries received and counted, not stored.");
    }

    public void remoteWrite(Request request) throws IOException {
        RemoteWriteMessage message = RemoteWriteMessage.of(request.header("Content-Type"));
        if (message.refusal() != null) {
            rejectedBadRequest.increment();
            request.text(415, message.refusal() + "\n");
            return;
        }
        byte[] body;
        try {
            body = request.body(maxCompressedLength(maxBodyBytes));
        } catch (LimitExceededException e) {
            rejectedTooLarge.increment();
            request.text(413, e.getMessage() + "\n");
            return;
        }
        WriteBatch batch;
        try {
            batch = message.version() == RemoteWriteMessage.Version.V2 ? remoteWrite2.decode(body) : remoteWrite.decode(body);
        } catch (WriteRejectedException e) {
            reject(request, e);
            return;
        }
        apply(request, batch, message.version() == RemoteWriteMessage.Version.V2);
    }

    public void importText(Request request) throws IOException {
        byte[] body;
        try {
            body = request.decodedBody(maxBodyBytes);
        } catch (LimitExceededException e) {
            rejectedTooLarge.increment();
            request.text(413, e.getMessage() + "\n");
            return;
        } catch (InvalidInputException e) {
            rejectedBadRequest.increment();
            request.text(400, e.getMessage() + "\n");
            return;
        }
        WriteBatch batch;
        try {
            batch = text.parse(body, System.currentTimeMillis());
        } catch (WriteRejectedException e) {
            reject(request, e);
            return;
        }
        apply(request, batch, false);
    }

    /** Applies {@code batch} whole; a 2.0 sender ({@code written}) is told what was written: every sample, no exemplar or histogram. */
    private void apply(Request request, WriteBatch batch, boolean written) throws IOException {
        AppendResult result;
        AppendRequest appended;
        try {
            appended = RawAppends.of(batch);
            result = store.apply(appended);
        } catch (SampleRejectedException e) {
            rejectedBadRequest.increment();
            request.text(400, e.getMessage() + "\n");
            return;
        } catch (LimitExceededException e) {
            rejectedMemory.increment();
            request.setHeader("Retry-After", "30");
            request.text(503, e.getMessage() + "\n");
            return;
        } catch (WalFailedException e) {
            rejectedLog.increment();
            request.text(503, e.getMessage() + "\n");
            return;
        }
        listener.accepted(appended);
        accepted.increment();
        samples.add(result.samplesAppended());
        duplicates.add(result.duplicatesIgnored());
        exemplars.add(batch.exemplarCount());
        histograms.add(batch.histogramCount());
        metadata.add(batch.metadataCount());
        if (written) {
            request.setHeader("X-Prometheus-Remote-Write-Samples-Written", Integer.toString(batch.sampleCount()));
            request.setHeader("X-Prometheus-Remote-Write-Histograms-Written", "0");
            request.setHeader("X-Prometheus-Remote-Write-Exemplars-Written", "0");
        }
        request.noContent();
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
