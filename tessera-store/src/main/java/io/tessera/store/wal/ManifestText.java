package io.tessera.store.wal;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The line syntax the store's manifests share inside their {@link ChecksummedText} framing: a
 * key, then its values, separated by single spaces.
 */
final class ManifestText {

    /** Takes in one manifest line split on spaces; {@code offset} is its byte offset in the file. */
    @FunctionalInterface
    interface LineReader {
        void read(String[] fields, String line, int offset);
    }

    private ManifestText() {}

    /** Appends the line {@code key value...}. */
    static void appendLine(StringBuilder sb, String key, Object... values) {
        sb.append(key);
        for (Object value : values) {
            sb.append(' ').append(value);
        }
        sb.append('\n');
    }

    static void appendWalPosition(StringBuilder sb, WalPosition wal) {
        appendLine(sb, "wal-position", Segments.name(wal.segment()), wal.offset());
    }

    static WalPosition parseWalPosition(String[] fields) {
        return new WalPosition(Long.parseLong(fields[1]), Long.parseLong(fields[2]));
    }

    static String hex(int crc32c) {
        return String.format("%08x", crc32c);
    }

    /**
     * Hands each line of the checksummed {@code bytes} to {@code reader}; a line the reader fails
     * on with anything but a {@link CorruptionException} is reported as malformed. {@code what}
     * names the file in errors ("manifest").
     */
    static void readLines(Path file, byte[] bytes, String what, LineReader reader) {
        int offset = 0;
        for (String line : ChecksummedText.open(file, bytes, "the " + what)) {
            try {
                reader.read(line.split(" "), line, offset);
            } catch (CorruptionException e) {
                throw e;
            } catch (RuntimeException e) {
                throw new CorruptionException(file, offset, "malformed " + what + " line \"" + line + "\"");
            }
            offset += line.getBytes(StandardCharsets.UTF_8).length + 1;
        }
    }

    /** Checks a version line's number; {@code subject} names the version in the error. */
    static void checkVersion(Path file, int offset, String[] fields, int expected, String subject) {
        if (Integer.parseInt(fields[1]) != expected) {
            throw new CorruptionException(file, offset, subject + " " + fields[1] + " is not " + expected);
        }
    }

    static CorruptionException unknownLine(Path file, int offset, String what, String line) {
        return new CorruptionException(file, offset, "unknown " + what + " line \"" + line + "\"");
    }

    static WalPosition requireWalPosition(Path file, WalPosition wal, String what) {
        if (wal == null) {
            throw new CorruptionException(file, 0, "the " + what + " has no wal-position line");
        }
        return wal;
    }
}
