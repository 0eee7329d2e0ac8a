package io.tessera.store.raw;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.StaleMarker;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class XorChunkTest {

    private static final long[] SPECIAL_BITS = {
        Double.doubleToRawLongBits(Double.NaN),
        0x7ff8000000000001L,
        0xfff8000000000000L,
        0x7ff0000000000001L,
        StaleMarker.BITS,
        Double.doubleToRawLongBits(Double.POSITIVE_INFINITY),
        Double.doubleToRawLongBits(Double.NEGATIVE_INFINITY),
        Double.doubleToRawLongBits(-0.0),
        Double.doubleToRawLongBits(0.0),
        Double.doubleToRawLongBits(Double.MIN_VALUE),
        Double.doubleToRawLongBits(-Double.MAX_VALUE),
        1L,
        -1L,
        Long.MIN_VALUE,
    };

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
    void randomChunksRoundTripBitExact(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int round = 0; round < 50; round++) {
            int n = 1 + random.nextInt(300);
            long[] times = times(random, n);
            long[] bits = values(random, n);
            roundTrip(times, bits);
        }
    }

    @Test
    void extremeTimestampsRoundTrip() {
        roundTrip(
                new long[] {Long.MIN_VALUE + 1, -1, 0, 1, Long.MAX_VALUE - 1, Long.MAX_VALUE},
                new long[] {1, 2, 3, 4, 5, 6});
        roundTrip(new long[] {Long.MIN_VALUE + 1, Long.MAX_VALUE}, new long[] {StaleMarker.BITS, StaleMarker.BITS});
        roundTrip(new long[] {5}, new long[] {Double.doubleToRawLongBits(-0.0)});
    }

    @Test
    void specialValuesInEveryOrderRoundTrip() {
        int n = SPECIAL_BITS.length;
        long[] times = new long[n * n * 2];
        long[] bits = new long[times.length];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                times[k] = 1000L * k;
                bits[k++] = SPECIAL_BITS[i];
                times[k] = 1000L * k;
                bits[k++] = SPECIAL_BITS[j];
            }
        }
        roundTrip(times, bits);
    }

    @Test
    void bitFieldsRoundTrip() {
        SplittableRandom random = new SplittableRandom(42);
        BitWriter out = new BitWriter(1);
        int count = 5000;
        int[] widths = new int[count];
        long[] fields = new long[count];
        for (int i = 0; i < count; i++) {
            widths[i] = 1 + random.nextInt(64);
            fields[i] = random.nextLong();
            if (widths[i] == 1 && random.nextBoolean()) {
                out.writeBit((fields[i] & 1) != 0);
            } else {
                out.write(fields[i], widths[i]);
            }
        }
        BitReader in = new BitReader();
        in.reset(out.trimmed());
        for (int i = 0; i < count; i++) {
            long mask = widths[i] == 64 ? -1L : (1L << widths[i]) - 1;
            assertThat(in.read(widths[i]))
                    .as("field %d of width %d", i, widths[i])
                    .isEqualTo(fields[i] & mask);
        }
    }

    @Test
    void liveSnapshotsDecodeExactlyTheirPrefix() {
        SplittableRandom random = new SplittableRandom(7);
        long[] times = times(random, 400);
        long[] bits = values(random, 400);
        HeadChunk head = new HeadChunk(times[0], bits[0]);
        Chunk[] snapshots = new Chunk[times.length];
        snapshots[0] = head.snapshot();
        for (int i = 1; i < times.length; i++) {
            head.append(times[i], bits[i]);
            snapshots[i] = head.snapshot();
        }
        XorDecoder decoder = new XorDecoder();
        for (int i = 0; i < times.length; i++) {
            decoder.reset(snapshots[i]);
            for (int k = 0; k <= i; k++) {
                assertThat(decoder.next()).isTrue();
                assertThat(decoder.time()).isEqualTo(times[k]);
                assertThat(decoder.bits()).isEqualTo(bits[k]);
            }
            assertThat(decoder.next()).isFalse();
        }
    }

    static void roundTrip(long[] times, long[] bits) {
        HeadChunk head = new HeadChunk(times[0], bits[0]);
        for (int i = 1; i < times.length; i++) {
            head.append(times[i], bits[i]);
        }
        Chunk closed = head.close();
        assertThat(closed.count()).isEqualTo(times.length);
        assertThat(closed.minTime()).isEqualTo(times[0]);
        assertThat(closed.maxTime()).isEqualTo(times[times.length - 1]);
        XorDecoder decoder = new XorDecoder();
        decoder.reset(closed);
        for (int i = 0; i < times.length; i++) {
            assertThat(decoder.next()).isTrue();
            assertThat(decoder.time()).as("time %d", i).isEqualTo(times[i]);
            assertThat(decoder.bits()).as("bits %d", i).isEqualTo(bits[i]);
        }
        assertThat(decoder.next()).isFalse();
    }

    /** Ascending timestamps with regular, jittered, irregular and huge gaps. */
    static long[] times(SplittableRandom random, int n) {
        long[] out = new long[n];
        long t = random.nextInt(4) == 0
                ? Long.MIN_VALUE + 1 + random.nextInt(1000)
                : random.nextLong(-1L << 50, 1L << 50);
        int style = random.nextInt(5);
        for (int i = 0; i < n; i++) {
            out[i] = t;
            long gap = switch (style) {
                case 0 -> 10_000;
                case 1 -> 10_000 + random.nextInt(-5, 6);
                case 2 -> 1 + random.nextInt(100_000);
                case 3 -> random.nextInt(10) == 0 ? random.nextLong(1, 1L << 40) : 15_000;
                default -> 1L << random.nextInt(62);
            };
            if (Long.MAX_VALUE - t < gap * (n - i)) {
                gap = Math.max(1, (Long.MAX_VALUE - t) / (2L * (n - i)));
            }
            t += gap;
        }
        return out;
    }

    static long[] values(SplittableRandom random, int n) {
        long[] out = new long[n];
        int style = random.nextInt(4);
        double counter = random.nextInt(1000);
        for (int i = 0; i < n; i++) {
            out[i] = switch (random.nextInt(10) == 0 ? 3 : style) {
                case 0 -> random.nextLong();
                case 1 -> Double.doubleToRawLongBits(counter += random.nextInt(20));
                case 2 -> i > 0 && random.nextInt(3) > 0 ? out[i - 1] : Double.doubleToRawLongBits(random.nextDouble());
                default -> SPECIAL_BITS[random.nextInt(SPECIAL_BITS.length)];
            };
        }
        return out;
    }
}
