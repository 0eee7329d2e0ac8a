package io.tessera.store.raw;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.StaleMarker;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Seeking inside chunks against a full decode from the chunk's start. */
class SeekIndexTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
    void seekingToEveryPositionMatchesAFullDecode(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int round = 0; round < 20; round++) {
            int n = 1 + random.nextInt(400);
            long[] times = XorChunkTest.times(random, n);
            long[] bits = XorChunkTest.values(random, n);
            Chunk closed = encode(times, bits).close();
            assertThat(closed.seek()).hasSize(SeekIndex.entries(n) * SeekIndex.LONGS_PER_ENTRY);
            assertEverySeek(closed, times, bits, n);
            Chunk restored = Chunk.restored(closed.words(), closed.count(), closed.minTime(), closed.maxTime());
            assertThat(restored.seek()).isEqualTo(closed.seek());
        }
    }

    @Test
    void scrapeLikeChunksDecodeAtMostOneStrideBeforeTheTarget() {
        SplittableRandom random = new SplittableRandom(99);
        int n = 120;
        long[] times = new long[n];
        long[] bits = new long[n];
        double counter = 0;
        for (int i = 0; i < n; i++) {
            times[i] = 1_700_000_000_000L + 10_000L * i + random.nextInt(-3, 4);
            bits[i] = switch (i % 7) {
                case 0 -> StaleMarker.BITS;
                case 1 -> Double.doubleToRawLongBits(Double.NaN);
                case 2, 3 -> i > 0 ? bits[i - 1] : 0;
                default -> Double.doubleToRawLongBits(counter += random.nextInt(5));
            };
        }
        Chunk closed = encode(times, bits).close();
        XorDecoder decoder = new XorDecoder();
        for (int i = 0; i < n; i++) {
            decoder.reset(closed);
            decoder.skipTo(times[i] - 1);
            int decoded = 0;
            while (decoder.next()) {
                decoded++;
                if (decoder.time() > times[i] - 1) {
                    break;
                }
            }
            assertThat(decoder.time()).isEqualTo(times[i]);
            assertThat(decoded).as("samples decoded to reach sample %d", i).isLessThanOrEqualTo(SeekIndex.STRIDE + 1);
        }
    }

    @Test
    void liveHeadSnapshotsSeekWithinTheirPrefix() {
        SplittableRandom random = new SplittableRandom(5);
        int n = 300;
        long[] times = XorChunkTest.times(random, n);
        long[] bits = XorChunkTest.values(random, n);
        HeadChunk head = new HeadChunk(times[0], bits[0]);
        Chunk[] snapshots = new Chunk[n];
        snapshots[0] = head.snapshot();
        for (int i = 1; i < n; i++) {
            head.append(times[i], bits[i]);
            snapshots[i] = head.snapshot();
        }
        for (int i = 0; i < n; i += 7) {
            assertEverySeek(snapshots[i], times, bits, i + 1);
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {21, 22, 23, 24})
    void rangeReadsOverManyChunksMatchBruteForce(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int n = 1000 + random.nextInt(1000);
        long[] times = new long[n];
        long[] bits = XorChunkTest.values(random, n);
        long t = 1_000_000;
        for (int i = 0; i < n; i++) {
            t += random.nextInt(4) == 0 ? 1 + random.nextInt(30_000) : 10_000;
            times[i] = t;
        }
        SeriesView view = ChunkAppends.append(null, times, bits, 0, n, new ChunkPolicy(120, 3_600_000));
        SampleIterator samples = new SampleIterator();
        for (int round = 0; round < 300; round++) {
            long start = times[0] - 5 + random.nextLong(times[n - 1] - times[0] + 10);
            long end =
                    start + (random.nextBoolean() ? random.nextInt(60_000) : random.nextLong(times[n - 1] - times[0]));
            samples.reset(view, start, end);
            int expected = 0;
            while (expected < n && times[expected] <= start) {
                expected++;
            }
            while (samples.next()) {
                assertThat(times[expected])
                        .as("a sample in (%d, %d]", start, end)
                        .isLessThanOrEqualTo(end);
                assertThat(samples.time()).isEqualTo(times[expected]);
                assertThat(samples.bits()).isEqualTo(bits[expected]);
                expected++;
            }
            assertThat(expected == n || times[expected] > end)
                    .as("every sample in (%d, %d] was read", start, end)
                    .isTrue();
        }
    }

    /** For every sample i, a seek to just before it and to it yields exactly the samples after the target. */
    private static void assertEverySeek(Chunk chunk, long[] times, long[] bits, int count) {
        XorDecoder decoder = new XorDecoder();
        for (int i = 0; i < count; i++) {
            for (long target : new long[] {times[i] - 1, times[i]}) {
                decoder.reset(chunk);
                decoder.skipTo(target);
                int k = -1;
                while (decoder.next()) {
                    if (k < 0) {
                        assertThat(decoder.time())
                                .as("the first sample after a seek to %d", target)
                                .satisfiesAnyOf(
                                        v -> assertThat(v).isLessThanOrEqualTo(target),
                                        v -> assertThat(v).isEqualTo(times[0]));
                        k = indexOf(times, count, decoder.time());
                    } else {
                        k++;
                    }
                    assertThat(decoder.time())
                            .as("sample %d after a seek to %d", k, target)
                            .isEqualTo(times[k]);
                    assertThat(decoder.bits())
                            .as("bits of sample %d after a seek to %d", k, target)
                            .isEqualTo(bits[k]);
                }
                assertThat(k)
                        .as("the last sample decoded after a seek to %d", target)
                        .isEqualTo(count - 1);
            }
        }
    }

    private static int indexOf(long[] times, int count, long time) {
        for (int i = 0; i < count; i++) {
            if (times[i] == time) {
                return i;
            }
        }
        throw new AssertionError("decoded a timestamp that was never written: " + time);
    }

    private static HeadChunk encode(long[] times, long[] bits) {
        HeadChunk head = new HeadChunk(times[0], bits[0]);
        for (int i = 1; i < times.length; i++) {
            head.append(times[i], bits[i]);
        }
        return head;
    }
}
