package io.tessera.store.wal;

import io.tessera.core.Labels;
import io.tessera.store.raw.AppendRequest;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The payloads of log records of raw-store appends. All varints are unsigned LEB128.
 *
 * <p>{@link Frames#SAMPLES_REF} (written now), one accepted append request: the series count, a
 * zigzag-varint base time (the request's first timestamp, 0 without samples), then per series its
 * reference (defined by a {@link Frames#SERIES} record earlier in the same segment) as a
 * zigzag-varint delta from the series before's (the first from 0), its sample count, its
 * timestamps as zigzag-varint deltas (the first from the first timestamp of the series before, or
 * from the base, the rest from the one before) and its values, each a varint: an even {@code v} is the integral value
 * {@code unzigzag(v >>> 1)} (for values with no fraction within 2^52 whose bits that
 * reproduces), {@code 1} is followed by the value's 8 raw IEEE 754 bytes (fractions, NaN payloads,
 * stale markers, -0.0, infinities).
 *
 * <p>{@link Frames#SERIES}: a count, then per series its reference and its labels (count, then
 * name and value as length-prefixed UTF-8).
 *
 * <p>{@link Frames#SAMPLES} (written by format 1 logs, still replayed): the series count, then per
 * series its labels, its sample count, its timestamps (the first zigzag-varint encoded, the rest
 * as zigzag-varint deltas from the one before) and its values as 8-byte raw IEEE 754 bits.
 */
final class SampleRecords {

    private SampleRecords() {}

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

    private static final long INTEGRAL_LIMIT = 1L << 52;
    private static final int RAW_VALUE = 1;

    /** A request's record with its series as references, and the references it uses in series order. */
    record Encoded(byte[] frame, long[] refs) {}

    /** The {@link Frames#SAMPLES_REF} frame of {@code request}, its series numbered by {@code refs}. */
    static Encoded frameWithRefs(AppendRequest request, SeriesRefs refs) {
        Labels[] series = request.series();
        int[] offsets = request.sampleOffsets();
        long[] times = request.timestamps();
        double[] values = request.values();
        long[] ids = new long[series.length];
        ByteOut out = new ByteOut(Frames.HEADER + 16 + series.length * 4 + times.length * 12);
        int at = Frames.begin(out, Frames.SAMPLES_REF);
        out.varint(series.length);
        long base = times.length == 0 ? 0 : times[0];
        out.zigzag(base);
        long previousRef = 0;
        long previousFirst = base;
        for (int s = 0; s < series.length; s++) {
            ids[s] = refs.of(series[s]);
            out.zigzag(ids[s] - previousRef);
            previousRef = ids[s];
            int from = offsets[s];
            int to = offsets[s + 1];
            out.varint(to - from);
            long previous = previousFirst;
            for (int k = from; k < to; k++) {
                out.zigzag(times[k] - previous);
                previous = times[k];
            }
            if (to > from) {
                previousFirst = times[from];
            }
            for (int k = from; k < to; k++) {
                value(out, values[k]);
            }
        }
        if (out.size() - at - Frames.HEADER > Frames.MAX_PAYLOAD) {
            throw new IllegalArgumentException(
                    "an append request of " + out.size() + " encoded bytes is too large to log");
        }
        Frames.end(out, at);
        return new Encoded(Arrays.copyOf(out.array(), out.size()), ids);
    }

    private static void value(ByteOut out, double v) {
        long bits = Double.doubleToRawLongBits(v);
        long integral = (long) v;
        if (integral > -INTEGRAL_LIMIT
                && integral < INTEGRAL_LIMIT
                && Double.doubleToRawLongBits((double) integral) == bits) {
            out.varint(((integral << 1) ^ (integral >> 63)) << 1);
        } else {
            out.varint(RAW_VALUE);
            out.i64(bits);
        }
    }

    private static double value(ByteIn in) {
        long v = in.varint();
        if (v == RAW_VALUE) {
            return Double.longBitsToDouble(in.i64());
        }
        if ((v & 1) != 0) {
            throw new ByteIn.MalformedException("unknown value tag " + v);
        }
        long z = v >>> 1;
        return (double) ((z >>> 1) ^ -(z & 1));
    }

    /** A {@link Frames#SERIES} frame defining {@code refs[i]} as {@code series[i]} for each listed index. */
    static byte[] seriesFrame(Labels[] series, long[] refs, int[] indexes, int count) {
        ByteOut out = new ByteOut(Frames.HEADER + 16 + count * 64);
        int at = Frames.begin(out, Frames.SERIES);
        out.varint(count);
        for (int i = 0; i < count; i++) {
            out.varint(refs[indexes[i]]);
            out.labels(series[indexes[i]]);
        }
        Frames.end(out, at);
        return Arrays.copyOf(out.array(), out.size());
    }

    /** Decodes a {@link Frames#SERIES} payload into {@code defined}; returns the largest reference in it, -1 when empty. */
    static long readSeries(ByteIn in, int payloadLength, java.util.Map<Long, Labels> defined) {
        int n = in.count(payloadLength);
        long max = -1;
        for (int i = 0; i < n; i++) {
            long ref = in.varint();
            defined.put(ref, in.labels());
            max = Math.max(max, ref);
        }
        if (!in.atEnd()) {
            throw new ByteIn.MalformedException("a series record has bytes left over after its last series");
        }
        return max;
    }

    /** A series reference that no series record defines. */
    static final class UnknownSeriesException extends RuntimeException {
        final long ref;

        UnknownSeriesException(long ref) {
            super("refers to series " + ref + ", which no intact series record before it defines", null, false, false);
            this.ref = ref;
        }
    }

    /** Decodes a {@link Frames#SAMPLES_REF} payload, resolving references through {@code defined}. */
    static AppendRequest readWithRefs(ByteIn in, int payloadLength, java.util.Map<Long, Labels> defined) {
        int seriesCount = in.count(payloadLength);
        Labels[] series = new Labels[seriesCount];
        int[] offsets = new int[seriesCount + 1];
        long[] times = new long[Math.min(payloadLength / 2, 1 << 16)];
        double[] values = new double[times.length];
        long base = in.zigzag();
        int n = 0;
        UnknownSeriesException unknown = null;
        long ref = 0;
        long previousFirst = base;
        for (int s = 0; s < seriesCount; s++) {
            ref += in.zigzag();
            series[s] = defined.get(ref);
            if (series[s] == null && unknown == null) {
                unknown = new UnknownSeriesException(ref);
            }
            int count = in.count(payloadLength / 2);
            if (n + count > times.length) {
                int capacity = Math.max(n + count, times.length * 2);
                times = Arrays.copyOf(times, capacity);
                values = Arrays.copyOf(values, capacity);
            }
            long previous = previousFirst;
            for (int k = 0; k < count; k++) {
                previous += in.zigzag();
                times[n + k] = previous;
            }
            if (count > 0) {
                previousFirst = times[n];
            }
            for (int k = 0; k < count; k++) {
                values[n + k] = value(in);
            }
            n += count;
            offsets[s + 1] = n;
        }
        if (!in.atEnd()) {
            throw new ByteIn.MalformedException("a samples record has bytes left over after its last series");
        }
        if (unknown != null) {
            throw unknown;
        }
        return new AppendRequest(
                series,
                offsets,
                times.length == n ? times : Arrays.copyOf(times, n),
                values.length == n ? values : Arrays.copyOf(values, n));
    }

    /** Samples a {@link Frames#SAMPLES_REF} payload holds, read without resolving its references; -1 when it does not decode. */
    static long countWithRefs(ByteIn in, int payloadLength) {
        try {
            int seriesCount = in.count(payloadLength);
            in.zigzag();
            long total = 0;
            for (int s = 0; s < seriesCount; s++) {
                in.zigzag();
                int count = in.count(payloadLength / 2);
                for (int k = 0; k < count; k++) {
                    in.zigzag();
                }
                for (int k = 0; k < count; k++) {
                    value(in);
                }
                total += count;
            }
            return in.atEnd() ? total : -1;
        } catch (ByteIn.MalformedException e) {
            return -1;
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
        return new AppendRequest(
                series,
                offsets,
                times.length == n ? times : Arrays.copyOf(times, n),
                values.length == n ? values : Arrays.copyOf(values, n));
    }
}
