package io.tessera.store.wal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Log segment files: {@code <wal>/00000042}, eight decimal digits, each starting with an 8-byte
 * header ({@code "TWAL"}, a format version byte, three zero bytes) followed by frames. Version 2
 * segments hold series and reference-based sample records; version 1 segments, written before,
 * hold records that carry their labels, and are still replayed.
 */
final class Segments {

    static final int HEADER = 8;
    static final byte VERSION = 2;
    static final byte OLDEST_VERSION = 1;
    private static final byte[] MAGIC = {'T', 'W', 'A', 'L'};

    private Segments() {}

    static String name(long segment) {
        return String.format("%08d", segment);
    }

    static Path path(Path dir, long segment) {
        return dir.resolve(name(segment));
    }

    static byte[] header() {
        return new byte[] {MAGIC[0], MAGIC[1], MAGIC[2], MAGIC[3], VERSION, 0, 0, 0};
    }

    static boolean validHeader(byte[] buf, int length) {
        if (length < HEADER) {
            return false;
        }
        byte[] h = header();
        for (int i = 0; i < HEADER; i++) {
            if (i != 4 && buf[i] != h[i]) {
                return false;
            }
        }
        return buf[4] >= OLDEST_VERSION && buf[4] <= VERSION;
    }

    /** The segment numbers in {@code dir}, ascending; other files are ignored. */
    static List<Long> list(Path dir) throws IOException {
        List<Long> out = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path f : files) {
                String n = f.getFileName().toString();
                if (n.length() == 8 && n.chars().allMatch(Character::isDigit)) {
                    out.add(Long.parseLong(n));
                }
            }
        }
        out.sort(null);
        return out;
    }

    /** Creates a segment with its header, forcing the file and its directory entry. */
    /**
     * Fails when a segment number is skipped in {@code segments} (ascending, as {@link #list}
     * gives them), naming the first missing one as a {@code what}.
     */
    static void requireConsecutive(Path dir, List<Long> segments, String what) {
        for (int i = 1; i < segments.size(); i++) {
            if (segments.get(i) != segments.get(i - 1) + 1) {
                throw new CorruptionException(
                        Segments.path(dir, segments.get(i - 1) + 1), 0, "this " + what + " is missing");
            }
        }
    }

    static FileChannel create(Path dir, long segment) throws IOException {
        Path file = path(dir, segment);
        FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        ByteBuffer h = ByteBuffer.wrap(header());
        while (h.hasRemaining()) {
            ch.write(h);
        }
        ch.force(true);
        FileSync.directory(dir);
        return ch;
    }
}
