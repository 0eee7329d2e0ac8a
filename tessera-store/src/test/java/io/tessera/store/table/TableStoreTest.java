package io.tessera.store.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.Batch;
import io.tessera.core.Column;
import io.tessera.core.ColumnType;
import io.tessera.core.Interval;
import io.tessera.core.InvalidInputException;
import io.tessera.core.LimitExceededException;
import io.tessera.core.Schema;
import io.tessera.core.TableCatalog;
import io.tessera.core.TableSchema;
import io.tessera.spi.RawDataRequest;
import io.tessera.spi.Source;
import io.tessera.store.StoreDataStore;
import io.tessera.store.raw.RawStore;
import io.tessera.store.raw.RawStoreConfig;
import io.tessera.store.summary.SummaryStore;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TableStoreTest {

    static final TableSchema REQUESTS = new TableSchema(
            "requests",
            "ts",
            List.of(
                    new Column("host", ColumnType.STRING),
                    new Column("status", ColumnType.LONG),
                    new Column("weight", ColumnType.DOUBLE)),
            List.of(new Column("latency", ColumnType.DOUBLE), new Column("bytes", ColumnType.LONG)));

    /** One row as the brute-force model keeps it. */
    record Row(long ts, String host, long status, double weight, double latency, long bytes) {
        Object get(String column) {
            return switch (column) {
                case "ts" -> ts;
                case "host" -> host;
                case "status" -> status;
                case "weight" -> weight;
                case "latency" -> latency;
                case "bytes" -> bytes;
                default -> throw new IllegalArgumentException(column);
            };
        }
    }

    static Batch batchOf(List<Row> rows) {
        int n = rows.size();
        long[] ts = new long[n];
        String[] host = new String[n];
        long[] status = new long[n];
        double[] weight = new double[n];
        double[] latency = new double[n];
        long[] bytes = new long[n];
        for (int i = 0; i < n; i++) {
            Row r = rows.get(i);
            ts[i] = r.ts;
            host[i] = r.host;
            status[i] = r.status;
            weight[i] = r.weight;
            latency[i] = r.latency;
            bytes[i] = r.bytes;
        }
        return new Batch(REQUESTS.rowSchema(), n, ts, host, status, weight, latency, bytes);
    }

    static TableStore store(int rowsPerChunk) {
        return store(TableStoreConfig.defaults().withRowsPerChunk(rowsPerChunk));
    }

    static TableStore store(TableStoreConfig config) {
        return new TableStore(TableCatalog.of(REQUESTS), config);
    }

    static Row randomRow(Random random, long base, long spread) {
        return new Row(
                base + random.nextLong(spread),
                "host-" + random.nextInt(7),
                200 + random.nextInt(5) * 100,
                random.nextDouble(),
                random.nextGaussian() * 10,
                random.nextLong(1 << 20));
    }

    /** The read's rows as strings of the requested columns, checking each batch is in time order and in range. */
    static List<String> readRows(TableStore store, Interval range, Schema columns) {
        List<String> out = new ArrayList<>();
        for (Batch b : store.read("requests", range, columns)) {
            assertThat(b.schema()).isEqualTo(columns);
            int tsAt = columns.indexOf("ts");
            for (int r = 0; r < b.rowCount(); r++) {
                if (tsAt >= 0) {
                    long t = b.longs(tsAt)[r];
                    if (range != null) {
                        assertThat(range.contains(t))
                                .as("row time %d in %s", t, range)
                                .isTrue();
                    }
                    if (r > 0) {
                        assertThat(t).isGreaterThanOrEqualTo(b.longs(tsAt)[r - 1]);
                    }
                }
                StringBuilder s = new StringBuilder();
                for (int c = 0; c < columns.size(); c++) {
                    Object v = switch (columns.column(c).type()) {
                        case LONG -> b.longs(c)[r];
                        case DOUBLE -> b.doubles(c)[r];
                        case STRING -> b.strings(c)[r];
                        case LABELS -> throw new AssertionError();
                    };
                    s.append(v).append('|');
                }
                out.add(s.toString());
            }
        }
        out.sort(null);
        return out;
    }

    static List<String> expected(List<Row> rows, Interval range, Schema columns) {
        List<String> out = new ArrayList<>();
        for (Row row : rows) {
            if (range != null && !range.contains(row.ts)) {
                continue;
            }
            StringBuilder s = new StringBuilder();
            for (Column c : columns.columns()) {
                s.append(row.get(c.name())).append('|');
            }
            out.add(s.toString());
        }
        out.sort(null);
        return out;
    }

    static Schema randomColumns(Random random) {
        List<Column> all = new ArrayList<>(REQUESTS.rowSchema().columns());
        java.util.Collections.shuffle(all, random);
        return new Schema(all.subList(0, 1 + random.nextInt(all.size())));
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6})
    void rangeReadsMatchBruteForceWhateverTheArrivalOrder(long seed) {
        Random random = new Random(seed);
        int rowsPerChunk = 2 + random.nextInt(40);
        TableStore store = store(rowsPerChunk);
        List<Row> model = new ArrayList<>();
        long now = 1_000_000;
        for (int b = 0; b < 60; b++) {
            List<Row> batch = new ArrayList<>();
            int size = random.nextInt(3 * rowsPerChunk);
            boolean late = random.nextInt(4) == 0;
            for (int i = 0; i < size; i++) {
                batch.add(randomRow(random, late ? now - 50_000 : now, late ? 60_000 : 5_000));
            }
            now += 3_000;
            assertThat(store.append("requests", batchOf(batch))).isEqualTo(size);
            model.addAll(batch);
            for (int q = 0; q < 5; q++) {
                long start = 940_000 + random.nextLong(now - 900_000);
                Interval range = random.nextInt(6) == 0 ? null : new Interval(start, start + random.nextLong(60_000));
                Schema columns = randomColumns(random);
                assertThat(readRows(store, range, columns)).isEqualTo(expected(model, range, columns));
            }
        }
        TableStats stats = store.stats().getFirst();
        assertThat(stats.rows()).isEqualTo(model.size());
        assertThat(stats.dictionaryStrings()).isLessThanOrEqualTo(7);
        assertThat(store.memoryBytes()).isEqualTo(stats.memoryBytes()).isPositive();
    }

    @Test
    void aBatchReadStaysAsItWasWhileLaterRowsFillItsChunk() {
        TableStore store = store(100);
        List<Row> first = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            first.add(new Row(i, "a", i, i, i, i));
        }
        store.append("requests", batchOf(first));
        Schema all = REQUESTS.rowSchema();
        List<Batch> read = store.read("requests", null, all);
        List<String> before = new ArrayList<>();
        for (Batch b : read) {
            for (int r = 0; r < b.rowCount(); r++) {
                before.add(b.longs(0)[r] + " " + b.strings(1)[r] + " " + b.doubles(4)[r]);
            }
        }
        List<Row> later = new ArrayList<>();
        for (int i = 10; i < 50; i++) {
            later.add(new Row(i, "b", -i, -i, -i, -i));
        }
        store.append("requests", batchOf(later));
        store.append("requests", batchOf(List.of(new Row(5, "late", 0, 0, 0, 0))));
        List<String> after = new ArrayList<>();
        for (Batch b : read) {
            assertThat(b.rowCount()).isEqualTo(10);
            for (int r = 0; r < b.rowCount(); r++) {
                after.add(b.longs(0)[r] + " " + b.strings(1)[r] + " " + b.doubles(4)[r]);
            }
        }
        assertThat(after).isEqualTo(before);
        List<Row> model = new ArrayList<>(first);
        model.addAll(later);
        model.add(new Row(5, "late", 0, 0, 0, 0));
        assertThat(readRows(store, null, all)).isEqualTo(expected(model, null, all));
    }

    @Test
    void rowsWithEqualTimesAreAllKept() {
        TableStore store = store(4);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            rows.add(new Row(100, "h", i, i, i, i));
        }
        store.append("requests", batchOf(rows));
        store.append("requests", batchOf(rows.subList(0, 3)));
        List<Row> model = new ArrayList<>(rows);
        model.addAll(rows.subList(0, 3));
        Schema all = REQUESTS.rowSchema();
        assertThat(readRows(store, new Interval(99, 100), all)).isEqualTo(expected(model, null, all));
        assertThat(readRows(store, new Interval(100, 200), all)).isEmpty();
    }

    @Test
    void retentionDropsOldChunksAndRefusesRowsAtOrBeforeTheCutoffLeavingTheTableUnchanged() {
        TableStore store =
                store(TableStoreConfig.defaults().withRowsPerChunk(10).withRetention(1_000));
        List<Row> old = new ArrayList<>();
        List<Row> recent = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            old.add(new Row(100 + i, "old", i, 0, 0, 0));
            recent.add(new Row(5_000 + i, "new", i, 0, 0, 0));
        }
        store.append("requests", batchOf(old));
        store.append("requests", batchOf(recent));
        long before = store.memoryBytes();
        assertThat(store.applyRetention(4_500)).isEqualTo(10);
        assertThat(store.memoryBytes()).isLessThan(before);
        Schema all = REQUESTS.rowSchema();
        assertThat(readRows(store, null, all)).isEqualTo(expected(recent, null, all));
        List<Row> mixed = List.of(new Row(6_000, "x", 1, 0, 0, 0), new Row(3_500, "x", 1, 0, 0, 0));
        assertThatThrownBy(() -> store.append("requests", batchOf(mixed)))
                .isInstanceOfSatisfying(
                        RowRejectedException.class, e -> assertThat(e.row()).isEqualTo(1))
                .hasMessageContaining("retention cutoff 3500");
        assertThat(readRows(store, null, all)).isEqualTo(expected(recent, null, all));
    }

    @Test
    void theMemoryLimitRefusesAWholeAppend() {
        TableStore store =
                store(TableStoreConfig.defaults().withRowsPerChunk(100).withMemoryLimit(20_000));
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            rows.add(new Row(i, "h", i, 0, 0, 0));
        }
        store.append("requests", batchOf(rows));
        long used = store.memoryBytes();
        List<Row> more = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            more.add(new Row(1000 + i, "h" + i, i, 0, 0, 0));
        }
        assertThatThrownBy(() -> store.append("requests", batchOf(more)))
                .isInstanceOf(LimitExceededException.class)
                .hasMessageContaining("requests");
        assertThat(store.memoryBytes()).isEqualTo(used);
        assertThat(store.stats().getFirst().rows()).isEqualTo(50);
    }

    @Test
    void unknownTablesAndColumnsAreClearErrors() {
        TableStore store = store(8);
        assertThatThrownBy(() -> store.read("nope", null, REQUESTS.rowSchema()))
                .isInstanceOf(UnknownTableException.class)
                .hasMessage("no such table: \"nope\"");
        assertThatThrownBy(() -> store.read("requests", null, Schema.of(new Column("colour", ColumnType.STRING))))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("has no column \"colour\"");
        assertThatThrownBy(() -> store.read("requests", null, Schema.of(new Column("host", ColumnType.LONG))))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("is STRING, not LONG");
        Batch wrong = new Batch(Schema.of(new Column("ts", ColumnType.LONG)), 1, new long[] {1});
        assertThatThrownBy(() -> store.append("requests", wrong))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("must have the columns");
    }

    @Test
    void theDataStoreReadsATableThroughItsSource() {
        TableStore tables = store(3);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            rows.add(new Row(1_000 * i, "h" + (i % 2), i, i, i, i));
        }
        tables.append("requests", batchOf(rows));
        StoreDataStore data = new StoreDataStore(new RawStore(RawStoreConfig.defaults()), new SummaryStore(), tables);
        Schema columns = Schema.of(new Column("host", ColumnType.STRING), new Column("ts", ColumnType.LONG));
        Iterator<Batch> it = data.readRawData(
                new Source.Table("requests"), new RawDataRequest(new Interval(2_000, 6_000), columns, List.of()), null);
        List<String> got = new ArrayList<>();
        while (it.hasNext()) {
            Batch b = it.next();
            for (int r = 0; r < b.rowCount(); r++) {
                got.add(b.strings(0)[r] + "@" + b.longs(1)[r]);
            }
        }
        assertThat(got).containsExactly("h1@3000", "h0@4000", "h1@5000", "h0@6000");
        assertThatThrownBy(() -> data.readRawData(
                        new Source.Table("missing"), new RawDataRequest(null, columns, List.of()), null))
                .isInstanceOf(UnknownTableException.class);
    }
}
