package io.tessera.store.wal;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.zip.CRC32C;

/**
 * The framing of the store's text manifests: lines of UTF-8, the last one {@code crc32c xxxxxxxx},
 * the CRC32C of every byte before it.
 */
final class ChecksummedText {

    private ChecksummedText() {}

    /** {@code body} (complete lines) followed by its checksum line. */
    static byte[] seal(String body) {
        byte[] content = body.getBytes(StandardCharsets.UTF_8);
        byte[] tail = (checksumLine(crc(content, content.length)) + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[content.length + tail.length];
        System.arraycopy(content, 0, out, 0, content.length);
        System.arraycopy(tail, 0, out, content.length, tail.length);
        return out;
    }

    /**
     * The lines before the checksum line of {@code bytes}, read from {@code file}, once the
     * checksum matches; {@code what} names the file in errors ("the manifest").
     */
    static String[] open(Path file, byte[] bytes, String what) {
        int end = bytes.length;
        if (end == 0 || bytes[end - 1] != '\n') {
            throw new CorruptionException(file, end, what + " does not end with a complete line");
        }
        int lastLine = end - 1;
        while (lastLine > 0 && bytes[lastLine - 1] != '\n') {
            lastLine--;
        }
        String crcLine = new String(bytes, lastLine, end - 1 - lastLine, StandardCharsets.US_ASCII);
        int computed = crc(bytes, lastLine);
        if (!crcLine.equals(checksumLine(computed))) {
            throw new CorruptionException(
                    file,
                    lastLine,
                    what + "'s checksum line \"" + crcLine + "\" does not match its content (crc32c "
                            + String.format("%08x", computed) + ")");
        }
        return new String(bytes, 0, lastLine, StandardCharsets.UTF_8).split("\n");
    }

    private static String checksumLine(int crc) {
        return String.format("crc32c %08x", crc);
    }

    private static int crc(byte[] bytes, int length) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, length);
        return (int) crc.getValue();
    }
}
