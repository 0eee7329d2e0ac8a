package io.tessera.store.wal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * {@code views/PLAN}: the installed plan's JSON behind one header line
 * {@code tessera-plan 1 <bytes> <crc32c>}. Written under a temporary name, forced and renamed,
 * so it is the old plan or the new one, never a mix. Unlike view files it is not derived
 * data: a damaged plan refuses the start.
 */
final class PlanFile {

    static final String NAME = "PLAN";
    private static final String MAGIC = "tessera-plan 1 ";

    private PlanFile() {}

    static void write(Path dir, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        CRC32C crc = new CRC32C();
        crc.update(body);
        byte[] head = (MAGIC + body.length + " " + String.format("%08x", (int) crc.getValue()) + "\n")
                .getBytes(StandardCharsets.US_ASCII);
        Path tmp = dir.resolve(Snapshots.TMP_PREFIX + NAME);
        Files.deleteIfExists(tmp);
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            SnapshotWriter.writeFully(ch, ByteBuffer.wrap(head));
            SnapshotWriter.writeFully(ch, ByteBuffer.wrap(body));
            ch.force(true);
        }
        Files.move(tmp, dir.resolve(NAME), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        FileSync.directory(dir);
    }

    /** The plan's JSON, or null when no plan was saved. */
    static String read(Path dir) throws IOException {
        Path file = dir.resolve(NAME);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        byte[] bytes = Files.readAllBytes(file);
        int nl = 0;
        while (nl < bytes.length && bytes[nl] != '\n') {
            nl++;
        }
        String head = new String(bytes, 0, nl, StandardCharsets.US_ASCII);
        if (nl == bytes.length || !head.startsWith(MAGIC)) {
            throw new CorruptionException(file, 0, "not a saved plan of this version (bad header line)");
        }
        String[] f = head.substring(MAGIC.length()).split(" ");
        long length;
        int stored;
        try {
            length = Long.parseLong(f[0]);
            stored = Integer.parseUnsignedInt(f[1], 16);
        } catch (RuntimeException e) {
            throw new CorruptionException(file, 0, "malformed header line \"" + head + "\"");
        }
        int from = nl + 1;
        if (bytes.length - from != length) {
            throw new CorruptionException(
                    file,
                    Math.min(bytes.length, from + length),
                    "the plan has " + (bytes.length - from) + " bytes, its header says " + length);
        }
        CRC32C crc = new CRC32C();
        crc.update(bytes, from, bytes.length - from);
        if ((int) crc.getValue() != stored) {
            throw new CorruptionException(
                    file,
                    from,
                    String.format("the plan's CRC32C is %08x, its header says %08x", (int) crc.getValue(), stored));
        }
        return new String(bytes, from, bytes.length - from, StandardCharsets.UTF_8);
    }
}
