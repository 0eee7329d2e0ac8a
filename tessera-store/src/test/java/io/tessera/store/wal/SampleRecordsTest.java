package io.tessera.store.wal;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.store.raw.AppendRequest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SampleRecordsTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void seededRequestsRoundTripBitExact(int seed) {
        RandomRequests requests = new RandomRequests(RandomRequests.seedOf(seed), 50);
        ByteIn in = new ByteIn();
        for (int r = 0; r < 200; r++) {
            AppendRequest request = requests.next();
            byte[] frame = SampleRecords.frame(request);
            assertThat(Frames.validFrame(frame, 0, frame.length)).isEqualTo(frame.length);
            assertThat(Frames.type(frame, 0)).isEqualTo(Frames.SAMPLES);
            in.reset(frame, Frames.HEADER, frame.length);
            AppendRequest back = SampleRecords.read(in, frame.length - Frames.HEADER);
            assertThat(back.series()).containsExactly(request.series());
            assertThat(back.sampleOffsets()).containsExactly(request.sampleOffsets());
            assertThat(back.timestamps()).containsExactly(request.timestamps());
            long[] bits = new long[request.sampleCount()];
            long[] backBits = new long[back.sampleCount()];
            for (int i = 0; i < bits.length; i++) {
                bits[i] = Double.doubleToRawLongBits(request.values()[i]);
                backBits[i] = Double.doubleToRawLongBits(back.values()[i]);
            }
            assertThat(backBits).containsExactly(bits);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void referenceRecordsRoundTripBitExact(int seed) {
        RandomRequests requests = new RandomRequests(RandomRequests.seedOf(seed), 50);
        SeriesRefs refs = new SeriesRefs(1000 * seed);
        java.util.Map<Long, io.tessera.core.Labels> defined = new java.util.HashMap<>();
        ByteIn in = new ByteIn();
        for (int r = 0; r < 200; r++) {
            AppendRequest request = r == 0 ? edgeValues() : requests.next();
            SampleRecords.Encoded encoded = SampleRecords.frameWithRefs(request, refs);
            byte[] frame = encoded.frame();
            assertThat(Frames.validFrame(frame, 0, frame.length)).isEqualTo(frame.length);
            assertThat(Frames.type(frame, 0)).isEqualTo(Frames.SAMPLES_REF);
            int[] all = new int[request.seriesCount()];
            for (int i = 0; i < all.length; i++) {
                all[i] = i;
            }
            byte[] series = SampleRecords.seriesFrame(request.series(), encoded.refs(), all, all.length);
            in.reset(series, Frames.HEADER, series.length);
            SampleRecords.readSeries(in, series.length - Frames.HEADER, defined);
            in.reset(frame, Frames.HEADER, frame.length);
            AppendRequest back = SampleRecords.readWithRefs(in, frame.length - Frames.HEADER, defined);
            assertThat(back.series()).containsExactly(request.series());
            assertThat(back.sampleOffsets()).containsExactly(request.sampleOffsets());
            assertThat(back.timestamps()).containsExactly(request.timestamps());
            for (int i = 0; i < request.sampleCount(); i++) {
                assertThat(Double.doubleToRawLongBits(back.values()[i]))
                        .as("value %s", request.values()[i])
                        .isEqualTo(Double.doubleToRawLongBits(request.values()[i]));
            }
            in.reset(frame, Frames.HEADER, frame.length);
            assertThat(SampleRecords.countWithRefs(in, frame.length - Frames.HEADER))
                    .isEqualTo(request.sampleCount());
        }
    }

    /** Values at the edges of the integral encoding, and timestamps far apart. */
    private static AppendRequest edgeValues() {
        double[] values = {
            0.0,
            -0.0,
            1.0,
            -1.0,
            0x1p52 - 1,
            -(0x1p52 - 1),
            0x1p52,
            -0x1p52,
            0x1p53 + 2,
            0x1p63,
            -0x1p63,
            Double.MAX_VALUE,
            -Double.MAX_VALUE,
            Double.MIN_VALUE,
            Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            Double.NaN,
            Double.longBitsToDouble(0x7ff0_0000_0000_0002L),
            io.tessera.core.StaleMarker.VALUE,
            12345.5,
            1e15,
            -7e14
        };
        AppendRequest.Builder b = AppendRequest.builder().series(io.tessera.core.Labels.of("__name__", "edges"));
        long t = Long.MIN_VALUE / 2;
        for (double v : values) {
            b.sample(t, v);
            t += Long.MAX_VALUE / 32;
        }
        return b.series(io.tessera.core.Labels.of("__name__", "edges_2"))
                .sample(Long.MAX_VALUE / 2, 3)
                .build();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void everyFlippedByteIsCaughtByTheFrameCheck(int seed) {
        byte[] frame = SampleRecords.frame(new RandomRequests(RandomRequests.seedOf(seed), 10).next());
        for (int i = 0; i < frame.length; i++) {
            byte[] damaged = frame.clone();
            damaged[i] ^= (byte) (1 << (i % 8));
            assertThat(Frames.validFrame(damaged, 0, damaged.length))
                    .as("flip at %d", i)
                    .isEqualTo(-1);
        }
    }
}
