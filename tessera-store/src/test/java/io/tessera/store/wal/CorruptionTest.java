package io.tessera.store.wal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.store.raw.AppendRequest;
import io.tessera.store.raw.RawStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CorruptionTest {

    @TempDir
    Path tmp;

    private void write(Path dir, int n, boolean snapshot) {
        RandomRequests requests = new RandomRequests(RandomRequests.seedOf(7), 20);
        try (DurableRawStore store = DurableRawStore.open(dir, DataDirs.CONFIG, WalOptions.DEFAULTS)) {
            for (int i = 0; i < n; i++) {
                store.append(requests.next());
            }
            if (snapshot) {
                store.snapshot();
                for (int i = 0; i < n; i++) {
                    store.append(requests.next());
                }
            }
        }
    }

    /** The requests {@link #write} logs without a snapshot, in order. */
    private static List<AppendRequest> requests(int n) {
        return new RandomRequests(RandomRequests.seedOf(7), 20).next(n);
    }

    /** A store holding {@code requests} except the one at {@code skip}. */
    private static String without(List<AppendRequest> requests, int skip) {
        RawStore store = new RawStore(DataDirs.CONFIG);
        for (int i = 0; i < requests.size(); i++) {
            if (i != skip) {
                store.replay(requests.get(i));
            }
        }
        return Dumps.full(store);
    }

    /** The frames of samples records in a segment, in order: their offsets, their ends last. */
    private static List<long[]> sampleFrames(Path segment) throws IOException {
        byte[] bytes = Files.readAllBytes(segment);
        long[] frames = DataDirs.frameOffsets(segment);
        List<long[]> out = new ArrayList<>();
        for (int i = 0; i + 1 < frames.length; i++) {
            if (Frames.type(bytes, (int) frames[i]) == Frames.SAMPLES_REF) {
                out.add(new long[] {frames[i], frames[i + 1]});
            }
        }
        return out;
    }

    @Test
    void anyDamagedByteOfAMiddleRecordDropsThatRecordOnlyAndNamesIt() throws IOException {
        Path dir = tmp.resolve("data");
        write(dir, 12, false);
        Path segment = DataDirs.segment(dir, 0);
        List<long[]> records = sampleFrames(segment);
        assertThat(records).hasSize(12);
        long start = records.get(5)[0];
        long end = records.get(5)[1];
        String expected = without(requests(12), 5);
        for (long at = start; at < end; at++) {
            Path copy = DataDirs.crashCopy(dir, tmp.resolve("flip-" + at));
            TornTailTest.flip(DataDirs.segment(copy, 0), at);
            try (DurableRawStore store = DurableRawStore.open(copy, DataDirs.CONFIG, WalOptions.DEFAULTS)) {
                assertThat(Dumps.full(store.store())).as("flip at %d", at).isEqualTo(expected);
                assertThat(store.recovery().damaged())
                        .as("flip at %d", at)
                        .singleElement()
                        .asString()
                        .contains(DataDirs.segment(copy, 0) + " at byte offset " + start + ": dropped " + (end - start)
                                + " bytes");
                assertThat(store.recovery().droppedBytes()).isEqualTo(end - start);
            }
            Snapshots.deleteTree(copy);
        }
    }

    @Test
    void fourDamagedBytesInTheMiddleOfAMultiSegmentLogCostOnlyTheirRecord() throws IOException {
        Path dir = tmp.resolve("data");
        List<AppendRequest> all = requests(300);
        try (DurableRawStore store = DurableRawStore.open(dir, DataDirs.CONFIG, DataDirs.SMALL)) {
            for (AppendRequest r : all) {
                store.append(r);
            }
        }
        List<Long> segments = DataDirs.segments(dir);
        assertThat(segments.size()).as("segments").isGreaterThanOrEqualTo(4);
        long middle = segments.get(segments.size() / 2);
        Path damaged = DataDirs.segment(dir, middle);
        List<long[]> records = sampleFrames(damaged);
        long[] victim = records.get(records.size() / 2);
        int index = 0;
        for (long s : segments) {
            if (s < middle) {
                index += sampleFrames(DataDirs.segment(dir, s)).size();
            }
        }
        index += records.size() / 2;
        long at = (victim[0] + victim[1]) / 2;
        for (int i = 0; i < 4; i++) {
            TornTailTest.flip(damaged, at + i);
        }
        try (DurableRawStore store = DurableRawStore.open(dir, DataDirs.CONFIG, DataDirs.SMALL)) {
            assertThat(Dumps.full(store.store())).isEqualTo(without(all, index));
            RecoveryReport report = store.recovery();
            assertThat(report.damaged())
                    .singleElement()
                    .asString()
                    .contains(damaged + " at byte offset " + victim[0] + ": dropped " + (victim[1] - victim[0])
                            + " bytes, 1 record(s), " + all.get(index).sampleCount() + " sample(s)");
            assertThat(report.droppedSamples()).isEqualTo(all.get(index).sampleCount());
            assertThat(report.describe()).contains("skipped 1 damaged range");
            store.append(AppendRequest.builder()
                    .series(io.tessera.core.Labels.of("__name__", "after_damage"))
                    .sample(2_000_000_000_000L, 1)
                    .build());
        }
    }

    @Test
    void aDamagedSnapshotFileRefusesStartNamingFileAndOffset() throws IOException {
        Path dir = tmp.resolve("data");
        write(dir, 50, true);
        Path raw = dir.resolve("snapshots/00000000/raw-series");
        long size = Files.size(raw);
        for (long at : new long[] {2, 8, 12, 20, size / 2, size - 1}) {
            Path copy = DataDirs.crashCopy(dir, tmp.resolve("snap-" + at));
            Path damaged = copy.resolve("snapshots/00000000/raw-series");
            TornTailTest.flip(damaged, at);
            assertThatThrownBy(() -> DurableRawStore.open(copy, DataDirs.CONFIG, WalOptions.DEFAULTS)
                            .close())
                    .as("flip at %d", at)
                    .isInstanceOf(CorruptionException.class)
                    .hasMessageContaining(damaged.toString())
                    .hasMessageContaining("byte offset " + (at < 8 ? 0 : 8));
        }
        Path truncated = DataDirs.crashCopy(dir, tmp.resolve("short"));
        TornTailTest.truncate(truncated.resolve("snapshots/00000000/raw-series"), size - 3);
        assertThatThrownBy(() -> DurableRawStore.open(truncated, DataDirs.CONFIG, WalOptions.DEFAULTS)
                        .close())
                .isInstanceOf(CorruptionException.class)
                .hasMessageContaining("raw-series at byte offset " + (size - 3));
    }

    @Test
    void aDamagedManifestRefusesStart() throws IOException {
        Path dir = tmp.resolve("data");
        write(dir, 5, true);
        Path manifest = dir.resolve("snapshots/00000000/MANIFEST");
        TornTailTest.flip(manifest, 20);
        assertThatThrownBy(() -> DurableRawStore.open(dir, DataDirs.CONFIG, WalOptions.DEFAULTS)
                        .close())
                .isInstanceOf(CorruptionException.class)
                .hasMessageContaining(manifest.toString())
                .hasMessageContaining("checksum");
    }

    @Test
    void aMissingSegmentRefusesStart() throws IOException {
        Path dir = tmp.resolve("data");
        write(dir, 5, false);
        DurableRawStore.open(dir, DataDirs.CONFIG, WalOptions.DEFAULTS).close();
        DurableRawStore.open(dir, DataDirs.CONFIG, WalOptions.DEFAULTS).close();
        Files.delete(DataDirs.segment(dir, 1));
        assertThatThrownBy(() -> DurableRawStore.open(dir, DataDirs.CONFIG, WalOptions.DEFAULTS)
                        .close())
                .isInstanceOf(CorruptionException.class)
                .hasMessageContaining(DataDirs.segment(dir, 1).toString())
                .hasMessageContaining("missing");
    }
}
