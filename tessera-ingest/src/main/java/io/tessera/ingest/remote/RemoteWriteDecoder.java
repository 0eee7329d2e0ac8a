package io.tessera.ingest.remote;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import io.tessera.core.LabelsInterner;
import io.tessera.ingest.IngestOptions;
import io.tessera.ingest.PayloadTooLargeException;
import io.tessera.ingest.WriteBatch;
import io.tessera.ingest.WriteBatchBuilder;
import java.io.IOException;
import java.util.Objects;

/**
 * Decodes a Prometheus remote-write 1.0 request: a snappy block holding a protobuf
 * {@code prometheus.WriteRequest}. The whole request is checked before anything is returned,
 * so a store either applies all of it or none. Samples go straight into the batch's primitive
 * columns; exemplars, native histograms and metadata are checked for well-formedness and
 * counted. Thread-safe; each call uses its own state.
 */
public final class RemoteWriteDecoder {

    private static final int WRITE_REQUEST_TIMESERIES = 1;
    private static final int WRITE_REQUEST_METADATA = 3;
    private static final int SERIES_LABELS = 1;
    private static final int SERIES_SAMPLES = 2;
    private static final int SERIES_EXEMPLARS = 3;
    private static final int SERIES_HISTOGRAMS = 4;
    private static final int LABEL_NAME = 1;
    private static final int LABEL_VALUE = 2;

    private final IngestOptions options;
    private final LabelsInterner interner;

    public RemoteWriteDecoder() {
        this(IngestOptions.DEFAULTS, null);
    }

    /** @param interner shares equal label sets across requests, or null */
    public RemoteWriteDecoder(IngestOptions options, LabelsInterner interner) {
        this.options = options;
        this.interner = interner;
    }

    public IngestOptions options() {
        return options;
    }

    /**
     * The uncompressed size a snappy-compressed request body declares in its header, read
     * without decompressing (for 1.0 and 2.0 alike), or -1 when the header is malformed.
     */
    public static long declaredUncompressedLength(byte[] body) {
        return SnappyBlock.declaredLength(body);
    }

    /**
     * Decodes an HTTP request body (snappy block format).
     *
     * @throws WriteRejectedException with status 400 for a malformed body or an invalid series,
     *     413 when the body would decompress to more than the configured limit
     */
    public WriteBatch decode(byte[] body) {
        return decode(body, 0, body.length);
    }

    public WriteBatch decode(byte[] body, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, body.length);
        byte[] raw = SnappyBlock.decompress(body, offset, length, options.maxUncompressedBytes());
        return new Run(raw, 0).decode(raw.length);
    }

    /** Decodes an uncompressed {@code WriteRequest} message. */
    public WriteBatch decodeUncompressed(byte[] message, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, message.length);
        if (length > options.maxUncompressedBytes()) {
            throw new PayloadTooLargeException("write request", length, options.maxUncompressedBytes());
        }
        return new Run(message, offset).decode(length);
    }

    /** The state of decoding one request. */
    private final class Run {

        private final byte[] buf;
        private final int base;
        private CodedInputStream in;
        private final WriteBatchBuilder batch;
        private final StringTable strings;
        private final SeriesLabels labels = new SeriesLabels();

        Run(byte[] buf, int base) {
            this.buf = buf;
            this.base = base;
            this.strings = new StringTable(buf);
            this.batch = new WriteBatchBuilder(options.nameValidation(), interner, 64, 256);
        }

        WriteBatch decode(int length) {
            batch.ensureCapacity(length / 512, length / 32);
            in = CodedInputStream.newInstance(buf, base, length);
            RemoteWriteFields.readRequest("WriteRequest", () -> in, this::readWriteRequest);
            return batch.build();
        }

        private void readWriteRequest() throws IOException {
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                switch (WireFormat.getTagFieldNumber(tag)) {
                    case WRITE_REQUEST_TIMESERIES ->
                        RemoteWriteFields.readMessage(in, tag, "Timeseries", this::readSeries);
                    case WRITE_REQUEST_METADATA -> {
                        RemoteWriteFields.skipMessage(in, tag, PrompbSchemas.METRIC_METADATA, "Metadata");
                        batch.addMetadata(1);
                    }
                    default -> WireSchema.skipUnknown(in, tag, "WriteRequest");
                }
            }
        }

        private void readSeries() throws IOException {
            labels.clear();
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                switch (WireFormat.getTagFieldNumber(tag)) {
                    case SERIES_LABELS -> RemoteWriteFields.readMessage(in, tag, "Labels", this::readLabel);
                    case SERIES_SAMPLES -> RemoteWriteFields.readSampleMessage(in, tag, batch);
                    case SERIES_EXEMPLARS -> {
                        RemoteWriteFields.skipMessage(in, tag, PrompbSchemas.EXEMPLAR, "Exemplars");
                        batch.addExemplars(1);
                    }
                    case SERIES_HISTOGRAMS -> {
                        RemoteWriteFields.skipMessage(in, tag, PrompbSchemas.HISTOGRAM, "Histograms");
                        batch.addHistograms(1);
                    }
                    default -> WireSchema.skipUnknown(in, tag, "TimeSeries");
                }
            }
            labels.endSeries(batch);
        }

        private void readLabel() throws IOException {
            String name = "";
            String value = "";
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                switch (WireFormat.getTagFieldNumber(tag)) {
                    case LABEL_NAME -> {
                        WireSchema.expect(
                                in, WireFormat.getTagWireType(tag), WireFormat.WIRETYPE_LENGTH_DELIMITED, "Name");
                        name = readString();
                    }
                    case LABEL_VALUE -> {
                        WireSchema.expect(
                                in, WireFormat.getTagWireType(tag), WireFormat.WIRETYPE_LENGTH_DELIMITED, "Value");
                        value = readString();
                    }
                    default -> WireSchema.skipUnknown(in, tag, "Label");
                }
            }
            labels.add(name, value);
        }

        /** A length-delimited string read straight from the buffer; null if it is not UTF-8. */
        private String readString() throws IOException {
            int length = in.readRawVarint32();
            int start = base + in.getTotalBytesRead();
            in.skipRawBytes(length);
            return strings.decode(start, length);
        }
    }
}
