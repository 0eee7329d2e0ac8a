package io.tessera.store.wal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.sketch.CounterState;
import io.tessera.sketch.DistinctState;
import io.tessera.sketch.KllState;
import io.tessera.sketch.State;
import io.tessera.sketch.SumState;
import io.tessera.store.summary.IntervalStates;
import io.tessera.store.summary.StateBatch;
import io.tessera.store.summary.SummaryStore;
import io.tessera.store.summary.SummaryStoreConfig;
import io.tessera.store.summary.ViewSnapshot;
import io.tessera.store.summary.ViewStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * View files round-trip every state bit for bit, across incremental saves, sealed and mutable
 * epochs and empty panes; a damaged view file (flipped bytes, truncations: the header's every
 * byte, then random offsets) is never
 * loaded in part, the view's frontier falls back to the last good file; a damaged manifest
 * discards the views; a damaged plan refuses the start.
 */
class ViewFilesTest {

    private static final long PANE = 60_000;
    private static final long T0 = 1_767_225_600_000L;
    private static final WalPosition AT = new WalPosition(3, 4096);

    @TempDir
    Path tmp;

    /** Commits panes {@code [from, to)} of random states of four families, some panes empty. */
    private static void fill(ViewStore view, SplittableRandom random, int from, int to) {
        for (int p = from; p < to; p++) {
            Interval pane = new Interval(T0 + p * PANE, T0 + (p + 1) * PANE);
            StateBatch batch = new StateBatch();
            if (random.nextInt(7) == 0) {
                batch.addEmptyPane(pane);
            }
            for (int g = 0; g < 6; g++) {
                if (random.nextInt(5) == 0) {
                    continue;
                }
                State s = switch (g % 4) {
                    case 0 -> new SumState();
                    case 1 -> new KllState(200);
                    case 2 -> new CounterState();
                    default -> new DistinctState();
                };
                long t = pane.start();
                for (int k = 0; k < 1 + random.nextInt(30); k++) {
                    t += 1 + random.nextInt(1000);
                    s.update(t, g % 4 == 2 ? k * 3.0 : random.nextGaussian() * 1e3);
                }
                batch.add(Labels.of("__name__", "m", "g", "g" + g, "x", g == 5 ? "ünï côdé" : ""), pane, s);
            }
            if (batch.size() == 0) {
                batch.addEmptyPane(pane);
            }
            view.insertBatch(batch);
        }
    }

    /** Every pane of the view as text: interval, then each group with its state bytes. */
    private static String dump(ViewSnapshot snapshot) {
        IntervalStates all = snapshot.readContained(new Interval(Long.MIN_VALUE, Long.MAX_VALUE));
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < all.intervalCount(); i++) {
            sb.append(all.interval(i)).append(all.isStored(i) ? " stored\n" : " missing\n");
            TreeMap<String, String> states = new TreeMap<>();
            all.forEach(i, (g, s) -> states.put(all.group(g).toString(), Arrays.toString(s.serialize())));
            states.forEach(
                    (g, s) -> sb.append("  ").append(g).append(' ').append(s).append('\n'));
        }
        return sb.toString();
    }

    private static ViewCapture.All capture(ViewStore view, long frontierPane, List<Interval> invalid) {
        return new ViewCapture.All(
                T0,
                T0 + frontierPane * PANE,
                List.of(new ViewCapture(
                        view.id(), T0 + frontierPane * PANE, Long.MIN_VALUE, invalid, view.snapshot())));
    }

    private Path saveTwoFiles(SplittableRandom random, ViewStore view) throws Exception {
        Path data = tmp.resolve("data");
        DurableViews views = DurableViews.open(data);
        fill(view, random, 0, 40);
        views.save(AT, capture(view, 40, List.of(new Interval(T0 + 3 * PANE, T0 + 4 * PANE))));
        fill(view, random, 40, 70);
        views.save(
                AT,
                capture(
                        view,
                        70,
                        List.of(
                                new Interval(T0 + 3 * PANE, T0 + 4 * PANE),
                                new Interval(T0 + 50 * PANE, T0 + 51 * PANE))));
        assertThat(views.listed().count()).isEqualTo(2);
        return data;
    }

    @Test
    void savedPanesLoadBitForBitAcrossIncrementalFiles() throws Exception {
        SummaryStore store = new SummaryStore(new SummaryStoreConfig(100, false));
        ViewStore view = store.view("sha256:abc def");
        Path data = saveTwoFiles(new SplittableRandom(5), view);
        DurableViews reopened = DurableViews.open(data);
        assertThat(reopened.position()).isEqualTo(AT);
        ViewStore loaded = new SummaryStore().view(view.id());
        DurableViews.Loaded l = reopened.load(view.id(), loaded);
        assertThat(l.frontier()).isEqualTo(T0 + 70 * PANE);
        assertThat(l.files()).isEqualTo(2);
        assertThat(l.invalid())
                .containsExactly(
                        new Interval(T0 + 3 * PANE, T0 + 4 * PANE), new Interval(T0 + 50 * PANE, T0 + 51 * PANE));
        assertThat(view.snapshot().sealedEpochCount()).isGreaterThan(1);
        assertThat(dump(loaded.snapshot())).isEqualTo(dump(view.snapshot())).contains("ünï côdé");
        assertThat(reopened.drainWarnings()).isEmpty();
        assertThat(reopened.load("another view", new SummaryStore().view("another view")))
                .isNull();
    }

    @Test
    void retiredViewsAndFilesPastRetentionAreDeleted() throws Exception {
        ViewStore view = new SummaryStore().view("v1");
        Path data = saveTwoFiles(new SplittableRandom(6), view);
        DurableViews views = DurableViews.open(data);
        views.load(view.id(), new SummaryStore().view(view.id()));
        ViewStore other = new SummaryStore().view("v2");
        fill(other, new SplittableRandom(7), 0, 10);
        views.save(
                AT,
                new ViewCapture.All(
                        T0,
                        T0,
                        List.of(
                                new ViewCapture("v1", T0 + 70 * PANE, T0 + 41 * PANE, List.of(), view.snapshot()),
                                new ViewCapture("v2", T0 + 10 * PANE, Long.MIN_VALUE, List.of(), other.snapshot()))));
        assertThat(views.listed().count())
                .as("v1's first file ends before the cutoff")
                .isEqualTo(2);
        views.save(
                AT,
                new ViewCapture.All(
                        T0,
                        T0,
                        List.of(new ViewCapture("v2", T0 + 10 * PANE, Long.MIN_VALUE, List.of(), other.snapshot()))));
        assertThat(views.listed().count()).isEqualTo(1);
        try (Stream<Path> files = Files.list(data.resolve("views"))) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("MANIFEST", "v2");
        }
    }

    @Test
    void flippedBytesAndTruncationsOfAViewFileDiscardItAndWhatFollows() throws Exception {
        ViewStore view = new SummaryStore().view("v");
        Path data = saveTwoFiles(new SplittableRandom(9), view);
        Path dir = data.resolve("views").resolve("v");
        Path first;
        Path second;
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> sorted = new ArrayList<>(files.sorted().toList());
            first = sorted.get(0);
            second = sorted.get(1);
        }
        byte[] original = Files.readAllBytes(second);
        byte[] firstBytes = Files.readAllBytes(first);
        ViewStore onlyFirst = new SummaryStore().view("v");
        DurableViews reference = DurableViews.open(data);
        Files.write(second, new byte[0]);
        reference.load("v", onlyFirst);
        String expectFirst = dump(onlyFirst.snapshot());
        assertThat(expectFirst).isNotEmpty();
        SplittableRandom random = new SplittableRandom(1);
        for (int k = 0; k < 300; k++) {
            int at = k < 64 ? k : random.nextInt(original.length);
            byte[] damaged = original.clone();
            damaged[at] ^= (byte) (1 << random.nextInt(8));
            checkDiscarded(data, second, damaged, "flipped byte " + at, expectFirst);
        }
        for (int k = 0; k < 200; k++) {
            int len = k < 64 ? k : random.nextInt(original.length);
            checkDiscarded(data, second, Arrays.copyOf(original, len), "cut to " + len + " bytes", expectFirst);
        }
        byte[] older = original.clone();
        older[4] = ViewFileWriter.FORMAT_WITHOUT_BOUNDS;
        checkDiscarded(data, second, older, "a file of format 1", expectFirst);
        Files.write(second, older);
        assertThat(DurableViews.open(data).drainWarnings()).isEmpty();
        DurableViews formatOne = DurableViews.open(data);
        formatOne.load("v", new SummaryStore().view("v"));
        assertThat(formatOne.drainWarnings()).singleElement().asString().contains("format 1");
        Files.write(second, original);
        byte[] damagedFirst = firstBytes.clone();
        damagedFirst[firstBytes.length - 1] ^= 1;
        Files.write(first, damagedFirst);
        ViewStore none = new SummaryStore().view("v");
        DurableViews.Loaded l = DurableViews.open(data).load("v", none);
        assertThat(l.frontier()).as("nothing before the damaged first file").isEqualTo(Long.MIN_VALUE);
        assertThat(none.snapshot().stateCount()).isZero();
    }

    private static void checkDiscarded(Path data, Path file, byte[] bytes, String what, String expectFirst)
            throws Exception {
        Files.write(file, bytes);
        DurableViews views = DurableViews.open(data);
        ViewStore loaded = new SummaryStore().view("v");
        DurableViews.Loaded l = views.load("v", loaded);
        assertThat(l.frontier()).as(what).isEqualTo(T0 + 40 * PANE);
        assertThat(l.invalid()).as(what).containsExactly(new Interval(T0 + 3 * PANE, T0 + 4 * PANE));
        assertThat(dump(loaded.snapshot())).as(what).isEqualTo(expectFirst);
        assertThat(views.drainWarnings()).as(what).singleElement().asString().contains(file.toString(), "byte offset");
        assertThat(views.filesDiscarded()).isEqualTo(1);
    }

    @Test
    void aDamagedManifestDiscardsTheViewsAndADamagedPlanRefusesTheStart() throws Exception {
        ViewStore view = new SummaryStore().view("v");
        Path data = saveTwoFiles(new SplittableRandom(3), view);
        Path manifest = data.resolve("views").resolve("MANIFEST");
        byte[] original = Files.readAllBytes(manifest);
        SplittableRandom random = new SplittableRandom(4);
        for (int at = 0; at < original.length; at += 1 + random.nextInt(9)) {
            byte[] damaged = original.clone();
            damaged[at] ^= 0x04;
            Files.write(manifest, damaged);
            DurableViews views = DurableViews.open(data.resolveSibling("unused").resolveSibling(data.getFileName()));
            assertThat(views.position()).as("flipped byte %d", at).isNull();
            assertThat(views.drainWarnings()).singleElement().asString().contains(manifest.toString());
            assertThat(views.load("v", new SummaryStore().view("v"))).isNull();
            Files.write(manifest, original);
            saveAgain(data, view);
        }
        DurableViews views = DurableViews.open(data);
        views.savePlan("{\"wire_version\":1}");
        assertThat(DurableViews.open(data).plan()).isEqualTo("{\"wire_version\":1}");
        Path plan = data.resolve("views").resolve("PLAN");
        byte[] p = Files.readAllBytes(plan);
        for (int at = 0; at < p.length; at++) {
            byte[] damaged = p.clone();
            damaged[at] ^= 0x10;
            Files.write(plan, damaged);
            assertThatThrownBy(() -> DurableViews.open(data))
                    .as("flipped byte %d", at)
                    .isInstanceOf(CorruptionException.class)
                    .hasMessageContaining(plan.toString())
                    .hasMessageContaining("at byte offset");
        }
        Files.write(plan, Arrays.copyOf(p, p.length - 1));
        assertThatThrownBy(() -> DurableViews.open(data)).isInstanceOf(CorruptionException.class);
    }

    /** A damaged manifest makes the next open delete every view file: write them again. */
    private static void saveAgain(Path data, ViewStore view) throws Exception {
        if (DurableViews.open(data).listed().count() == 2) {
            return;
        }
        Path views = data.resolve("views");
        try (Stream<Path> walk = Files.walk(views)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                if (!p.equals(views)) {
                    Files.delete(p);
                }
            }
        }
        DurableViews fresh = DurableViews.open(data);
        fresh.save(
                AT,
                new ViewCapture.All(
                        T0,
                        T0,
                        List.of(new ViewCapture("v", T0 + 40 * PANE, Long.MIN_VALUE, List.of(), view.snapshot()))));
        fresh.save(
                AT,
                new ViewCapture.All(
                        T0,
                        T0,
                        List.of(new ViewCapture("v", T0 + 70 * PANE, Long.MIN_VALUE, List.of(), view.snapshot()))));
    }
}
