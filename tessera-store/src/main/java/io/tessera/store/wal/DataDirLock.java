package io.tessera.store.wal;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

/**
 * The exclusive claim of one process on a data directory: an OS lock on {@code DIR/lock}, held
 * for the life of the process, with the holder's pid, host and start time written into the file
 * for whoever finds it locked. The OS drops the lock when the process dies, however it dies, so a
 * lock file left by a killed process never blocks a start; only a live holder does.
 */
public final class DataDirLock implements AutoCloseable {

    public static final String FILE = "lock";

    private final FileChannel channel;
    private final FileLock lock;

    private DataDirLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the lock of {@code dataDir} (created if absent).
     *
     * @throws DataDirInUseException when another process (or this one) holds it
     * @throws IOException when the directory or the lock file cannot be opened
     */
    public static DataDirLock acquire(Path dataDir) throws IOException {
        Files.createDirectories(dataDir);
        Path file = dataDir.resolve(FILE);
        FileChannel channel =
                FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        if (lock == null) {
            String holder = holder(channel);
            channel.close();
            throw new DataDirInUseException(dataDir, holder);
        }
        try {
            byte[] text = ("pid " + ProcessHandle.current().pid() + "\nhost " + host() + "\nstarted "
                            + Instant.ofEpochMilli(
                                    ManagementFactory.getRuntimeMXBean().getStartTime()) + "\n")
                    .getBytes(StandardCharsets.UTF_8);
            channel.truncate(0);
            ByteBuffer b = ByteBuffer.wrap(text);
            long at = 0;
            while (b.hasRemaining()) {
                at += channel.write(b, at);
            }
        } catch (IOException e) {
            // A full disk must not stop the start: the OS lock, not the text, is the claim.
        }
        return new DataDirLock(channel, lock);
    }

    private static String holder(FileChannel channel) {
        try {
            ByteBuffer b = ByteBuffer.allocate(512);
            long at = 0;
            while (b.hasRemaining() && channel.read(b, at) > 0) {
                at = b.position();
            }
            String text = new String(b.array(), 0, b.position(), StandardCharsets.UTF_8).strip();
            return text.isEmpty() ? "an unknown process" : text.replace("\n", ", ");
        } catch (IOException e) {
            return "an unknown process";
        }
    }

    private static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** Releases the lock; the file stays (its text is then stale, which is harmless). */
    @Override
    public void close() throws IOException {
        try {
            lock.release();
        } finally {
            channel.close();
        }
    }
}
