package io.tessera.store.wal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TornTailTest {

    @TempDir
    Path tmp;

    /** Writes {@code n} requests and closes; returns the dumps after n - 1 and after n requests. */
    private String[] write(Path dir, int n) {
        RandomRequests requests = new RandomRequests(RandomRequests.seedOf(42), 20);
        String[] dumps = new String[2];
        try (DurableRawStore store = DurableRawStore.open(dir, DataDirs.CONFIG, WalOptions.DEFAULTS)) {
            for (int i = 0; i < n; i++) {
                if (i == n - 1) {
                    dumps[0] = Dumps.full(store.store());
                }
                store.append(requests.next());
            }
            dumps[1] = Dumps.full(store.store());
        }
        return dumps;
    }

    @Test
    void aLastRecordCutAtAnyByteIsTruncatedAndReported() throws IOException {
        Path dir = tmp.resolve("data");
        String[] dumps = write(dir, 30);
        Path segment = DataDirs.segment(dir, 0);
        long[] frames = DataDirs.frameOffsets(segment);
        long start = frames[frames.length - 2];
        long end = frames[frames.length - 1];
        for (long cut = start; cut < end; cut++) {
            Path copy = DataDirs.crashCopy(dir, tmp.resolve("cut-" + cut));
            truncate(DataDirs.segment(copy, 0), cut);
            try (DurableRawStore recovered = DurableRawStore.open(copy, DataDirs.CONFIG, WalOptions.DEFAULTS)) {
                assertThat(Dumps.full(recovered.store())).as("cut at %d", cut).isEqualTo(dumps[0]);
                assertThat(recovered.recovery().records()).isEqualTo(29);
                assertThat(recovered.recovery().tornRecords())
                        .as("cut at %d", cut)
                        .isEqualTo(cut == start ? 0 : 1);
                if (cut > start) {
                    assertThat(recovered.recovery().torn())
                            .contains(DataDirs.segment(copy, 0).toString())
                            .contains("byte offset " + start);
                }
            }
            assertThat(Files.size(DataDirs.segment(copy, 0))).isEqualTo(start);
            if (cut % 16 != 0 && cut != end - 1) {
                Snapshots.deleteTree(copy);
                continue;
            }
            try (DurableRawStore again = DurableRawStore.open(copy, DataDirs.CONFIG, WalOptions.DEFAULTS)) {
                assertThat(again.recovery().tornRecords()).isZero();
                assertThat(Dumps.full(again.store())).isEqualTo(dumps[0]);
            }
            Snapshots.deleteTree(copy);
        }
    }

    @Test
    void aLastRecordFailingItsCrcOrFollowedByZerosIsTorn() throws IOException {
        Path dir = tmp.resolve("data");
        String[] dumps = write(dir, 10);
        long[] frames = DataDirs.frameOffsets(DataDirs.segment(dir, 0));
        long start = frames[frames.length - 2];
        long end = frames[frames.length - 1];
        Path flipped = DataDirs.crashCopy(dir, tmp.resolve("flipped"));
        flip(DataDirs.segment(flipped, 0), (start + end) / 2);
        try (DurableRawStore recovered = DurableRawStore.open(flipped, DataDirs.CONFIG, WalOptions.DEFAULTS)) {
            assertThat(recovered.recovery().tornRecords()).isEqualTo(1);
            assertThat(recovered.recovery().torn()).contains("CRC32C");
            assertThat(Dumps.full(recovered.store())).isEqualTo(dumps[0]);
        }
        Path zeros = DataDirs.crashCopy(dir, tmp.resolve("zeros"));
        try (FileChannel ch = FileChannel.open(DataDirs.segment(zeros, 0), StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.allocate(4096), end);
        }
        try (DurableRawStore recovered = DurableRawStore.open(zeros, DataDirs.CONFIG, WalOptions.DEFAULTS)) {
            assertThat(recovered.recovery().tornRecords()).isEqualTo(1);
            assertThat(Dumps.full(recovered.store())).isEqualTo(dumps[1]);
        }
    }

    @Test
    void aSegmentCutInsideItsHeaderIsDropped() throws IOException {
        Path dir = tmp.resolve("data");
        String[] dumps = write(dir, 5);
        try (DurableRawStore store = DurableRawStore.open(dir, DataDirs.CONFIG, WalOptions.DEFAULTS)) {
            assertThat(Dumps.full(store.store())).isEqualTo(dumps[1]);
        }
        truncate(DataDirs.segment(dir, 1), 3);
        try (DurableRawStore recovered = DurableRawStore.open(dir, DataDirs.CONFIG, WalOptions.DEFAULTS)) {
            assertThat(Dumps.full(recovered.store())).isEqualTo(dumps[1]);
            assertThat(recovered.recovery().tornRecords()).isEqualTo(1);
        }
    }

    static void truncate(Path file, long size) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(size);
        }
    }

    static void flip(Path file, long offset) throws IOException {
        byte[] b = Files.readAllBytes(file);
        b[(int) offset] ^= 0x5A;
        Files.write(file, b);
    }
}
