package io.tessera.store.raw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.tessera.core.Interval;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.StaleMarker;
import io.tessera.spi.DataStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Span reads answered from the recent-samples logs against the samples the model accepted, and
 * against the same reads from the chunks: with out-of-order samples, duplicates, rejected
 * requests, several metrics, logs that drop their oldest blocks, retention and a restore.
 */
class RecentSamplesTest {

    private static final long STEP = 1_000;

    private record Sample(long time, long bits) {}

    private static final long OUT_OF_ORDER_WINDOW = 5_000;

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6})
    void recentSpansEqualTheAcceptedSamples(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        boolean tight = seed % 2 == 0;
        RawStore store = new RawStore(RawStoreConfig.defaults()
                .withOutOfOrderWindow(OUT_OF_ORDER_WINDOW)
                .withChunking(8 + random.nextInt(40), 3_600_000)
                .withRecentSamples(tight ? 40 * STEP : 15 * 60_000, tight ? 600 : 4_000_000));
        ModelStore model = new ModelStore(OUT_OF_ORDER_WINDOW);
        Labels[] pool = pool();
        long now = 100_000;
        int fromLog = 0;
        int fromChunks = 0;
        for (int r = 0; r < 600; r++) {
            now += STEP;
            AppendRequest request = request(random, pool, now);
            ModelStore.Outcome expected = model.append(request, Long.MIN_VALUE);
            Throwable thrown = catchThrowable(() -> store.append(request));
            assertThat(thrown == null).as("request %d accepted", r).isEqualTo(expected.reason() == null);
            if (r % 20 == 19) {
                for (int q = 0; q < 10; q++) {
                    long before = store.recentSamples().reads();
                    Interval[] spans = spans(random, now);
                    List<LabelMatcher> matchers = matchers(random);
                    Map<Labels, List<Sample>> read = read(store, matchers, spans, false);
                    assertThat(read)
                            .as("spans %s of %s", List.of(spans), matchers)
                            .isEqualTo(expected(model, matchers, spans));
                    assertThat(read).isEqualTo(read(store, matchers, spans, true));
                    if (store.recentSamples().reads() > before) {
                        fromLog++;
                    } else {
                        fromChunks++;
                    }
                }
            }
        }
        assertThat(fromLog).as("reads answered from the logs").isGreaterThan(50);
        if (tight) {
            assertThat(fromChunks).as("reads older than a tight log reaches").isGreaterThan(5);
            assertThat(store.recentSamples().bytes())
                    .as("within the limit, give or take each log's newest block")
                    .isLessThanOrEqualTo(2L * (600 + RecentSamples.LARGEST_BLOCK) * RecentSamples.ENTRY_BYTES);
        }
        assertThat(store.stats()).isEqualTo(store.recount());
        assertThat(store.recentSamples().metrics()).isEqualTo(2);
    }

    @Test
    void aLogNeverAnswersForTimesRetentionOrARestoreLeftOut() {
        RawStore store = new RawStore(RawStoreConfig.defaults().withRetention(60_000));
        Labels a = Labels.of("__name__", "a", "job", "j");
        long now = 0;
        for (int i = 0; i < 200; i++) {
            now += STEP;
            store.append(AppendRequest.builder().series(a).sample(now, i).build());
        }
        List<LabelMatcher> byName = List.of(LabelMatcher.equal("__name__", "a"));
        store.applyRetention(now);
        long reads = store.recentSamples().reads();
        Interval old = new Interval(now - 90_000, now);
        assertThat(read(store, byName, new Interval[] {old}, false))
                .isEqualTo(read(store, byName, new Interval[] {old}, true));
        assertThat(store.recentSamples().reads())
                .as("a span reaching before the retention cutoff")
                .isEqualTo(reads);
        read(store, byName, new Interval[] {new Interval(now - 30_000, now)}, false);
        assertThat(store.recentSamples().reads()).isEqualTo(reads + 1);

        RawStore restored = new RawStore();
        copy(store.capture(() -> {}), restored.restore());
        long restoredUpTo = now;
        for (int i = 0; i < 20; i++) {
            now += STEP;
            restored.append(AppendRequest.builder().series(a).sample(now, -i).build());
        }
        Interval[] acrossRestore = {new Interval(restoredUpTo - 10_000, now)};
        assertThat(read(restored, byName, acrossRestore, false)).isEqualTo(read(restored, byName, acrossRestore, true));
        assertThat(read(restored, byName, acrossRestore, false).get(a)).hasSize(30);
        assertThat(restored.recentSamples().reads())
                .as("a span reaching into restored samples")
                .isZero();
        Interval[] afterRestore = {new Interval(restoredUpTo, now)};
        assertThat(read(restored, byName, afterRestore, false).get(a)).hasSize(20);
        assertThat(restored.recentSamples().reads()).isEqualTo(1);
        assertThat(restored.stats()).isEqualTo(restored.recount());
    }

    /**
     * A reader racing a writer sees, for every series, every sample appended before the read
     * began and then only consecutive ones: a prefix, as a read from the chunks does.
     */
    @Test
    void aReadDuringAppendsSeesAPrefixOfEverySeries() throws Exception {
        RawStore store = new RawStore(RawStoreConfig.defaults().withRecentSamples(30 * STEP, 20_000));
        Labels[] series = new Labels[200];
        for (int i = 0; i < series.length; i++) {
            series[i] = Labels.of("__name__", "a", "instance", "i" + i);
        }
        java.util.concurrent.atomic.AtomicLong written = new java.util.concurrent.atomic.AtomicLong();
        int rounds = 3_000;
        Thread writer = new Thread(() -> {
            for (int r = 1; r <= rounds; r++) {
                AppendRequest.Builder b = AppendRequest.builder();
                for (int i = 0; i < series.length; i++) {
                    b.series(series[i]).sample(r * STEP, r * 1000.0 + i);
                }
                store.append(b.build());
                written.set(r);
            }
        });
        writer.start();
        List<LabelMatcher> byName = List.of(LabelMatcher.equal("__name__", "a"));
        int checked = 0;
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (writer.isAlive() && System.nanoTime() < deadline) {
            long done = written.get();
            if (done < 20) {
                continue;
            }
            long from = done - 10;
            long reads = store.recentSamples().reads();
            Map<Labels, List<Sample>> read =
                    read(store, byName, new Interval[] {new Interval(from * STEP, Long.MAX_VALUE)}, false);
            if (store.recentSamples().reads() == reads) {
                continue;
            }
            assertThat(read).hasSize(series.length);
            for (int i = 0; i < series.length; i++) {
                List<Sample> samples = read.get(series[i]);
                assertThat(samples.size()).isGreaterThanOrEqualTo((int) (done - from));
                for (int k = 0; k < samples.size(); k++) {
                    long r = from + 1 + k;
                    assertThat(samples.get(k))
                            .isEqualTo(new Sample(r * STEP, Double.doubleToRawLongBits(r * 1000.0 + i)));
                }
            }
            checked++;
        }
        writer.join();
        assertThat(checked).as("reads answered from the log while appends ran").isGreaterThan(10);
    }

    /**
     * A backfill: each request holds five minutes of one series after another, so every sealed
     * block spans minutes of times. Short spans read from the log (whose sealed blocks a read
     * sorts and puts back in time order) equal the samples written, before and after that.
     */
    @Test
    void aBackfillReadsTheSameBeforeAndAfterItsBlocksAreSorted() {
        RawStore store = new RawStore(RawStoreConfig.defaults().withRecentSamples(15 * 60_000, 4_000_000));
        ModelStore model = new ModelStore(OUT_OF_ORDER_WINDOW);
        Labels[] pool = pool();
        SplittableRandom random = new SplittableRandom(7);
        long start = 1_000_000;
        int minutes = 5;
        for (int round = 0; round < 4; round++) {
            AppendRequest.Builder b = AppendRequest.builder();
            for (Labels series : pool) {
                b.series(series);
                for (int k = 0; k < minutes * 6; k++) {
                    b.sample(
                            start + (round * minutes * 6L + k) * 10_000 + random.nextInt(3),
                            random.nextInt(1000) / 8.0);
                }
            }
            AppendRequest request = b.build();
            assertThat(model.append(request, Long.MIN_VALUE).reason()).isNull();
            store.append(request);
        }
        long end = start + 4L * minutes * 60_000;
        for (int q = 0; q < 40; q++) {
            long from = end - 10 * 60_000 + random.nextLong(7 * 60_000);
            Interval[] spans = q % 3 == 0
                    ? new Interval[] {new Interval(from, from + 20_000), new Interval(from + 95_000, from + 130_000)}
                    : new Interval[] {new Interval(from, from + 30_000)};
            List<LabelMatcher> matchers = q % 2 == 0
                    ? List.of(LabelMatcher.equal("__name__", "a"))
                    : List.of(LabelMatcher.equal("__name__", "b"), LabelMatcher.notEqual("instance", "i4"));
            long before = store.recentSamples().reads();
            Map<Labels, List<Sample>> read = read(store, matchers, spans, false);
            assertThat(store.recentSamples().reads())
                    .as("read %d from the log", q)
                    .isEqualTo(before + 1);
            assertThat(read)
                    .as("read %d", q)
                    .isEqualTo(expected(model, matchers, spans))
                    .isNotEmpty();
            assertThat(read).isEqualTo(read(store, matchers, spans, true));
        }
        assertThat(store.stats()).isEqualTo(store.recount());
    }

    @Test
    void aDisabledLogHoldsNothing() {
        RawStore store = new RawStore(RawStoreConfig.defaults().withRecentSamples(0, 0));
        Labels a = Labels.of("__name__", "a");
        for (int i = 1; i <= 10; i++) {
            store.append(AppendRequest.builder().series(a).sample(i * STEP, i).build());
        }
        List<LabelMatcher> byName = List.of(LabelMatcher.equal("__name__", "a"));
        assertThat(read(store, byName, new Interval[] {new Interval(5 * STEP, 10 * STEP)}, false)
                        .get(a))
                .hasSize(5);
        assertThat(store.recentSamples()).isEqualTo(new RecentSamplesStats(0, 0, 0));
    }

    private static Labels[] pool() {
        List<Labels> out = new ArrayList<>();
        for (String metric : List.of("a", "b")) {
            for (int i = 0; i < 30; i++) {
                out.add(Labels.of("__name__", metric, "job", "j" + i % 3, "instance", "i" + i));
            }
        }
        return out.toArray(new Labels[0]);
    }

    /** Most series get the newest time; some get a sample inside or beyond the out-of-order window, or a repeat. */
    private static AppendRequest request(SplittableRandom random, Labels[] pool, long now) {
        AppendRequest.Builder b = AppendRequest.builder();
        for (Labels series : pool) {
            if (random.nextInt(4) == 0) {
                continue;
            }
            b.series(series);
            long t = switch (random.nextInt(40)) {
                case 0 -> now - random.nextLong(2 * OUT_OF_ORDER_WINDOW);
                case 1 -> now - STEP;
                default -> now - random.nextInt(3);
            };
            double v = switch (random.nextInt(30)) {
                case 0 -> StaleMarker.VALUE;
                case 1 -> Double.NaN;
                default -> random.nextInt(1000) / 8.0;
            };
            b.sample(t, v);
            if (random.nextInt(10) == 0) {
                b.sample(t + 1 + random.nextInt(2), v);
            }
        }
        return b.build();
    }

    private static Interval[] spans(SplittableRandom random, long now) {
        long start = now - random.nextLong(120 * STEP);
        if (random.nextInt(4) == 0) {
            long mid = start + random.nextLong(now - start + 1);
            long second = mid + random.nextLong(now - mid + 1);
            return new Interval[] {new Interval(start, mid), new Interval(second, now + STEP)};
        }
        return new Interval[] {new Interval(start, Math.max(start, now - random.nextLong(10 * STEP)))};
    }

    private static List<LabelMatcher> matchers(SplittableRandom random) {
        return switch (random.nextInt(4)) {
            case 0 -> List.of(LabelMatcher.equal("__name__", "a"));
            case 1 -> List.of(LabelMatcher.equal("__name__", "b"), LabelMatcher.equal("job", "j1"));
            case 2 -> List.of(LabelMatcher.equal("__name__", "a"), LabelMatcher.notEqual("instance", "i4"));
            default -> List.of(LabelMatcher.regex("__name__", "a|b"));
        };
    }

    /** Every series' samples in the spans, as (time, value bits), in time order. */
    private static Map<Labels, List<Sample>> read(
            RawStore store, List<LabelMatcher> matchers, Interval[] spans, boolean fromChunks) {
        Map<Labels, List<Sample>> out = new TreeMap<>();
        DataStore.SeriesSink visitor = (labels, ts, vs, count) -> {
            assertThat(out).as("each series once").doesNotContainKey(labels);
            assertThat(ts).hasSize(count);
            List<Sample> samples = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                samples.add(new Sample(ts[i], Double.doubleToRawLongBits(vs[i])));
            }
            out.put(labels, samples);
        };
        if (fromChunks) {
            store.readSpansFromChunks(matchers, spans, visitor);
        } else {
            store.readSpans(matchers, spans, visitor);
        }
        return out;
    }

    private static Map<Labels, List<Sample>> expected(ModelStore model, List<LabelMatcher> matchers, Interval[] spans) {
        Map<Labels, List<Sample>> out = new TreeMap<>();
        model.data.forEach((labels, samples) -> {
            if (!TestMatchers.matchesAll(matchers, labels)) {
                return;
            }
            List<Sample> in = new ArrayList<>();
            for (Interval span : spans) {
                NavigableMap<Long, Long> part = samples.subMap(span.start(), false, span.end(), true);
                part.forEach((t, bits) -> in.add(new Sample(t, bits)));
            }
            if (!in.isEmpty()) {
                out.put(labels, in);
            }
        });
        return out;
    }

    private static void copy(RawImage image, RawRestore restore) {
        for (int s = 0; s < image.seriesCount(); s++) {
            restore.series(image.labels(s));
            for (int c = 0; c < image.chunkCount(s); c++) {
                long[] words = new long[image.wordCount(s, c)];
                for (int w = 0; w < words.length; w++) {
                    words[w] = image.word(s, c, w);
                }
                restore.chunk(words, image.samples(s, c), image.minTime(s, c), image.maxTime(s, c));
            }
        }
        restore.finish();
    }
}
