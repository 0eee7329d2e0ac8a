package io.tessera.store.wal;

import io.tessera.core.Interval;
import io.tessera.store.summary.IntervalStates;
import io.tessera.store.summary.ViewSnapshot;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * Writes the panes of one view that end in a range as one immutable file: an 8-byte header
 * ({@code "TVEW"}, a version byte, three zero bytes), then frames of type
 * {@link Frames#VIEW_STATES}, each a block of about 1 MiB: the entry count (4 bytes), then per
 * entry the interval start (zigzag varint), its length (varint), a kind byte ({@code 0}: a pane
 * committed with no state; {@code 1}: a state of a group first seen in this file, its labels
 * follow as in a log record and the group takes the file's next group number from 0 on;
 * {@code 2}: a state of a group seen before, its group number follows as a varint) and, for a
 * state, the state's own serialized bytes (varint length, then the bytes). The state bytes are
 * the family's versioned format, so any state family is saved the same way.
 *
 * <p>The file is written under a temporary name, forced, and renamed into place.
 */
final class ViewFileWriter {

    /**
     * Format 2: the states of format 1 files may lack the bounds sum, mean, counter and variance
     * states now keep, so such files are discarded and their panes built again from raw data.
     */
    static final byte[] HEADER = {'T', 'V', 'E', 'W', 2, 0, 0, 0};

    static final byte FORMAT_WITHOUT_BOUNDS = 1;
    static final int KIND_EMPTY_PANE = 0;
    static final int KIND_STATE_NEW_GROUP = 1;
    static final int KIND_STATE = 2;
    private static final int BLOCK_BYTES = 1 << 20;

    private final ByteOut out = new ByteOut(BLOCK_BYTES + (BLOCK_BYTES >> 2));

    /**
     * Writes the panes of {@code snapshot} that lie in {@code range} to {@code dir/name}.
     *
     * @return the file's manifest entry, or null when the range holds no pane (nothing is written)
     */
    ViewManifest.FileEntry write(Path dir, String name, ViewSnapshot snapshot, Interval range) throws IOException {
        IntervalStates found = snapshot.readContained(range);
        int n = found.intervalCount();
        if (n == 0) {
            return null;
        }
        Files.createDirectories(dir);
        Path tmp = dir.resolve(Snapshots.TMP_PREFIX + name);
        Files.deleteIfExists(tmp);
        CRC32C crc = new CRC32C();
        long bytes = 0;
        int[] fileGroup = new int[snapshot.groupCount()];
        java.util.Arrays.fill(fileGroup, -1);
        int[] nextGroup = {0};
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            out.reset();
            out.bytes(HEADER, 0, HEADER.length);
            int i = 0;
            while (i < n) {
                int at = Frames.begin(out, Frames.VIEW_STATES);
                int countAt = out.size();
                out.u32(0);
                int[] entries = {0};
                while (i < n && (entries[0] == 0 || out.size() - at < BLOCK_BYTES)) {
                    Interval pane = found.interval(i);
                    if (found.stateCount(i) == 0) {
                        entry(pane, KIND_EMPTY_PANE);
                        entries[0]++;
                    } else {
                        found.forEach(i, (group, state) -> {
                            int known = fileGroup[group];
                            if (known < 0) {
                                entry(pane, KIND_STATE_NEW_GROUP);
                                out.labels(found.group(group));
                                fileGroup[group] = nextGroup[0]++;
                            } else {
                                entry(pane, KIND_STATE);
                                out.varint(known);
                            }
                            byte[] b = state.serialize();
                            out.varint(b.length);
                            out.bytes(b, 0, b.length);
                            entries[0]++;
                        });
                    }
                    i++;
                }
                out.u32At(countAt, entries[0]);
                Frames.end(out, at);
                crc.update(out.array(), 0, out.size());
                bytes += out.size();
                SnapshotWriter.writeFully(ch, ByteBuffer.wrap(out.array(), 0, out.size()));
                out.reset();
            }
            ch.force(true);
        }
        Files.move(tmp, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE);
        FileSync.directory(dir);
        return new ViewManifest.FileEntry(
                name,
                bytes,
                (int) crc.getValue(),
                found.interval(0).end(),
                found.interval(n - 1).end());
    }

    private void entry(Interval pane, int kind) {
        out.zigzag(pane.start());
        out.varint(pane.end() - pane.start());
        out.u8(kind);
    }
}
