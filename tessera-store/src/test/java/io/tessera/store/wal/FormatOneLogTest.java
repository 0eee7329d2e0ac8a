package io.tessera.store.wal;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.store.raw.AppendRequest;
import io.tessera.store.raw.RawStore;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A log written by format 1 (labels in every record) is replayed, and new records go to format 2 segments after it. */
class FormatOneLogTest {

    @TempDir
    Path tmp;

    @Test
    void aFormatOneLogIsReplayedAndAppendedAfter() throws IOException {
        Path dir = tmp.resolve("data");
        Files.createDirectories(dir.resolve("wal"));
        RandomRequests requests = new RandomRequests(RandomRequests.seedOf(3), 30);
        RawStore expected = new RawStore(DataDirs.CONFIG);
        for (int segment = 0; segment < 2; segment++) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] header = Segments.header();
            header[4] = 1;
            out.write(header);
            for (int i = 0; i < 40; i++) {
                AppendRequest r = requests.next();
                expected.replay(r);
                out.write(SampleRecords.frame(r));
            }
            Files.write(DataDirs.segment(dir, segment), out.toByteArray());
        }
        AppendRequest later = requests.next();
        try (DurableRawStore store = DurableRawStore.open(dir, DataDirs.CONFIG, WalOptions.DEFAULTS)) {
            assertThat(store.recovery().records()).isEqualTo(80);
            assertThat(store.recovery().damaged()).isEmpty();
            assertThat(Dumps.full(store.store())).isEqualTo(Dumps.full(expected));
            store.append(later);
        }
        expected.replay(later);
        assertThat(Files.readAllBytes(DataDirs.segment(dir, 2))[4])
                .as("the new segment's format")
                .isEqualTo(Segments.VERSION);
        try (DurableRawStore store = DurableRawStore.open(dir, DataDirs.CONFIG, WalOptions.DEFAULTS)) {
            assertThat(Dumps.full(store.store())).isEqualTo(Dumps.full(expected));
        }
    }
}
