package io.tessera.store.raw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tessera.core.Batch;
import io.tessera.core.Column;
import io.tessera.core.ColumnType;
import io.tessera.core.Interval;
import io.tessera.core.InvalidInputException;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.Schema;
import io.tessera.core.StaleMarker;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Random requests against the store and against {@link ModelStore}: the same outcome for every
 * request (stored, or rejected for the same sample and reason, leaving the store unchanged),
 * and the same answers to random reads and listings.
 */
class ModelComparisonTest {

    private static final double[] VALUES = {
        0, 1, 1.5, -0.0, Double.NaN, StaleMarker.VALUE, Double.POSITIVE_INFINITY, 7, 42
    };
    private static final long[] WINDOWS = {0, 25, 400};

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
    void storeAgreesWithModel(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long window = WINDOWS[(int) (seed % WINDOWS.length)];
        RawStoreConfig config = RawStoreConfig.defaults()
                .withOutOfOrderWindow(window)
                .withChunking(3 + random.nextInt(8), new long[] {100, 1000, 1L << 40}[random.nextInt(3)]);
        RawStore store = new RawStore(config);
        ModelStore model = new ModelStore(window);
        Labels[] pool = labelPool(random, 25);
        int accepted = 0;
        int rejected = 0;
        for (int r = 0; r < 400; r++) {
            AppendRequest request = request(random, pool, model, window);
            ModelStore.Outcome expected = model.append(request, Long.MIN_VALUE);
            if (expected.reason() == null) {
                AppendResult result = store.append(request);
                assertThat(result.samplesAppended())
                        .as("request %d appended", r)
                        .isEqualTo(expected.appended());
                assertThat(result.duplicatesIgnored())
                        .as("request %d duplicates", r)
                        .isEqualTo(expected.duplicates());
                accepted++;
            } else {
                String dump = StoreDump.full(store);
                SampleRejectedException e =
                        catchThrowableOfType(SampleRejectedException.class, () -> store.append(request));
                assertThat(e).as("request %d must be rejected", r).isNotNull();
                assertThat(List.of(
                                e.sample().reason(),
                                e.sample().seriesIndex(),
                                e.sample().timestamp()))
                        .as(() -> e.getMessage() + describe(request, model, store))
                        .isEqualTo(List.of(expected.reason(), expected.seriesIndex(), expected.timestamp()));
                assertThat(e.getMessage()).startsWith(expected.reason().description());
                assertThat(StoreDump.full(store))
                        .as("store unchanged by rejected request %d", r)
                        .isEqualTo(dump);
                rejected++;
            }
            if (r % 40 == 39) {
                compareContent(store, model);
                compareReads(random, store, model);
            }
        }
        assertThat(accepted).isGreaterThan(100);
        assertThat(rejected).isGreaterThan(window == 0 ? 20 : 5);
    }

    private static Labels[] labelPool(SplittableRandom random, int n) {
        TreeSet<Labels> set = new TreeSet<>();
        while (set.size() < n) {
            set.add(TestMatchers.series(random));
        }
        return set.toArray(new Labels[0]);
    }

    private static AppendRequest request(SplittableRandom random, Labels[] pool, ModelStore model, long window) {
        AppendRequest.Builder b = AppendRequest.builder();
        int series = 1 + random.nextInt(4);
        boolean perturbed = random.nextInt(10) < 4;
        for (int s = 0; s < series; s++) {
            Labels labels = pool[random.nextInt(pool.length)];
            b.series(random.nextInt(3) == 0 ? Labels.of(toPairs(labels)) : labels);
            TreeMap<Long, Long> stored = model.data.get(labels);
            long newest = stored == null ? random.nextInt(100) : stored.lastKey();
            int samples = random.nextInt(9);
            long t = newest;
            for (int k = 0; k < samples; k++) {
                int mode = perturbed && random.nextInt(3) == 0 ? 5 + random.nextInt(5) : 0;
                if (mode < 5) {
                    t += 1 + random.nextInt(20);
                } else if (mode < 8) {
                    t = newest - random.nextLong(0, window + 30);
                } else if (stored != null && mode == 8) {
                    Long existing = stored.floorKey(newest - random.nextLong(0, window + 1));
                    t = existing == null ? t : existing;
                }
                double v = VALUES[random.nextInt(VALUES.length)];
                if (stored != null && mode == 9 && stored.containsKey(t)) {
                    v = Double.longBitsToDouble(stored.get(t));
                }
                b.sample(t, v);
            }
        }
        return b.build();
    }

    private static String describe(AppendRequest request, ModelStore model, RawStore store) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < request.seriesCount(); i++) {
            Labels l = request.series()[i];
            sb.append("\n#")
                    .append(i)
                    .append(' ')
                    .append(l)
                    .append(" model=")
                    .append(model.data.get(l))
                    .append(" store=")
                    .append(StoreDump.asModel(store).get(l))
                    .append(" new:");
            for (int k = request.sampleOffsets()[i]; k < request.sampleOffsets()[i + 1]; k++) {
                sb.append(' ')
                        .append(request.timestamps()[k])
                        .append('=')
                        .append(Long.toHexString(Double.doubleToRawLongBits(request.values()[k])));
            }
        }
        return sb.toString();
    }

    /** A fresh, equal label set, so the store cannot rely on identity. */
    private static String[] toPairs(Labels labels) {
        String[] pairs = new String[labels.size() * 2];
        for (int i = 0; i < labels.size(); i++) {
            pairs[2 * i] = new String(labels.name(i));
            pairs[2 * i + 1] = new String(labels.value(i));
        }
        return pairs;
    }

    private static void compareContent(RawStore store, ModelStore model) {
        assertThat(StoreDump.asModel(store)).isEqualTo(model.data);
        long samples = 0;
        for (TreeMap<Long, Long> s : model.data.values()) {
            samples += s.size();
        }
        StoreStats stats = store.stats();
        assertThat(stats).isEqualTo(store.recount());
        assertThat(stats.sampleCount()).isEqualTo(samples);
        assertThat(stats.seriesCount()).isEqualTo(model.data.size());
    }

    private static void compareReads(SplittableRandom random, RawStore store, ModelStore model) {
        List<Long> times = new ArrayList<>();
        for (TreeMap<Long, Long> s : model.data.values()) {
            times.addAll(s.keySet());
        }
        for (int q = 0; q < 15; q++) {
            List<LabelMatcher> matchers = random.nextInt(8) == 0 ? List.of() : TestMatchers.matchers(random);
            Interval range = range(random, times);
            List<String> expected = StoreDump.expected(model.data, matchers, range);
            assertThat(StoreDump.rows(store, matchers, range, 1 + random.nextInt(40)))
                    .as("%s in %s", matchers, range)
                    .isEqualTo(expected);
            if (!matchers.isEmpty() && !VectorSelectors.hasNonEmptyMatcher(matchers)) {
                assertThatThrownBy(() -> store.read(matchers, range, Schema.TIME_SERIES))
                        .isInstanceOf(InvalidInputException.class)
                        .hasMessage("vector selector must contain at least one non-empty matcher");
                continue;
            }
            compareBatches(random, store, matchers, range, expected);
            compareSeriesRead(store, matchers, range, expected);
            compareListings(store, model, matchers, range);
        }
    }

    private static Interval range(SplittableRandom random, List<Long> times) {
        if (times.isEmpty() || random.nextInt(10) == 0) {
            return RawStore.ALL_TIME;
        }
        long a = times.get(random.nextInt(times.size())) + random.nextInt(-1, 2);
        long b = times.get(random.nextInt(times.size())) + random.nextInt(-1, 2);
        return Interval.of(Math.min(a, b), Math.max(a, b));
    }

    /** The public read with a random subset of columns in random order. */
    private static void compareBatches(
            SplittableRandom random,
            RawStore store,
            List<LabelMatcher> matchers,
            Interval range,
            List<String> expected) {
        List<Column> columns = new ArrayList<>(List.of(
                new Column(Schema.TS, ColumnType.LONG),
                new Column(Schema.VALUE, ColumnType.DOUBLE),
                new Column(Schema.LABELS, ColumnType.LABELS)));
        for (int i = columns.size() - 1; i > 0; i--) {
            columns.set(i, columns.set(random.nextInt(i + 1), columns.get(i)));
        }
        columns = columns.subList(0, 1 + random.nextInt(3));
        Schema wanted = new Schema(columns);
        List<Batch> batches = store.read(matchers, range, wanted, 1 + random.nextInt(30));
        List<String> rows = new ArrayList<>();
        for (Batch b : batches) {
            assertThat(b.schema()).isEqualTo(wanted);
            assertThat(b.rowCount()).isPositive();
            for (int r = 0; r < b.rowCount(); r++) {
                StringBuilder sb = new StringBuilder();
                for (int c = 0; c < wanted.size(); c++) {
                    sb.append(
                            switch (wanted.column(c).name()) {
                                case Schema.TS -> "t" + b.longs(c)[r];
                                case Schema.VALUE ->
                                    "v" + Long.toHexString(Double.doubleToRawLongBits(b.doubles(c)[r]));
                                default -> "l" + b.labels(c)[r];
                            });
                }
                rows.add(sb.toString());
            }
        }
        List<String> want = new ArrayList<>();
        for (String e : expected) {
            String[] parts = e.split(" (?=[-0-9a-f]+ [0-9a-f]+$)");
            String labels = parts[0];
            String[] tv = parts[1].split(" ");
            StringBuilder sb = new StringBuilder();
            for (Column c : wanted.columns()) {
                sb.append(
                        switch (c.name()) {
                            case Schema.TS -> "t" + tv[0];
                            case Schema.VALUE -> "v" + tv[1];
                            default -> "l" + labels;
                        });
            }
            want.add(sb.toString());
        }
        assertThat(rows).isEqualTo(want);
    }

    /** The per-series read: the same samples, each series once with arrays of exactly its samples. */
    private static void compareSeriesRead(
            RawStore store, List<LabelMatcher> matchers, Interval range, List<String> expected) {
        List<String> rows = new ArrayList<>();
        List<Labels> seen = new ArrayList<>();
        store.readSeries(matchers, range, (labels, ts, vs, count) -> {
            assertThat(count).isPositive().isEqualTo(ts.length).isEqualTo(vs.length);
            assertThat(seen).doesNotContain(labels);
            seen.add(labels);
            for (int i = 0; i < count; i++) {
                rows.add(StoreDump.row(labels, ts[i], Double.doubleToRawLongBits(vs[i])));
            }
        });
        assertThat(rows).as("per-series read of %s in %s", matchers, range).isEqualTo(expected);
    }

    private static void compareListings(RawStore store, ModelStore model, List<LabelMatcher> matchers, Interval range) {
        List<Labels> series = new ArrayList<>();
        TreeSet<String> names = new TreeSet<>();
        TreeSet<String> jobs = new TreeSet<>();
        for (Map.Entry<Labels, TreeMap<Long, Long>> e : model.data.entrySet()) {
            if (TestMatchers.matchesAll(matchers, e.getKey())
                    && range.start() < range.end()
                    && !e.getValue()
                            .subMap(range.start(), false, range.end(), true)
                            .isEmpty()) {
                Labels l = e.getKey();
                series.add(l);
                for (int i = 0; i < l.size(); i++) {
                    names.add(l.name(i));
                }
                if (l.has("job")) {
                    jobs.add(l.get("job"));
                }
            }
        }
        assertThat(store.series(matchers, range)).isEqualTo(series);
        assertThat(store.labelNames(matchers, range)).containsExactlyElementsOf(names);
        assertThat(store.labelValues("job", matchers, range)).containsExactlyElementsOf(jobs);
    }
}
