package io.tessera.store.wal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The real disk behind the log, with a quota: a write that does not fit writes what fits and the
 * next one fails with "No space left on device", as a full file system does. {@link #free}
 * makes room.
 */
final class QuotaDisk implements WalIo {

    private final AtomicLong free;
    final AtomicLong failures = new AtomicLong();

    QuotaDisk(long bytes) {
        free = new AtomicLong(bytes);
    }

    void free(long bytes) {
        free.addAndGet(bytes);
    }

    private IOException full() {
        failures.incrementAndGet();
        return new IOException("No space left on device");
    }

    @Override
    public FileChannel create(Path dir, long segment) throws IOException {
        if (free.get() < Segments.HEADER) {
            throw full();
        }
        free.addAndGet(-Segments.HEADER);
        return Segments.create(dir, segment);
    }

    @Override
    public synchronized long write(FileChannel channel, ByteBuffer[] buffers) throws IOException {
        long room = free.get();
        if (room <= 0) {
            throw full();
        }
        long want = 0;
        for (ByteBuffer b : buffers) {
            want += b.remaining();
        }
        if (want <= room) {
            long n = channel.write(buffers);
            free.addAndGet(-n);
            return n;
        }
        long n = 0;
        for (ByteBuffer b : buffers) {
            if (n == room) {
                break;
            }
            int take = (int) Math.min(b.remaining(), room - n);
            ByteBuffer part = b.duplicate();
            part.limit(part.position() + take);
            while (part.hasRemaining()) {
                n += channel.write(part);
            }
            b.position(b.position() + take);
        }
        free.addAndGet(-n);
        return n;
    }

    @Override
    public void probe(Path dir) throws IOException {
        if (free.get() < PROBE_BYTES) {
            throw full();
        }
    }
}
