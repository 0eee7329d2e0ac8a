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
    @ValueSource(ints = {1, 2, 3})
    void everyFlippedByteIsCaughtByTheFrameCheck(int seed) {
        byte[] frame = SampleRecords.frame(new RandomRequests(RandomRequests.seedOf(seed), 10).next());
        for (int i = 0; i < frame.length; i++) {
            byte[] damaged = frame.clone();
            damaged[i] ^= (byte) (1 << (i % 8));
            assertThat(Frames.validFrame(damaged, 0, damaged.length)).as("flip at %d", i).isEqualTo(-1);
        }
    }
}
