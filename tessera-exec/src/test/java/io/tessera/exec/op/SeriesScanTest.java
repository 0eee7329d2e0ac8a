package io.tessera.exec.op;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.Batch;
import io.tessera.core.Labels;
import io.tessera.core.Schema;
import io.tessera.core.StaleMarker;
import io.tessera.exec.PromqlEngine;
import io.tessera.exec.QueryResult;
import io.tessera.exec.memory.InMemoryDataStore;
import io.tessera.spi.DataStore;
import io.tessera.spi.RawDataRequest;
import io.tessera.spi.ReadContext;
import io.tessera.spi.Source;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A Scan over a store's own per-series read answers exactly as over the default one (the row-batch
 * read grouped by series), also when the
 * store ignores the predicates and the time range (they are hints) and splits a series.
 */
class SeriesScanTest {

    private final PromqlEngine engine = new PromqlEngine(PromqlEngine.Options.DEFAULTS);
    private final InMemoryDataStore rows = new InMemoryDataStore();

    SeriesScanTest() {
        Random random = new Random(42);
        for (int s = 0; s < 30; s++) {
            int n = 40 + random.nextInt(40);
            long[] ts = new long[n];
            double[] vs = new double[n];
            long t = random.nextInt(20_000);
            for (int i = 0; i < n; i++) {
                t += 5_000 + random.nextInt(20_000);
                ts[i] = t;
                vs[i] = random.nextInt(10) == 0 ? StaleMarker.VALUE : Math.round(random.nextGaussian() * 100) / 4.0;
            }
            rows.add(Labels.of("__name__", s % 3 == 0 ? "a" : "b", "job", "j" + s % 4, "instance", "i" + s), ts, vs);
        }
    }

    /** Hands the whole store, every series in two pieces, ignoring the predicates and the range. */
    private final class Sloppy implements DataStore {
        @Override
        public Iterator<Batch> readRawData(Source source, RawDataRequest request, ReadContext context) {
            return rows.readRawData(source, request, context);
        }

        @Override
        public void readRawSeries(Source source, RawDataRequest request, ReadContext context, SeriesSink sink) {
            Iterator<Batch> all =
                    rows.readRawData(source, new RawDataRequest(null, Schema.TIME_SERIES, List.of()), context);
            Batch b = all.next();
            long[] ts = b.longs(0);
            double[] vs = b.doubles(1);
            Labels[] ls = b.labels(2);
            int start = 0;
            for (int i = 1; i <= b.rowCount(); i++) {
                if (i == b.rowCount() || !ls[i].equals(ls[start])) {
                    int mid = start + (i - start) / 3;
                    piece(sink, ls[start], ts, vs, start, mid);
                    piece(sink, ls[start], ts, vs, mid, i);
                    start = i;
                }
            }
        }

        private void piece(SeriesSink sink, Labels l, long[] ts, double[] vs, int from, int to) {
            int n = to - from;
            long[] t = new long[n + 3];
            double[] v = new double[n + 3];
            System.arraycopy(ts, from, t, 0, n);
            System.arraycopy(vs, from, v, 0, n);
            sink.series(l, t, v, n);
        }
    }

    @Test
    void answersAsTheBatchReadDoes() {
        Sloppy series = new Sloppy();
        List<String> queries = new ArrayList<>(List.of(
                "a",
                "b",
                "{job=~\"j[12]\"}",
                "{__name__!=\"a\", job=~\"j.*\", job!=\"j0\"}",
                "quantile_over_time(0.9, b[3m])",
                "count_over_time({job=\"j3\"}[2m])",
                "topk(3, b)",
                "rate(a[5m])",
                "last_over_time(b[1m] offset 2m)",
                "sum by (job) (b @ 400)"));
        for (String q : queries) {
            for (long t : new long[] {100_000, 400_000, 777_777, 1_500_000}) {
                assertThat(engine.instant(q, t, series))
                        .as(q + " at " + t)
                        .usingRecursiveComparison()
                        .isEqualTo(engine.instant(q, t, rows));
            }
            QueryResult r = engine.range(q, 60_000, 1_600_000, 30_000, series);
            assertThat(r).as(q).usingRecursiveComparison().isEqualTo(engine.range(q, 60_000, 1_600_000, 30_000, rows));
        }
    }

    @Test
    void refusesSeriesOutOfOrder() {
        DataStore backwards = seriesOnly(sink -> {
            sink.series(Labels.of("__name__", "a", "i", "2"), new long[] {1_000}, new double[] {1}, 1);
            sink.series(Labels.of("__name__", "a", "i", "1"), new long[] {1_000}, new double[] {1}, 1);
        });
        assertThatThrownBy(() -> engine.instant("a", 2_000, backwards)).hasMessageContaining("out of label order");
        DataStore unordered = seriesOnly(
                sink -> sink.series(Labels.of("__name__", "a"), new long[] {1_000, 900}, new double[] {1, 2}, 2));
        assertThatThrownBy(() -> engine.instant("a", 2_000, unordered)).hasMessageContaining("out of time order");
    }

    /** A store that only reads whole series, handing {@code series} to the sink whatever was asked. */
    private static DataStore seriesOnly(Consumer<DataStore.SeriesSink> series) {
        return new DataStore() {
            @Override
            public Iterator<Batch> readRawData(Source source, RawDataRequest request, ReadContext context) {
                throw new AssertionError();
            }

            @Override
            public void readRawSeries(Source source, RawDataRequest request, ReadContext context, SeriesSink sink) {
                series.accept(sink);
            }
        };
    }
}
