package io.tessera.store.wal;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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

    @Test
    void anyDamagedByteOfAMiddleRecordRefusesStartNamingFileAndOffset() throws IOException {
        Path dir = tmp.resolve("data");
        write(dir, 12, false);
        Path segment = DataDirs.segment(dir, 0);
        long[] frames = DataDirs.frameOffsets(segment);
        long start = frames[5];
        long end = frames[6];
        for (long at = start; at < end; at++) {
            Path copy = DataDirs.crashCopy(dir, tmp.resolve("flip-" + at));
            TornTailTest.flip(DataDirs.segment(copy, 0), at);
            assertThatThrownBy(() -> DurableRawStore.open(copy, DataDirs.CONFIG, WalOptions.DEFAULTS).close())
                    .as("flip at %d", at)
                    .isInstanceOf(CorruptionException.class)
                    .hasMessageContaining(DataDirs.segment(copy, 0).toString())
                    .hasMessageContaining("byte offset " + start);
            Snapshots.deleteTree(copy);
        }
    }

    @Test
    void aDamagedRecordInASegmentBeforeTheLastRefusesStart() throws IOException {
        Path dir = tmp.resolve("data");
        write(dir, 6, false);
        DurableRawStore.open(dir, DataDirs.CONFIG, WalOptions.DEFAULTS).close();
        long[] frames = DataDirs.frameOffsets(DataDirs.segment(dir, 0));
        TornTailTest.flip(DataDirs.segment(dir, 0), frames[frames.length - 2] + 12);
        assertThatThrownBy(() -> DurableRawStore.open(dir, DataDirs.CONFIG, WalOptions.DEFAULTS).close())
                .isInstanceOf(CorruptionException.class)
                .hasMessageContaining(DataDirs.segment(dir, 0) + " at byte offset " + frames[frames.length - 2])
                .hasMessageContaining("not the last");
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
            assertThatThrownBy(() -> DurableRawStore.open(copy, DataDirs.CONFIG, WalOptions.DEFAULTS).close())
                    .as("flip at %d", at)
                    .isInstanceOf(CorruptionException.class)
                    .hasMessageContaining(damaged.toString())
                    .hasMessageContaining("byte offset " + (at < 8 ? 0 : 8));
        }
        Path truncated = DataDirs.crashCopy(dir, tmp.resolve("short"));
        TornTailTest.truncate(truncated.resolve("snapshots/00000000/raw-series"), size - 3);
        assertThatThrownBy(() -> DurableRawStore.open(truncated, DataDirs.CONFIG, WalOptions.DEFAULTS).close())
                .isInstanceOf(CorruptionException.class)
                .hasMessageContaining("raw-series at byte offset " + (size - 3));
    }

    @Test
    void aDamagedManifestRefusesStart() throws IOException {
        Path dir = tmp.resolve("data");
        write(dir, 5, true);
        Path manifest = dir.resolve("snapshots/00000000/MANIFEST");
        TornTailTest.flip(manifest, 20);
        assertThatThrownBy(() -> DurableRawStore.open(dir, DataDirs.CONFIG, WalOptions.DEFAULTS).close())
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
        assertThatThrownBy(() -> DurableRawStore.open(dir, DataDirs.CONFIG, WalOptions.DEFAULTS).close())
                .isInstanceOf(CorruptionException.class)
                .hasMessageContaining(DataDirs.segment(dir, 1).toString())
                .hasMessageContaining("missing");
    }
}
