package io.tessera.store.summary;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.store.WritersAndReaders;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Writers commit batches while readers read; afterwards every read is checked against a serial
 * model of exactly the commits its snapshot reports (commit sequence numbers 1..n).
 */
class ConcurrentReadWriteTest {

    private static final int WRITERS = 3;
    private static final int READERS = 3;
    private static final int BATCHES_PER_WRITER = 300;
    private static final int PANES = 40;
    private static final int MAX_READS_PER_READER = 2_000;

    /** One committed batch: its states' panes and ids, and their groups. */
    private record Commit(int[] panes, long[] ids, Labels[] groups) {}

    /** One read: the snapshot's commit sequence, the panes requested and the ids found per pane. */
    private record Observation(long sequence, int[] panes, long[][] ids) {}

    private static Interval pane(int p) {
        return Interval.of(15_000L * p, 15_000L * (p + 1));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void everyReadEqualsTheModelAtItsCommitSequence() throws Exception {
        ViewStore view = new SummaryStore(new SummaryStoreConfig(37, false)).view("concurrent");
        Map<Long, Commit> commits = new ConcurrentHashMap<>();
        List<List<Observation>> observed = new ArrayList<>();
        CountDownLatch readersRunning = new CountDownLatch(READERS);
        List<WritersAndReaders.Writer> writers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int writer = w;
            writers.add(() -> {
                readersRunning.await();
                write(view, writer, commits);
            });
        }
        List<WritersAndReaders.Reader> readers = new ArrayList<>();
        for (int r = 0; r < READERS; r++) {
            List<Observation> mine = new ArrayList<>();
            observed.add(mine);
            long seed = r;
            readers.add(keepReading -> read(view, seed, keepReading, mine, readersRunning));
        }
        assertThat(WritersAndReaders.run(writers, readers)).isNull();
        assertThat(commits).hasSize(WRITERS * BATCHES_PER_WRITER);

        List<Observation> all = new ArrayList<>();
        observed.forEach(all::addAll);
        all.sort((a, b) -> Long.compare(a.sequence(), b.sequence()));
        assertThat(all.stream().mapToLong(Observation::sequence).distinct().count())
                .as("distinct commit sequences read")
                .isGreaterThan(20);

        Map<Integer, List<Long>> model = new HashMap<>();
        long applied = 0;
        for (Observation o : all) {
            while (applied < o.sequence()) {
                applied++;
                Commit c = commits.get(applied);
                for (int k = 0; k < c.ids().length; k++) {
                    model.computeIfAbsent(c.panes()[k], p -> new ArrayList<>()).add(c.ids()[k]);
                }
            }
            for (int i = 0; i < o.panes().length; i++) {
                long[] expected = sorted(model.getOrDefault(o.panes()[i], List.of()));
                assertThat(o.ids()[i])
                        .as("pane %d at commit %d", o.panes()[i], o.sequence())
                        .isEqualTo(expected);
            }
        }
        ViewSnapshot last = view.snapshot();
        assertThat(last.stateCount())
                .isEqualTo(
                        commits.values().stream().mapToLong(c -> c.ids().length).sum());
        assertThat(last.sealedEpochCount()).isGreaterThan(10);
    }

    private static void write(ViewStore view, int writer, Map<Long, Commit> commits) {
        Random rnd = new Random(100 + writer);
        int next = 0;
        for (int b = 0; b < BATCHES_PER_WRITER; b++) {
            int n = 1 + rnd.nextInt(9);
            int[] panes = new int[n];
            long[] ids = new long[n];
            Labels[] groups = new Labels[n];
            StateBatch batch = new StateBatch(n);
            for (int k = 0; k < n; k++, next++) {
                panes[k] = next % PANES;
                groups[k] = Labels.of("writer", "w" + writer, "round", "r" + next / PANES);
                ids[k] = (long) writer << 32 | next;
                batch.add(groups[k], pane(panes[k]), TestState.of(ids[k]));
            }
            long seq = view.insertBatch(batch);
            commits.put(seq, new Commit(panes, ids, groups));
            if (b % 5 == 4) {
                pause();
            }
        }
    }

    /** Gives readers time to read between commits, so their snapshots spread over many. */
    private static void pause() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void read(
            ViewStore view, long seed, BooleanSupplier writing, List<Observation> out, CountDownLatch running) {
        Random rnd = new Random(seed);
        long lastSequence = -1;
        while (writing.getAsBoolean() && out.size() < MAX_READS_PER_READER) {
            ViewSnapshot snap = view.snapshot();
            if (snap.commitSequence() == lastSequence) {
                Thread.yield();
                continue;
            }
            lastSequence = snap.commitSequence();
            int n = 1 + rnd.nextInt(2 * PANES);
            int[] panes = new int[n];
            List<Interval> request = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                panes[i] = rnd.nextInt(PANES + 2);
                request.add(pane(panes[i]));
            }
            IntervalStates result = snap.readExactBatch(request);
            long[][] ids = new long[n][];
            for (int i = 0; i < n; i++) {
                ids[i] = idsOf(result, i);
            }
            int probe = rnd.nextInt(n);
            if (!Arrays.equals(idsOf(snap.readExact(request.get(probe)), 0), ids[probe])) {
                throw new AssertionError("readExact and readExactBatch disagree on " + request.get(probe));
            }
            out.add(new Observation(snap.commitSequence(), panes, ids));
            running.countDown();
        }
    }

    private static long[] idsOf(IntervalStates result, int i) {
        long[] ids = new long[result.stateCount(i)];
        int[] k = {0};
        result.forEach(i, (g, s) -> ids[k[0]++] = ((TestState) s).ids()[0]);
        Arrays.sort(ids);
        return ids;
    }

    private static long[] sorted(List<Long> ids) {
        long[] a = new long[ids.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = ids.get(i);
        }
        Arrays.sort(a);
        return a;
    }
}
