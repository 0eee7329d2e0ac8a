package io.tessera.store.wal;

import io.tessera.core.Interval;
import java.nio.charset.StandardCharsets;
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

    /** One view: its frontier ({@code Long.MIN_VALUE} for none), its unusable panes, its files in pane order. */
    record View(long frontier, List<Interval> invalid, List<FileEntry> files) {}

    record FileEntry(String name, long bytes, int crc32c, long firstEnd, long lastEnd) {}

    byte[] encode() {
        StringBuilder sb = new StringBuilder();
        sb.append("tessera-views ").append(VERSION).append('\n');
        sb.append("wal-position ")
                .append(Segments.name(wal.segment()))
                .append(' ')
                .append(wal.offset())
                .append('\n');
        sb.append("samples-seen ")
                .append(oldestSample)
                .append(' ')
                .append(newestSample)
                .append('\n');
        for (Map.Entry<String, View> e : views.entrySet()) {
            String id = ViewFileNames.encodeId(e.getKey());
            View v = e.getValue();
            sb.append("view ")
                    .append(id)
                    .append(' ')
                    .append(v.frontier() == Long.MIN_VALUE ? "none" : Long.toString(v.frontier()))
                    .append('\n');
            for (Interval pane : v.invalid()) {
                sb.append("invalid ")
                        .append(id)
                        .append(' ')
                        .append(pane.start())
                        .append(' ')
                        .append(pane.end())
                        .append('\n');
            }
            for (FileEntry f : v.files()) {
                sb.append("file ")
                        .append(id)
                        .append(' ')
                        .append(f.name())
                        .append(' ')
                        .append(f.bytes())
                        .append(' ')
                        .append(String.format("%08x", f.crc32c()))
                        .append(' ')
                        .append(f.firstEnd())
                        .append(' ')
                        .append(f.lastEnd())
                        .append('\n');
            }
        }
        return ChecksummedText.seal(sb.toString());
    }

    static ViewManifest decode(Path file, byte[] bytes) {
        String[] lines = ChecksummedText.open(file, bytes, "the view manifest");
        WalPosition wal = null;
        long oldest = Long.MAX_VALUE;
        long newest = Long.MIN_VALUE;
        Map<String, View> views = new LinkedHashMap<>();
        int offset = 0;
        for (String line : lines) {
            String[] f = line.split(" ");
            try {
                switch (f[0]) {
                    case "tessera-views" -> {
                        if (Integer.parseInt(f[1]) != VERSION) {
                            throw new CorruptionException(
                                    file, offset, "view manifest version " + f[1] + " is not " + VERSION);
                        }
                    }
                    case "wal-position" -> wal = new WalPosition(Long.parseLong(f[1]), Long.parseLong(f[2]));
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
                        view(views, f[1], file, offset)
                                .invalid()
                                .add(new Interval(Long.parseLong(f[2]), Long.parseLong(f[3])));
                    case "file" ->
                        view(views, f[1], file, offset)
                                .files()
                                .add(new FileEntry(
                                        f[2],
                                        Long.parseLong(f[3]),
                                        Integer.parseUnsignedInt(f[4], 16),
                                        Long.parseLong(f[5]),
                                        Long.parseLong(f[6])));
                    default ->
                        throw new CorruptionException(file, offset, "unknown view manifest line \"" + line + "\"");
                }
            } catch (CorruptionException e) {
                throw e;
            } catch (RuntimeException e) {
                throw new CorruptionException(file, offset, "malformed view manifest line \"" + line + "\"");
            }
            offset += line.getBytes(StandardCharsets.UTF_8).length + 1;
        }
        if (wal == null) {
            throw new CorruptionException(file, 0, "the view manifest has no wal-position line");
        }
        return new ViewManifest(wal, oldest, newest, views);
    }

    private static View view(Map<String, View> views, String encodedId, Path file, int offset) {
        View v = views.get(ViewFileNames.decodeId(encodedId));
        if (v == null) {
            throw new CorruptionException(file, offset, "a line names a view without a view line before it");
        }
        return v;
    }
}
