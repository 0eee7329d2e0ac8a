package io.tessera.server.api;

import com.google.protobuf.CodedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.xerial.snappy.Snappy;

/**
 * Builds remote-write bodies byte by byte, with no validation, so tests can send exactly the
 * malformed requests a real client might.
 */
final class RawWriteRequest {

    private record Series(List<byte[]> names, List<byte[]> values, long[] ts, double[] vs, long[] histogramTs) {}

    private final List<Series> series = new ArrayList<>();

    RawWriteRequest series(String[] labelPairs, long[] ts, double[] vs) {
        List<byte[]> names = new ArrayList<>();
        List<byte[]> values = new ArrayList<>();
        for (int i = 0; i < labelPairs.length; i += 2) {
            names.add(labelPairs[i].getBytes(java.nio.charset.StandardCharsets.UTF_8));
            values.add(labelPairs[i + 1].getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        series.add(new Series(names, values, ts, vs, new long[0]));
        return this;
    }

    /** A series with float samples and, in its {@code histograms} field, one native histogram sample per {@code histogramTs}. */
    RawWriteRequest seriesWithHistograms(String[] labelPairs, long[] ts, double[] vs, long[] histogramTs) {
        series(labelPairs, ts, vs);
        Series s = series.removeLast();
        series.add(new Series(s.names(), s.values(), ts, vs, histogramTs));
        return this;
    }

    /** A native histogram sample of one observation of 2.5, in the exponential schema 0. */
    static byte[] histogram(long t) throws IOException {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        CodedOutputStream h = CodedOutputStream.newInstance(buffer);
        h.writeUInt64(1, 1);
        h.writeDouble(3, 2.5);
        h.writeSInt32(4, 0);
        h.writeInt64(15, t);
        h.flush();
        return buffer.toByteArray();
    }

    /** A series whose first label value is the given raw bytes (e.g. invalid UTF-8). */
    RawWriteRequest seriesWithRawValue(String name, byte[] value, long ts, double v) {
        series.add(new Series(
                List.of("__name__".getBytes(), name.getBytes()),
                List.of("m".getBytes(), value),
                new long[] {ts},
                new double[] {v},
                new long[0]));
        return this;
    }

    /** A series with one label whose name is the given raw bytes (e.g. invalid UTF-8). */
    RawWriteRequest seriesWithRawName(byte[] name, String value, long ts, double v) {
        series.add(new Series(
                List.of("__name__".getBytes(), name),
                List.of("m".getBytes(), value.getBytes()),
                new long[] {ts},
                new double[] {v},
                new long[0]));
        return this;
    }

    byte[] uncompressed() {
        try {
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            CodedOutputStream out = CodedOutputStream.newInstance(buffer);
            for (Series s : series) {
                byte[] ts = encodeSeries(s);
                out.writeByteArray(1, ts);
            }
            out.flush();
            return buffer.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    byte[] compressed() {
        try {
            return Snappy.compress(uncompressed());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] encodeSeries(Series s) throws IOException {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        CodedOutputStream out = CodedOutputStream.newInstance(buffer);
        for (int i = 0; i < s.names().size(); i++) {
            ByteArrayOutputStream label = new ByteArrayOutputStream();
            CodedOutputStream l = CodedOutputStream.newInstance(label);
            l.writeByteArray(1, s.names().get(i));
            l.writeByteArray(2, s.values().get(i));
            l.flush();
            out.writeByteArray(1, label.toByteArray());
        }
        for (int i = 0; i < s.ts().length; i++) {
            ByteArrayOutputStream sample = new ByteArrayOutputStream();
            CodedOutputStream sm = CodedOutputStream.newInstance(sample);
            sm.writeDouble(1, s.vs()[i]);
            sm.writeInt64(2, s.ts()[i]);
            sm.flush();
            out.writeByteArray(2, sample.toByteArray());
        }
        for (long t : s.histogramTs()) {
            out.writeByteArray(4, histogram(t));
        }
        out.flush();
        return buffer.toByteArray();
    }
}
