package io.tessera.store.wal;

import io.tessera.core.Interval;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code views/MANIFEST}: which view files are current and how far each view was built, as of
 * one raw-store cut. Text, one fact per line, the last line the CRC32C of every byte before it:
 *
 * <pre>
 * tessera-views 1
 * wal-position 00000005 1048576
 * samples-seen 1767225600000 1767229200000
 * view sha256%3A9f3a… 1767229140000
 * invalid sha256%3A9f3a… 1767225600000 1767225660000
 * file sha256%3A9f3a… 00000012 48211 9f3a12bc 1767225660000 1767227400000
 * crc32c 1a2b3c4d
 * </pre>
 *
 * {@code wal-position} is the raw-store cut the views belong to; {@code view} lines give each
 * view's frontier (the end of its newest durable pane, or {@code none}); {@code file} lines name
 * a view's files in order with size, CRC32C and the ends of their first and last panes. View ids
 * are percent-encoded so that a line splits on spaces.
 */
record ViewManifest(WalPosition wal, long oldestSample, long newestSample, Map<String, View> views) {

    static final String NAME = "MANIFEST";
    static final int VERSION = 1;
    private static final String WHAT = "view manifest";

    /** One view: its frontier ({@code Long.MIN_VALUE} for none), its unusable panes, its files in pane order. */
    record View(long frontier, List<Interval> invalid, List<FileEntry> files) {}

    record FileEntry(String name, long bytes, int crc32c, long firstEnd, long lastEnd) {}

    byte[] encode() {
        StringBuilder sb = new StringBuilder();
        ManifestText.appendLine(sb, "tessera-views", VERSION);
        ManifestText.appendWalPosition(sb, wal);
        ManifestText.appendLine(sb, "samples-seen", oldestSample, newestSample);
        for (Map.Entry<String, View> e : views.entrySet()) {
            String id = ViewFileNames.encodeId(e.getKey());
            View v = e.getValue();
            ManifestText.appendLine(
                    sb, "view", id, v.frontier() == Long.MIN_VALUE ? "none" : Long.toString(v.frontier()));
            for (Interval pane : v.invalid()) {
                ManifestText.appendLine(sb, "invalid", id, pane.start(), pane.end());
            }
            for (FileEntry f : v.files()) {
                ManifestText.appendLine(
                        sb, "file", id, f.name(), f.bytes(), ManifestText.hex(f.crc32c()), f.firstEnd(), f.lastEnd());
            }
        }
        return ChecksummedText.seal(sb.toString());
    }

    static ViewManifest decode(Path file, byte[] bytes) {
        Decoder d = new Decoder(file);
        ManifestText.readLines(file, bytes, WHAT, d::read);
        return new ViewManifest(ManifestText.requireWalPosition(file, d.wal, WHAT), d.oldest, d.newest, d.views);
    }

    /** The facts read so far. */
    private static final class Decoder {
        private final Path file;
        private WalPosition wal;
        private long oldest = Long.MAX_VALUE;
        private long newest = Long.MIN_VALUE;
        private final Map<String, View> views = new LinkedHashMap<>();

        Decoder(Path file) {
            this.file = file;
        }

        void read(String[] f, String line, int offset) {
            switch (f[0]) {
                case "tessera-views" -> ManifestText.checkVersion(file, offset, f, VERSION, "view manifest version");
                case "wal-position" -> wal = ManifestText.parseWalPosition(f);
                case "samples-seen" -> {
                    oldest = Long.parseLong(f[1]);
                    newest = Long.parseLong(f[2]);
                }
                case "view" ->
                    views.put(
                            ViewFileNames.decodeId(f[1]),
                            new View(
                                    f[2].equals("none") ? Long.MIN_VALUE : Long.parseLong(f[2]),
                                    new ArrayList<>(),
                                    new ArrayList<>()));
                case "invalid" ->
                    view(f[1], offset).invalid().add(new Interval(Long.parseLong(f[2]), Long.parseLong(f[3])));
                case "file" ->
                    view(f[1], offset)
                            .files()
                            .add(new FileEntry(
                                    f[2],
                                    Long.parseLong(f[3]),
                                    Integer.parseUnsignedInt(f[4], 16),
                                    Long.parseLong(f[5]),
                                    Long.parseLong(f[6])));
                default -> throw ManifestText.unknownLine(file, offset, WHAT, line);
            }
        }

        private View view(String encodedId, int offset) {
            View v = views.get(ViewFileNames.decodeId(encodedId));
            if (v == null) {
                throw new CorruptionException(file, offset, "a line names a view without a view line before it");
            }
            return v;
        }
    }
}
