package io.tessera.store.wal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.Batch;
import io.tessera.core.Column;
import io.tessera.core.ColumnType;
import io.tessera.core.LimitExceededException;
import io.tessera.core.TableCatalog;
import io.tessera.core.TableSchema;
import io.tessera.store.table.RowRejectedException;
import io.tessera.store.table.TableStore;
import io.tessera.store.table.TableStoreConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DurableTablesTest {

    static final TableSchema EVENTS = new TableSchema(
            "events",
            "ts",
            List.of(new Column("host", ColumnType.STRING)),
            List.of(new Column("value", ColumnType.DOUBLE), new Column("n", ColumnType.LONG)));

    @TempDir
    Path dir;

    static TableStore store(TableSchema schema, TableStoreConfig config) {
        return new TableStore(TableCatalog.of(schema), config);
    }

    static Batch rows(Random random, long from, int count) {
        long[] ts = new long[count];
        String[] host = new String[count];
        double[] value = new double[count];
        long[] n = new long[count];
        for (int i = 0; i < count; i++) {
            ts[i] = from + random.nextInt(100_000);
            host[i] = random.nextInt(5) == 0 ? "h\u00e9" + random.nextInt(3) : "h" + random.nextInt(3);
            value[i] = random.nextInt(20) == 0 ? Double.NaN : random.nextGaussian();
            n[i] = random.nextLong();
        }
        return new Batch(EVENTS.rowSchema(), count, ts, host, value, n);
    }

    /** Every row as a string with bit-exact values, sorted. */
    static List<String> dump(TableStore store) {
        List<String> out = new ArrayList<>();
        for (Batch b : store.read("events", null, EVENTS.rowSchema())) {
            for (int r = 0; r < b.rowCount(); r++) {
                out.add(b.longs(0)[r] + " " + b.strings(1)[r] + " "
                        + Long.toHexString(Double.doubleToRawLongBits(b.doubles(2)[r])) + " " + b.longs(3)[r]);
            }
        }
        out.sort(null);
        return out;
    }

    @Test
    void acceptedRowsSurviveARestartAndRefusedOnesAreNotLogged() {
        Random random = new Random(3);
        TableStoreConfig config =
                TableStoreConfig.defaults().withRowsPerChunk(50).withMemoryLimit(400_000);
        TableStore first = store(EVENTS, config);
        try (DurableTables durable = DurableTables.open(dir, first, WalOptions.DEFAULTS.withSegmentBytes(4096))) {
            for (int i = 0; i < 30; i++) {
                assertThat(durable.append("events", rows(random, 1_000_000, 1 + random.nextInt(40))))
                        .isPositive();
            }
            assertThat(durable.walSegments()).isGreaterThan(1);
            assertThatThrownBy(() -> durable.append("events", rows(random, 1_000_000, 20_000)))
                    .isInstanceOf(LimitExceededException.class);
            first.applyRetention(1_000_000 + config.retentionMillis());
            assertThatThrownBy(() -> durable.append("events", rows(random, 0, 3)))
                    .isInstanceOf(RowRejectedException.class);
            assertThat(durable.append("events", rows(random, 0, 0))).isZero();
        }
        List<String> before = dump(first);
        TableStore second = store(EVENTS, config);
        try (DurableTables durable = DurableTables.open(dir, second, WalOptions.DEFAULTS)) {
            assertThat(durable.recovery().records()).isEqualTo(30);
            assertThat(durable.recovery().rows()).isEqualTo(before.size());
            assertThat(durable.recovery().tornTail()).isNull();
            assertThat(dump(second)).isEqualTo(before);
            durable.append("events", rows(random, 2_000_000, 5));
        }
        TableStore third = store(EVENTS, config);
        try (DurableTables durable = DurableTables.open(dir, third, WalOptions.DEFAULTS)) {
            assertThat(durable.recovery().records()).isEqualTo(31);
            assertThat(dump(third)).hasSize(before.size() + 5).containsAll(before);
        }
    }

    @Test
    void aTornLastRecordIsCutAndEverythingBeforeItKept() throws IOException {
        Random random = new Random(5);
        TableStore first = store(EVENTS, TableStoreConfig.defaults());
        try (DurableTables durable = DurableTables.open(dir, first, WalOptions.DEFAULTS)) {
            for (int i = 0; i < 5; i++) {
                durable.append("events", rows(random, 0, 10));
            }
        }
        Path wal = dir.resolve("tables").resolve("wal");
        Path last;
        try (var files = Files.list(wal)) {
            last = files.sorted().toList().getLast();
        }
        long size = Files.size(last);
        byte[] torn = new byte[] {0, 0, 1, 0, 1, 2, 3, 4, Frames.TABLE_ROWS, 9, 9};
        Files.write(last, torn, StandardOpenOption.APPEND);
        TableStore second = store(EVENTS, TableStoreConfig.defaults());
        try (DurableTables durable = DurableTables.open(dir, second, WalOptions.DEFAULTS)) {
            assertThat(durable.recovery().tornTail()).contains("byte offset " + size);
            assertThat(durable.recovery().records()).isEqualTo(5);
            assertThat(dump(second)).isEqualTo(dump(first));
        }
        assertThat(Files.size(last)).isEqualTo(size);
    }

    @Test
    void fourDamagedBytesInAnEarlierSegmentCostOnlyTheirRecord() throws IOException {
        Random random = new Random(11);
        List<Batch> batches = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            batches.add(rows(random, 1_000_000, 1 + random.nextInt(30)));
        }
        try (DurableTables durable = DurableTables.open(
                dir, store(EVENTS, TableStoreConfig.defaults()), WalOptions.DEFAULTS.withSegmentBytes(4096))) {
            for (Batch b : batches) {
                durable.append("events", b);
            }
        }
        Path wal = dir.resolve("tables").resolve("wal");
        assertThat(Segments.list(wal).size()).isGreaterThanOrEqualTo(3);
        Path first = Segments.path(wal, 0);
        long[] frames = DataDirs.frameOffsets(first);
        int victim = frames.length / 2;
        long at = (frames[victim] + frames[victim + 1]) / 2;
        for (int i = 0; i < 4; i++) {
            TornTailTest.flip(first, at + i);
        }
        TableStore expected = store(EVENTS, TableStoreConfig.defaults());
        for (int i = 0; i < batches.size(); i++) {
            if (i != victim) {
                expected.append("events", batches.get(i));
            }
        }
        TableStore recovered = store(EVENTS, TableStoreConfig.defaults());
        try (DurableTables durable = DurableTables.open(dir, recovered, WalOptions.DEFAULTS)) {
            assertThat(durable.recovery().damaged())
                    .singleElement()
                    .asString()
                    .contains(first + " at byte offset " + frames[victim] + ": dropped "
                            + (frames[victim + 1] - frames[victim]) + " bytes");
            assertThat(durable.recovery().records()).isEqualTo(batches.size() - 1);
            assertThat(dump(recovered)).isEqualTo(dump(expected));
        }
    }

    @Test
    void recordsOfAChangedTableAreSkippedAndCounted() {
        Random random = new Random(9);
        try (DurableTables durable =
                DurableTables.open(dir, store(EVENTS, TableStoreConfig.defaults()), WalOptions.DEFAULTS)) {
            durable.append("events", rows(random, 0, 10));
        }
        TableSchema changed = new TableSchema(
                "events",
                "ts",
                List.of(new Column("host", ColumnType.STRING)),
                List.of(new Column("value", ColumnType.DOUBLE)));
        TableStore store = store(changed, TableStoreConfig.defaults());
        try (DurableTables durable = DurableTables.open(dir, store, WalOptions.DEFAULTS)) {
            assertThat(durable.recovery().skippedRecords()).isEqualTo(1);
            assertThat(durable.recovery().rows()).isZero();
            assertThat(store.stats().getFirst().rows()).isZero();
        }
    }

    @Test
    void retentionDeletesOnlySegmentsWhoseRowsAreAllOld() {
        Random random = new Random(11);
        TableStore first = store(EVENTS, TableStoreConfig.defaults());
        try (DurableTables durable = DurableTables.open(dir, first, WalOptions.DEFAULTS.withSegmentBytes(4096))) {
            for (int i = 0; i < 20; i++) {
                durable.append("events", rows(random, 0, 20));
            }
            for (int i = 0; i < 20; i++) {
                durable.append("events", rows(random, 10_000_000, 20));
            }
            int segments = durable.walSegments();
            assertThat(durable.applyRetention(100_000)).isPositive();
            assertThat(durable.walSegments()).isLessThan(segments);
            assertThat(durable.applyRetention(100_000)).isZero();
        }
        TableStore second = store(EVENTS, TableStoreConfig.defaults());
        try (DurableTables durable = DurableTables.open(dir, second, WalOptions.DEFAULTS)) {
            List<String> recent = new ArrayList<>();
            for (String row : dump(first)) {
                if (Long.parseLong(row.substring(0, row.indexOf(' '))) >= 10_000_000) {
                    recent.add(row);
                }
            }
            assertThat(dump(second)).containsAll(recent);
            assertThat(dump(second).size()).isLessThan(dump(first).size());
        }
    }
}
