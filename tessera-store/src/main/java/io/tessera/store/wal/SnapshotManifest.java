package io.tessera.store.wal;

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
    private static final String WHAT = "manifest";

    record FileEntry(String kind, String name, long bytes, int crc32c) {}

    byte[] encode() {
        StringBuilder sb = new StringBuilder();
        ManifestText.appendLine(sb, "tessera-snapshot", VERSION);
        ManifestText.appendWalPosition(sb, wal);
        ManifestText.appendLine(sb, "taken-at-ms", takenAtMillis);
        ManifestText.appendLine(sb, "series", series);
        ManifestText.appendLine(sb, "samples", samples);
        for (FileEntry f : files) {
            ManifestText.appendLine(sb, "file", f.kind(), f.name(), f.bytes(), ManifestText.hex(f.crc32c()));
        }
        return ChecksummedText.seal(sb.toString());
    }

    static SnapshotManifest decode(Path file, byte[] bytes) {
        Decoder d = new Decoder(file);
        ManifestText.readLines(file, bytes, WHAT, d::read);
        return new SnapshotManifest(
                ManifestText.requireWalPosition(file, d.wal, WHAT), d.taken, d.series, d.samples, d.files);
    }

    /** The facts read so far. */
    private static final class Decoder {
        private final Path file;
        private WalPosition wal;
        private long taken;
        private long series;
        private long samples;
        private final List<FileEntry> files = new ArrayList<>();

        Decoder(Path file) {
            this.file = file;
        }

        void read(String[] f, String line, int offset) {
            switch (f[0]) {
                case "tessera-snapshot" ->
                    ManifestText.checkVersion(file, offset, f, VERSION, "snapshot format version");
                case "wal-position" -> wal = ManifestText.parseWalPosition(f);
                case "taken-at-ms" -> taken = Long.parseLong(f[1]);
                case "series" -> series = Long.parseLong(f[1]);
                case "samples" -> samples = Long.parseLong(f[1]);
                case "file" ->
                    files.add(new FileEntry(f[1], f[2], Long.parseLong(f[3]), Integer.parseUnsignedInt(f[4], 16)));
                default -> throw ManifestText.unknownLine(file, offset, WHAT, line);
            }
        }
    }
}
