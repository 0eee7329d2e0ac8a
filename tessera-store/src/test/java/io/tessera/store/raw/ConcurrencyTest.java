package io.tessera.store.raw;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Batch;
import io.tessera.core.Interval;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.Schema;
import io.tessera.store.WritersAndReaders;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Writers append sample i (time 10·i, value i) to all of their series in one request, and now
 * and then send a request that must be refused as a whole. Readers check that every series
 * they see holds exactly samples 1..n, with n between what was acknowledged before the read and
 * what was attempted after it, and never a value from a refused request.
 */
class ConcurrencyTest {

    private static final int WRITERS = 3;
    private static final int READERS = 3;
    private static final int SERIES_PER_WRITER = 40;
    private static final int ROUNDS = 3000;

    @Test
    void readersSeeConsistentPrefixesWhileWritersAppend() throws Exception {
        RawStore store = new RawStore(RawStoreConfig.defaults().withChunking(16, 1L << 40));
        AtomicIntegerArray acknowledged = new AtomicIntegerArray(WRITERS);
        AtomicIntegerArray attempted = new AtomicIntegerArray(WRITERS);
        AtomicLong reads = new AtomicLong();
        List<WritersAndReaders.Writer> writers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int writer = w;
            writers.add(() -> write(store, writer, acknowledged, attempted));
        }
        List<WritersAndReaders.Reader> readers = new ArrayList<>();
        for (int r = 0; r < READERS; r++) {
            SplittableRandom random = new SplittableRandom(r);
            readers.add(keepReading -> {
                while (keepReading.getAsBoolean()) {
                    read(store, random, acknowledged, attempted);
                    reads.incrementAndGet();
                }
            });
        }
        assertThat(WritersAndReaders.run(writers, readers)).isNull();
        assertThat(reads.get()).isGreaterThan(10);
        assertThat(store.stats().sampleCount()).isEqualTo((long) WRITERS * SERIES_PER_WRITER * ROUNDS);
        assertThat(store.stats()).isEqualTo(store.recount());
    }

    private static Labels series(int writer, int s) {
        return Labels.of("__name__", "c", "w", Integer.toString(writer), "s", Integer.toString(s));
    }

    private static void write(
            RawStore store, int writer, AtomicIntegerArray acknowledged, AtomicIntegerArray attempted) {
        SplittableRandom random = new SplittableRandom(100 + writer);
        for (int i = 1; i <= ROUNDS; i++) {
            if (random.nextInt(10) == 0) {
                AppendRequest.Builder bad = AppendRequest.builder();
                for (int s = 0; s < SERIES_PER_WRITER; s++) {
                    bad.series(series(writer, s)).sample(10L * i, -1);
                }
                bad.series(series(writer, 0)).sample(10L * i, -2);
                try {
                    store.append(bad.build());
                    throw new AssertionError("a conflicting request was accepted");
                } catch (SampleRejectedException expected) {
                    assertThat(expected.sample().reason()).isEqualTo(SampleRejectedException.Reason.DUPLICATE);
                }
            }
            AppendRequest.Builder good = AppendRequest.builder();
            for (int s = 0; s < SERIES_PER_WRITER; s++) {
                good.series(series(writer, s)).sample(10L * i, i);
            }
            attempted.set(writer, i);
            store.append(good.build());
            acknowledged.set(writer, i);
        }
    }

    private static void read(
            RawStore store, SplittableRandom random, AtomicIntegerArray acknowledged, AtomicIntegerArray attempted) {
        int writer = random.nextInt(WRITERS);
        int low = acknowledged.get(writer);
        boolean ranged = random.nextBoolean();
        long start = ranged ? 10L * random.nextInt(ROUNDS) : Long.MIN_VALUE;
        long end = ranged ? start + 10L * random.nextInt(1, 200) : Long.MAX_VALUE;
        List<Batch> batches = store.read(
                List.of(LabelMatcher.equal("w", Integer.toString(writer))),
                Interval.of(start, end),
                Schema.TIME_SERIES,
                1 + random.nextInt(500));
        int high = attempted.get(writer);
        Labels current = null;
        long expectedNext = 0;
        int seen = 0;
        for (Batch b : batches) {
            long[] ts = b.longs(0);
            double[] vs = b.doubles(1);
            Labels[] ls = b.labels(2);
            for (int r = 0; r < b.rowCount(); r++) {
                if (ls[r] != current) {
                    if (current != null) {
                        checkEnd(current, expectedNext, low, high, end);
                    }
                    current = ls[r];
                    seen++;
                    expectedNext = Math.max(1, start / 10 + 1);
                }
                long i = ts[r] / 10;
                if (ts[r] != 10 * expectedNext || vs[r] != i) {
                    throw new AssertionError(current + " row " + r + ": expected sample " + expectedNext
                            + " but got time " + ts[r] + " value " + vs[r]);
                }
                expectedNext++;
            }
        }
        if (current != null) {
            checkEnd(current, expectedNext, low, high, end);
        }
        long firstInRange = Math.max(1, start / 10 + 1);
        if (low >= firstInRange && seen != SERIES_PER_WRITER) {
            throw new AssertionError("saw " + seen + " series of writer " + writer + " after " + low + " rounds");
        }
    }

    private static void checkEnd(Labels series, long next, int low, int high, long end) {
        long last = next - 1;
        long bound = end / 10;
        if (last > high || last < Math.min(low, bound)) {
            throw new AssertionError(
                    series + " ends at sample " + last + ", outside [" + Math.min(low, bound) + ", " + high + "]");
        }
    }
}
