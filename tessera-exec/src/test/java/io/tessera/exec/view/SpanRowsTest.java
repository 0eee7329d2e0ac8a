package io.tessera.exec.view;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Batch;
import io.tessera.core.Interval;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.Schema;
import io.tessera.core.StaleMarker;
import io.tessera.exec.context.QueryLimits;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.memory.InMemoryDataStore;
import io.tessera.exec.value.SeriesRows;
import io.tessera.plan.Scan;
import io.tessera.spi.DataStore;
import io.tessera.spi.RawDataRequest;
import io.tessera.spi.ReadContext;
import io.tessera.spi.Source;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The spans of a correction read with one store call hold exactly the samples of the matching
 * series in the spans: over a plain store (the default span and series reads), over one that
 * reads series its own way under the default wide span read, over one that ignores predicates and spans altogether, and over stores
 * that hand series as ranges of one pair of arrays (which the rows keep rather than copy), some
 * of them with samples outside the spans or in arrays of their own.
 */
class SpanRowsTest {

    private final InMemoryDataStore rows = new InMemoryDataStore();
    private final Map<Labels, long[]> times = new HashMap<>();
    private final Map<Labels, double[]> values = new HashMap<>();
    private final RunContext context = new RunContext(0, 10_000_000, 60_000, QueryLimits.DEFAULTS);
    private final Scan scan = new Scan(
            new Source.TimeSeries(), List.of(LabelMatcher.equal("__name__", "x"), LabelMatcher.regex("job", "j[01]")));

    SpanRowsTest() {
        SplittableRandom random = new SplittableRandom(7);
        for (int s = 0; s < 40; s++) {
            int n = 1 + random.nextInt(300);
            long[] ts = new long[n];
            double[] vs = new double[n];
            long t = random.nextInt(20_000);
            for (int i = 0; i < n; i++) {
                t += random.nextInt(6) == 0 ? 1 + random.nextInt(60_000) : 10_000;
                ts[i] = t;
                vs[i] = random.nextInt(10) == 0
                        ? StaleMarker.VALUE
                        : random.nextInt(10) == 0 ? Double.NaN : random.nextDouble();
            }
            Labels l = Labels.of("__name__", s % 4 == 0 ? "y" : "x", "job", "j" + s % 3, "instance", "i" + s);
            rows.add(l, ts, vs);
            times.put(l, ts);
            values.put(l, vs);
        }
    }

    /** A store whose row-batch read is the in-memory one's. */
    private abstract class RowsBacked implements DataStore {
        @Override
        public Iterator<Batch> readRawData(Source source, RawDataRequest request, ReadContext ctx) {
            return rows.readRawData(source, request, ctx);
        }
    }

    /** Uses the interface's default span read, one wide per-series read, with a series read of its own. */
    private final class Wide extends RowsBacked {
        @Override
        public void readRawSeries(Source source, RawDataRequest request, ReadContext ctx, SeriesSink sink) {
            Iterator<Batch> batches = rows.readRawData(source, request, ctx);
            hand(batches, sink);
        }
    }

    /** A store whose span reads the tests below make up; it never reads series whole. */
    private abstract class SpansOnly extends RowsBacked {
        @Override
        public void readRawSeries(Source source, RawDataRequest request, ReadContext ctx, SeriesSink sink) {
            throw new AssertionError("a span read must not fall back to a series read here");
        }
    }

    /** Every series, every sample, whatever was asked. */
    private final class Sloppy extends SpansOnly {
        @Override
        public void readRawSpans(
                Source source, List<LabelMatcher> predicates, List<Interval> spans, ReadContext ctx, SeriesSink sink) {
            hand(rows.readRawData(source, new RawDataRequest(null, Schema.TIME_SERIES, List.of()), ctx), sink);
        }
    }

    /**
     * Every series as a range of one pair of arrays; with {@code mixed}, every third series also
     * brings samples outside the spans, and every fifth comes in a pair of arrays of its own.
     */
    private final class Shared extends SpansOnly {
        private final boolean mixed;

        Shared(boolean mixed) {
            this.mixed = mixed;
        }

        @Override
        public void readRawSpans(
                Source source, List<LabelMatcher> predicates, List<Interval> spans, ReadContext ctx, SeriesSink sink) {
            List<Labels> order = new ArrayList<>(times.keySet());
            order.sort(java.util.Comparator.comparing(Labels::toString));
            int total = times.values().stream().mapToInt(t -> t.length).sum();
            long[] ts = new long[total];
            double[] vs = new double[total];
            int[] from = new int[order.size()];
            int[] count = new int[order.size()];
            int at = 0;
            for (int s = 0; s < order.size(); s++) {
                long[] t = times.get(order.get(s));
                double[] v = values.get(order.get(s));
                boolean everything = mixed && s % 3 == 1;
                from[s] = at;
                for (int i = 0; i < t.length; i++) {
                    if (everything || inSpans(t[i], spans)) {
                        ts[at] = t[i];
                        vs[at++] = v[i];
                    }
                }
                count[s] = at - from[s];
            }
            for (int s = 0; s < order.size(); s++) {
                if (mixed && s % 5 == 2) {
                    sink.seriesRange(
                            order.get(s),
                            java.util.Arrays.copyOfRange(ts, from[s], from[s] + count[s]),
                            java.util.Arrays.copyOfRange(vs, from[s], from[s] + count[s]),
                            0,
                            count[s]);
                } else if (count[s] > 0) {
                    sink.seriesRange(order.get(s), ts, vs, from[s], count[s]);
                }
            }
        }

        private static boolean inSpans(long t, List<Interval> spans) {
            return spans.stream().anyMatch(span -> t > span.start() && t <= span.end());
        }
    }

    private static void hand(Iterator<Batch> batches, DataStore.SeriesSink sink) {
        Map<Labels, List<Integer>> order = new java.util.LinkedHashMap<>();
        List<Long> ts = new ArrayList<>();
        List<Double> vs = new ArrayList<>();
        while (batches.hasNext()) {
            Batch b = batches.next();
            for (int i = 0; i < b.rowCount(); i++) {
                order.computeIfAbsent(b.labels(2)[i], k -> new ArrayList<>()).add(ts.size());
                ts.add(b.longs(0)[i]);
                vs.add(b.doubles(1)[i]);
            }
        }
        for (Map.Entry<Labels, List<Integer>> e : order.entrySet()) {
            int n = e.getValue().size();
            long[] t = new long[n];
            double[] v = new double[n];
            for (int i = 0; i < n; i++) {
                t[i] = ts.get(e.getValue().get(i));
                v[i] = vs.get(e.getValue().get(i));
            }
            sink.series(e.getKey(), t, v, n);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4})
    void spansHoldExactlyTheMatchingSamples(int storeKind) {
        SplittableRandom random = new SplittableRandom(11 + storeKind);
        io.tessera.spi.DataStore store = switch (storeKind) {
            case 0 -> rows;
            case 1 -> new Wide();
            case 2 -> new Sloppy();
            case 3 -> new Shared(false);
            default -> new Shared(true);
        };
        for (int round = 0; round < 100; round++) {
            List<Interval> spans = new ArrayList<>();
            long at = random.nextLong(1_500_000);
            for (int k = 1 + random.nextInt(3); k > 0; k--) {
                long start = at + random.nextInt(600_000);
                long end = start + 1 + random.nextInt(200_000);
                spans.add(new Interval(start, end));
                at = end + 1;
            }
            SeriesRows read = SpanRows.read(store, scan, spans, context);
            Map<Labels, List<String>> actual = new HashMap<>();
            for (int s = 0; s < read.size(); s++) {
                List<String> samples = new ArrayList<>();
                for (int i = 0; i < read.count(s); i++) {
                    samples.add(read.ts(s)[i] + "=" + Double.doubleToRawLongBits(read.values(s)[i]));
                }
                assertThat(actual.put(read.labels(s), samples))
                        .as("series listed once")
                        .isNull();
            }
            Map<Labels, List<String>> expected = new HashMap<>();
            for (Labels l : times.keySet()) {
                if (!l.metricName().equals("x") || l.get("job").equals("j2")) {
                    continue;
                }
                List<String> samples = new ArrayList<>();
                long[] t = times.get(l);
                for (int i = 0; i < t.length; i++) {
                    for (Interval span : spans) {
                        if (t[i] > span.start() && t[i] <= span.end()) {
                            samples.add(t[i] + "=" + Double.doubleToRawLongBits(values.get(l)[i]));
                        }
                    }
                }
                if (!samples.isEmpty()) {
                    expected.put(l, samples);
                }
            }
            assertThat(actual).as("spans %s", spans).isEqualTo(expected);
        }
    }
}
