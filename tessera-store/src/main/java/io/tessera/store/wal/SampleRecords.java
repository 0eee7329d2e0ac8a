package io.tessera.store.wal;

import io.tessera.core.Labels;
import io.tessera.store.raw.AppendRequest;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The payload of a {@link Frames#SAMPLES} record, one accepted append request: the series count,
 * then per series its labels (count, then name and value as length-prefixed UTF-8), its sample
 * count, its timestamps (the first zigzag-varint encoded, the rest as zigzag-varint deltas from
 * the one before) and its values as 8-byte raw IEEE 754 bits, so NaN payloads and stale markers
 * survive. All varints are unsigned LEB128.
 */
final class SampleRecords {

    private SampleRecords() {
    }

    /** The whole frame, in an array of exactly its size. */
    static byte[] frame(AppendRequest request) {
        ByteOut out = new ByteOut(Frames.HEADER + payloadSize(request));
        int at = Frames.begin(out, Frames.SAMPLES);
        write(request, out);
        Frames.end(out, at);
        assert out.size() == out.array().length : out.size() + " != " + out.array().length;
        return out.array();
    }

    static int payloadSize(AppendRequest request) {
        Labels[] series = request.series();
        int[] offsets = request.sampleOffsets();
        long[] times = request.timestamps();
        long size = ByteOut.varintSize(series.length);
        for (int s = 0; s < series.length; s++) {
            Labels l = series[s];
            size += ByteOut.varintSize(l.size());
            for (int i = 0; i < l.size(); i++) {
                size += stringSize(l.name(i)) + stringSize(l.value(i));
            }
            int from = offsets[s];
            int to = offsets[s + 1];
            size += ByteOut.varintSize(to - from) + 8L * (to - from);
            long previous = 0;
            for (int k = from; k < to; k++) {
                size += ByteOut.zigzagSize(times[k] - previous);
                previous = times[k];
            }
        }
        if (size > Frames.MAX_PAYLOAD) {
            throw new IllegalArgumentException("an append request of " + size + " encoded bytes is too large to log");
        }
        return (int) size;
    }

    private static int stringSize(String s) {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            if (s.charAt(i) >= 0x80) {
                n = s.getBytes(StandardCharsets.UTF_8).length;
                break;
            }
        }
        return ByteOut.varintSize(n) + n;
    }

    private static void write(AppendRequest request, ByteOut out) {
        Labels[] series = request.series();
        int[] offsets = request.sampleOffsets();
        long[] times = request.timestamps();
        double[] values = request.values();
        out.varint(series.length);
        for (int s = 0; s < series.length; s++) {
            out.labels(series[s]);
            int from = offsets[s];
            int to = offsets[s + 1];
            out.varint(to - from);
            long previous = 0;
            for (int k = from; k < to; k++) {
                out.zigzag(times[k] - previous);
                previous = times[k];
            }
            for (int k = from; k < to; k++) {
                out.i64(Double.doubleToRawLongBits(values[k]));
            }
        }
    }

    /** Decodes a payload; {@code in} is positioned at its start and must end with it. */
    static AppendRequest read(ByteIn in, int payloadLength) {
        int seriesCount = in.count(payloadLength);
        Labels[] series = new Labels[seriesCount];
        int[] offsets = new int[seriesCount + 1];
        long[] times = new long[Math.min(payloadLength / 9, 1 << 16)];
        double[] values = new double[times.length];
        int n = 0;
        for (int s = 0; s < seriesCount; s++) {
            series[s] = in.labels();
            int count = in.count(payloadLength / 9);
            if (n + count > times.length) {
                int capacity = Math.max(n + count, times.length * 2);
                times = Arrays.copyOf(times, capacity);
                values = Arrays.copyOf(values, capacity);
            }
            long previous = 0;
            for (int k = 0; k < count; k++) {
                previous += in.zigzag();
                times[n + k] = previous;
            }
            for (int k = 0; k < count; k++) {
                values[n + k] = Double.longBitsToDouble(in.i64());
            }
            n += count;
            offsets[s + 1] = n;
        }
        if (!in.atEnd()) {
            throw new ByteIn.MalformedException("a samples record has bytes left over after its last series");
        }
        return new AppendRequest(series, offsets, times.length == n ? times : Arrays.copyOf(times, n),
                values.length == n ? values : Arrays.copyOf(values, n));
    }
}
