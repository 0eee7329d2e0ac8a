package io.tessera.store.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Batch;
import io.tessera.core.Column;
import io.tessera.core.ColumnType;
import io.tessera.core.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** Writers append batches while readers read: a reader sees every batch whole or not at all, and never fewer rows than before. */
class TableStoreConcurrencyTest {

    private static final int WRITERS = 2;
    private static final int BATCHES_PER_WRITER = 400;
    private static final int ROWS_PER_BATCH = 37;

    @Test
    void readersSeeWholeBatchesAndAGrowingTable() throws Exception {
        TableStore store = TableStoreTest.store(64);
        Schema bytesOnly = Schema.of(new Column("bytes", ColumnType.LONG), new Column("host", ColumnType.STRING));
        AtomicBoolean done = new AtomicBoolean();
        ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
        CountDownLatch writersDone = new CountDownLatch(WRITERS);
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int writer = w;
            threads.add(Thread.ofPlatform().start(() -> {
                Random random = new Random(writer);
                try {
                    for (int b = 0; b < BATCHES_PER_WRITER; b++) {
                        long id = writer * 1_000_000L + b;
                        List<TableStoreTest.Row> rows = new ArrayList<>();
                        for (int i = 0; i < ROWS_PER_BATCH; i++) {
                            rows.add(new TableStoreTest.Row(
                                    b * 100L + random.nextLong(5_000), "w" + writer, 200, 0, 0, id));
                        }
                        store.append("requests", TableStoreTest.batchOf(rows));
                    }
                } catch (RuntimeException e) {
                    problems.add("writer " + writer + ": " + e);
                } finally {
                    writersDone.countDown();
                }
            }));
        }
        int[] reads = new int[2];
        for (int r = 0; r < 2; r++) {
            int reader = r;
            threads.add(Thread.ofPlatform().start(() -> {
                long lastTotal = 0;
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (!done.get() && System.nanoTime() < deadline && reads[reader] < 100_000) {
                    java.util.Map<Long, Integer> perBatch = new java.util.HashMap<>();
                    long total = 0;
                    for (Batch b : store.read("requests", null, bytesOnly)) {
                        for (int i = 0; i < b.rowCount(); i++) {
                            long id = b.longs(0)[i];
                            if (!b.strings(1)[i].equals("w" + id / 1_000_000L)) {
                                problems.add("row of batch " + id + " has host " + b.strings(1)[i]);
                            }
                            perBatch.merge(id, 1, Integer::sum);
                        }
                        total += b.rowCount();
                    }
                    for (var e : perBatch.entrySet()) {
                        if (e.getValue() != ROWS_PER_BATCH) {
                            problems.add("batch " + e.getKey() + " seen with " + e.getValue() + " rows");
                        }
                    }
                    if (total < lastTotal) {
                        problems.add("a read saw " + total + " rows after one saw " + lastTotal);
                    }
                    lastTotal = total;
                    reads[reader]++;
                }
            }));
        }
        assertThat(writersDone.await(120, TimeUnit.SECONDS)).isTrue();
        done.set(true);
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(60));
        }
        assertThat(problems).isEmpty();
        assertThat(reads[0] + reads[1]).isPositive();
        assertThat(store.stats().getFirst().rows()).isEqualTo((long) WRITERS * BATCHES_PER_WRITER * ROWS_PER_BATCH);
    }
}
