package io.tessera.ingest.remote;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import io.tessera.core.LabelsInterner;
import io.tessera.ingest.IngestOptions;
import io.tessera.ingest.MalformedProtobufException;
import io.tessera.ingest.WriteBatch;
import io.tessera.ingest.WriteBatchBuilder;
import io.tessera.ingest.WriteRejectedException;
import java.io.IOException;
import java.util.Arrays;
import java.util.Objects;

/**
 * Decodes a Prometheus remote-write 2.0 request: a snappy block holding a protobuf
 * {@code io.prometheus.write.v2.Request}, whose series name their labels, help and unit by
 * references into one table of symbols. The symbols are read first wherever they stand in the
 * message; every reference is checked against them, and the whole request is checked before
 * anything is returned, as for 1.0. Samples go into the batch; exemplars, native histograms and
 * metadata are checked and counted. Thread-safe; each call uses its own state.
 */
public final class RemoteWrite2Decoder {

    private static final int REQUEST_SYMBOLS = 4;
    private static final int REQUEST_TIMESERIES = 5;
    private static final int SERIES_LABELS_REFS = 1;
    private static final int SERIES_SAMPLES = 2;
    private static final int SERIES_HISTOGRAMS = 3;
    private static final int SERIES_EXEMPLARS = 4;
    private static final int SERIES_METADATA = 5;
    private static final int SERIES_CREATED_TIMESTAMP = 6;
    private static final int EXEMPLAR_LABELS_REFS = 1;
    private static final int METADATA_HELP_REF = 3;
    private static final int METADATA_UNIT_REF = 4;

    private final IngestOptions options;
    private final LabelsInterner interner;

    /** @param interner shares equal label sets across requests, or null */
    public RemoteWrite2Decoder(IngestOptions options, LabelsInterner interner) {
        this.options = options;
        this.interner = interner;
    }

    /**
     * Decodes an HTTP request body (snappy block format).
     *
     * @throws WriteRejectedException with status 400 for a malformed body, a reference outside
     *     the symbols or an invalid series, 413 when the body would decompress past the limit
     */
    public WriteBatch decode(byte[] body) {
        byte[] raw = SnappyBlock.decompress(body, 0, body.length, options.maxUncompressedBytes());
        return new Run(raw).decode();
    }

    /** Decodes an uncompressed {@code Request} message. */
    public WriteBatch decodeUncompressed(byte[] message) {
        Objects.requireNonNull(message);
        return new Run(message).decode();
    }

    private final class Run {

        private final byte[] buf;
        private final StringTable strings;
        private final WriteBatchBuilder batch;
        private CodedInputStream in;
        private int[] symbolStart = new int[64];
        private int[] symbolLength = new int[64];
        private String[] symbols = new String[64];
        private int symbolCount;
        private final SeriesLabels labels = new SeriesLabels();
        private int[] refs = new int[32];
        private int refCount;

        Run(byte[] buf) {
            this.buf = buf;
            this.strings = new StringTable(buf);
            this.batch = new WriteBatchBuilder(options.nameValidation(), interner, 64, 256);
        }

        WriteBatch decode() {
            RemoteWriteFields.readRequest("io.prometheus.write.v2.Request", () -> in, this::readRequest);
            return batch.build();
        }

        private void readRequest() throws IOException {
            readSymbols();
            if (symbolCount > 0 && symbolLength[0] != 0) {
                throw malformed("the first symbol must be the empty string, got \"" + symbol(0) + "\"");
            }
            in = CodedInputStream.newInstance(buf, 0, buf.length);
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                if (WireFormat.getTagFieldNumber(tag) == REQUEST_TIMESERIES) {
                    RemoteWriteFields.readMessage(in, tag, "Timeseries", this::readSeries);
                } else {
                    WireSchema.skipUnknown(in, tag, "Request");
                }
            }
        }

        /** First pass: where each symbol's bytes are; the fields between are checked by the second pass. */
        private void readSymbols() throws IOException {
            in = CodedInputStream.newInstance(buf, 0, buf.length);
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                if (WireFormat.getTagFieldNumber(tag) == REQUEST_SYMBOLS) {
                    WireSchema.expect(
                            in, WireFormat.getTagWireType(tag), WireFormat.WIRETYPE_LENGTH_DELIMITED, "Symbols");
                    int length = in.readRawVarint32();
                    if (symbolCount == symbolStart.length) {
                        symbolStart = Arrays.copyOf(symbolStart, symbolCount * 2);
                        symbolLength = Arrays.copyOf(symbolLength, symbolCount * 2);
                        symbols = Arrays.copyOf(symbols, symbolCount * 2);
                    }
                    symbolStart[symbolCount] = in.getTotalBytesRead();
                    symbolLength[symbolCount] = length;
                    symbolCount++;
                    in.skipRawBytes(length);
                } else {
                    WireSchema.skipUnknown(in, tag, "Request");
                }
            }
        }

        /** Symbol {@code ref} as a string, decoded once; null when it is not UTF-8. */
        private String symbol(int ref) {
            String s = symbols[ref];
            if (s == null) {
                s = strings.decode(symbolStart[ref], symbolLength[ref]);
                symbols[ref] = s;
            }
            return s;
        }

        private void readSeries() throws IOException {
            labels.clear();
            refCount = 0;
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                switch (WireFormat.getTagFieldNumber(tag)) {
                    case SERIES_LABELS_REFS -> readRefs(tag, "LabelsRefs");
                    case SERIES_SAMPLES -> RemoteWriteFields.readSampleMessage(in, tag, batch);
                    case SERIES_HISTOGRAMS -> {
                        RemoteWriteFields.skipMessage(in, tag, PrompbSchemas.HISTOGRAM, "Histograms");
                        batch.addHistograms(1);
                    }
                    case SERIES_EXEMPLARS -> {
                        readExemplar(tag);
                        batch.addExemplars(1);
                    }
                    case SERIES_METADATA -> {
                        readMetadata(tag);
                        batch.addMetadata(1);
                    }
                    case SERIES_CREATED_TIMESTAMP -> {
                        WireSchema.expect(
                                in, WireFormat.getTagWireType(tag), WireFormat.WIRETYPE_VARINT, "CreatedTimestamp");
                        in.readInt64();
                    }
                    default -> WireSchema.skipUnknown(in, tag, "TimeSeries");
                }
            }
            if (refCount % 2 != 0) {
                throw malformed("labels_refs of series " + batch.seriesCount() + " has " + refCount
                        + " references, not name and value pairs");
            }
            for (int i = 0; i < refCount; i += 2) {
                String name = checkedSymbol(refs[i], "a label name of series " + batch.seriesCount());
                String value = checkedSymbol(refs[i + 1], "a label value of series " + batch.seriesCount());
                labels.add(name, value);
            }
            labels.endSeries(batch);
        }

        /** Appends a packed or unpacked repeated uint32 to {@link #refs}. */
        private void readRefs(int tag, String field) throws IOException {
            int wireType = WireFormat.getTagWireType(tag);
            if (wireType == WireFormat.WIRETYPE_VARINT) {
                addRef(in.readRawVarint32());
                return;
            }
            WireSchema.expect(in, wireType, WireFormat.WIRETYPE_LENGTH_DELIMITED, field);
            int limit = in.pushLimit(in.readRawVarint32());
            while (!in.isAtEnd()) {
                addRef(in.readRawVarint32());
            }
            in.popLimit(limit);
        }

        private void addRef(int ref) {
            if (refCount == refs.length) {
                refs = Arrays.copyOf(refs, refCount * 2);
            }
            refs[refCount++] = ref;
        }

        private String checkedSymbol(int ref, String what) {
            if (ref < 0 || ref >= symbolCount) {
                throw malformed("symbol reference " + Integer.toUnsignedString(ref) + " for " + what
                        + " is outside the " + symbolCount + " symbols");
            }
            return symbol(ref);
        }

        /** An exemplar's label references are checked against the symbols; its value and time are skipped. */
        private void readExemplar(int tag) throws IOException {
            int limit = RemoteWriteFields.enter(in, tag, "Exemplars");
            int seriesRefs = refCount;
            for (int t = in.readTag(); t != 0; t = in.readTag()) {
                if (WireFormat.getTagFieldNumber(t) == EXEMPLAR_LABELS_REFS) {
                    readRefs(t, "LabelsRefs");
                } else {
                    WireSchema.skipUnknown(in, t, "Exemplar");
                }
            }
            if ((refCount - seriesRefs) % 2 != 0) {
                throw malformed(
                        "an exemplar of series " + batch.seriesCount() + " has an odd number of label references");
            }
            for (int i = seriesRefs; i < refCount; i++) {
                checkedSymbol(refs[i], "an exemplar label of series " + batch.seriesCount());
            }
            refCount = seriesRefs;
            in.popLimit(limit);
        }

        private void readMetadata(int tag) throws IOException {
            int limit = RemoteWriteFields.enter(in, tag, "Metadata");
            for (int t = in.readTag(); t != 0; t = in.readTag()) {
                int field = WireFormat.getTagFieldNumber(t);
                if (field == METADATA_HELP_REF || field == METADATA_UNIT_REF) {
                    WireSchema.expect(
                            in,
                            WireFormat.getTagWireType(t),
                            WireFormat.WIRETYPE_VARINT,
                            field == METADATA_HELP_REF ? "HelpRef" : "UnitRef");
                    checkedSymbol(in.readRawVarint32(), "the metadata of series " + batch.seriesCount());
                } else {
                    WireSchema.skipUnknown(in, t, "Metadata");
                }
            }
            in.popLimit(limit);
        }

        private MalformedProtobufException malformed(String message) {
            int at = in == null ? 0 : in.getTotalBytesRead();
            return new MalformedProtobufException("remote write 2.0: " + message, at, null);
        }
    }
}
