package io.tessera.store.wal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Every write the log makes to its disk: creating a segment, appending to it, forcing it, and
 * probing whether the disk takes writes again after a failure. Tests replace it to make the
 * disk fail (full, or failing fsync) under the real log.
 */
interface WalIo {

    WalIo DISK = new WalIo() {};

    /** Bytes the probe writes (and deletes): a failed log resumes only once this much fits. */
    int PROBE_BYTES = 1 << 20;

    default FileChannel create(Path dir, long segment) throws IOException {
        return Segments.create(dir, segment);
    }

    default long write(FileChannel channel, ByteBuffer[] buffers) throws IOException {
        return channel.write(buffers);
    }

    default void force(FileChannel channel, boolean metadata) throws IOException {
        channel.force(metadata);
    }

    /** Writes, forces and deletes a scratch file of {@link #PROBE_BYTES} in {@code dir}. */
    default void probe(Path dir) throws IOException {
        Path file = dir.resolve(".probe");
        try (FileChannel ch = FileChannel.open(
                file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
            ByteBuffer zeros = ByteBuffer.allocate(64 * 1024);
            for (int written = 0; written < PROBE_BYTES; written += zeros.capacity()) {
                zeros.clear();
                while (zeros.hasRemaining()) {
                    write(ch, new ByteBuffer[] {zeros});
                }
            }
            force(ch, false);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** The disk, with {@code forcer} in place of fsync. */
    static WalIo forcingWith(WalWriter.Forcer forcer) {
        return new WalIo() {
            @Override
            public void force(FileChannel channel, boolean metadata) throws IOException {
                forcer.force(channel, metadata);
            }
        };
    }
}
