package io.tessera.store.wal;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code MANIFEST} of a snapshot, a text file of one fact per line:
 *
 * <pre>
 * tessera-snapshot 1
 * wal-position 00000005 1048576
 * taken-at-ms 1767225600000
 * series 1000
 * samples 120000
 * file raw-series raw-series 3811234 9f3a12bc
 * crc32c 1a2b3c4d
 * </pre>
 *
 * {@code wal-position} is where replay starts: the snapshot holds exactly the records before it.
 * Each {@code file} line gives a kind, a name in the snapshot directory, its size and its CRC32C;
 * kinds other than {@code raw-series} (the summary store's epochs, later) are added as lines of
 * their own kind. The last line is the CRC32C of every byte before it.
 */
record SnapshotManifest(WalPosition wal, long takenAtMillis, long series, long samples, List<FileEntry> files) {

    static final String NAME = "MANIFEST";
    static final int VERSION = 1;
    static final String RAW_SERIES = "raw-series";

    record FileEntry(String kind, String name, long bytes, int crc32c) {}

    byte[] encode() {
        StringBuilder sb = new StringBuilder();
        sb.append("tessera-snapshot ").append(VERSION).append('\n');
        sb.append("wal-position ")
                .append(Segments.name(wal.segment()))
                .append(' ')
                .append(wal.offset())
                .append('\n');
        sb.append("taken-at-ms ").append(takenAtMillis).append('\n');
        sb.append("series ").append(series).append('\n');
        sb.append("samples ").append(samples).append('\n');
        for (FileEntry f : files) {
            sb.append("file ")
                    .append(f.kind())
                    .append(' ')
                    .append(f.name())
                    .append(' ')
                    .append(f.bytes())
                    .append(' ')
                    .append(String.format("%08x", f.crc32c()))
                    .append('\n');
        }
        return ChecksummedText.seal(sb.toString());
    }

    static SnapshotManifest decode(Path file, byte[] bytes) {
        String[] lines = ChecksummedText.open(file, bytes, "the manifest");
        WalPosition wal = null;
        long taken = 0;
        long series = 0;
        long samples = 0;
        List<FileEntry> files = new ArrayList<>();
        int offset = 0;
        for (String line : lines) {
            String[] f = line.split(" ");
            try {
                switch (f[0]) {
                    case "tessera-snapshot" -> {
                        if (Integer.parseInt(f[1]) != VERSION) {
                            throw new CorruptionException(
                                    file, offset, "snapshot format version " + f[1] + " is not " + VERSION);
                        }
                    }
                    case "wal-position" -> wal = new WalPosition(Long.parseLong(f[1]), Long.parseLong(f[2]));
                    case "taken-at-ms" -> taken = Long.parseLong(f[1]);
                    case "series" -> series = Long.parseLong(f[1]);
                    case "samples" -> samples = Long.parseLong(f[1]);
                    case "file" ->
                        files.add(new FileEntry(f[1], f[2], Long.parseLong(f[3]), Integer.parseUnsignedInt(f[4], 16)));
                    default -> throw new CorruptionException(file, offset, "unknown manifest line \"" + line + "\"");
                }
            } catch (RuntimeException e) {
                if (e instanceof CorruptionException c) {
                    throw c;
                }
                throw new CorruptionException(file, offset, "malformed manifest line \"" + line + "\"");
            }
            offset += line.getBytes(StandardCharsets.UTF_8).length + 1;
        }
        if (wal == null) {
            throw new CorruptionException(file, 0, "the manifest has no wal-position line");
        }
        return new SnapshotManifest(wal, taken, series, samples, files);
    }
}
