package io.tessera.ingest.remote;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import io.tessera.core.Labels;
import io.tessera.ingest.WriteBatch;
import java.io.IOException;

/**
 * Encodes a {@link WriteBatch} as a remote-write 1.0 request body: a protobuf
 * {@code WriteRequest}, snappy block-compressed. Sizes are computed first, so the message is
 * written once into an exactly sized array. Fields holding their default value are omitted,
 * as proto3 does; a sample value is written unless its bits are all zero, so -0.0 survives.
 * Exemplars, histograms and metadata are only counted in a batch and are not written.
 */
public final class RemoteWriteEncoder {

    private static final int LENGTH_DELIMITED = WireFormat.WIRETYPE_LENGTH_DELIMITED;

    private RemoteWriteEncoder() {}

    /** The snappy-compressed request body. */
    public static byte[] encode(WriteBatch batch) {
        return SnappyBlock.compress(encodeUncompressed(batch));
    }

    /** The uncompressed {@code WriteRequest} message. */
    public static byte[] encodeUncompressed(WriteBatch batch) {
        int seriesCount = batch.seriesCount();
        int[] seriesSizes = new int[seriesCount];
        long total = 0;
        for (int s = 0; s < seriesCount; s++) {
            int size = seriesSize(batch, s);
            seriesSizes[s] = size;
            total += 1 + CodedOutputStream.computeUInt32SizeNoTag(size) + size;
        }
        if (total > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("write request of " + total + " bytes does not fit in an array");
        }
        byte[] out = new byte[(int) total];
        CodedOutputStream cos = CodedOutputStream.newInstance(out);
        try {
            for (int s = 0; s < seriesCount; s++) {
                cos.writeTag(1, LENGTH_DELIMITED);
                cos.writeUInt32NoTag(seriesSizes[s]);
                writeSeries(cos, batch, s);
            }
            cos.checkNoSpaceLeft();
        } catch (IOException e) {
            throw new IllegalStateException("the computed message size was wrong", e);
        }
        return out;
    }

    private static int seriesSize(WriteBatch batch, int s) {
        long size = 0;
        Labels labels = batch.labels(s);
        for (int i = 0; i < labels.size(); i++) {
            int label = labelSize(labels.name(i), labels.value(i));
            size += 1 + CodedOutputStream.computeUInt32SizeNoTag(label) + label;
        }
        for (int i = batch.sampleStart(s), end = batch.sampleEnd(s); i < end; i++) {
            int sample = sampleSize(batch.timestamp(i), batch.value(i));
            size += 1 + CodedOutputStream.computeUInt32SizeNoTag(sample) + sample;
        }
        if (size > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("series " + s + " is too large to encode: " + size + " bytes");
        }
        return (int) size;
    }

    private static void writeSeries(CodedOutputStream cos, WriteBatch batch, int s) throws IOException {
        Labels labels = batch.labels(s);
        for (int i = 0; i < labels.size(); i++) {
            String name = labels.name(i);
            String value = labels.value(i);
            cos.writeTag(1, LENGTH_DELIMITED);
            cos.writeUInt32NoTag(labelSize(name, value));
            if (!name.isEmpty()) {
                cos.writeString(1, name);
            }
            if (!value.isEmpty()) {
                cos.writeString(2, value);
            }
        }
        for (int i = batch.sampleStart(s), end = batch.sampleEnd(s); i < end; i++) {
            long timestamp = batch.timestamp(i);
            double value = batch.value(i);
            cos.writeTag(2, LENGTH_DELIMITED);
            cos.writeUInt32NoTag(sampleSize(timestamp, value));
            if (Double.doubleToRawLongBits(value) != 0) {
                cos.writeDouble(1, value);
            }
            if (timestamp != 0) {
                cos.writeInt64(2, timestamp);
            }
        }
    }

    private static int labelSize(String name, String value) {
        int size = 0;
        if (!name.isEmpty()) {
            size += 1 + CodedOutputStream.computeStringSizeNoTag(name);
        }
        if (!value.isEmpty()) {
            size += 1 + CodedOutputStream.computeStringSizeNoTag(value);
        }
        return size;
    }

    private static int sampleSize(long timestamp, double value) {
        int size = Double.doubleToRawLongBits(value) != 0 ? 9 : 0;
        if (timestamp != 0) {
            size += 1 + CodedOutputStream.computeInt64SizeNoTag(timestamp);
        }
        return size;
    }
}
