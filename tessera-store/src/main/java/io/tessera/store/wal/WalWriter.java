package io.tessera.store.wal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The appending end of the log, with group commit. A writer enqueues its record (which assigns
 * the record its sequence number, segment and offset) and later awaits it; one flusher thread
 * drains everything queued meanwhile and writes it with one gathering write, forcing the segment
 * once for the whole group when the policy asks. Segments are cut when the next record would
 * not fit; the old segment is forced before the new one is written. An I/O failure fails every
 * queued record and the log itself: it takes nothing more.
 */
final class WalWriter implements AutoCloseable {

    /** Where the log stood at a cut: the position of the next record, and how many came before. */
    record Cut(WalPosition position, long records) {
    }

    /** Forces a segment to stable storage; tests replace it to inject a failing fsync. */
    @FunctionalInterface
    interface Forcer {
        Forcer CHANNEL = FileChannel::force;

        void force(FileChannel channel, boolean metadata) throws IOException;
    }

    private final Path dir;
    private final WalOptions options;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition work = lock.newCondition();
    private final Condition progress = lock.newCondition();
    private final Thread flusher;
    private final Forcer forcer;

    private final ArrayDeque<PendingRecord> queue = new ArrayDeque<>();
    private long enqueued;
    private long assignSegment;
    private long assignOffset;
    private long written;
    private long synced;
    private long syncWanted;
    private Throwable failure;
    private boolean closing;
    private long groups;

    private FileChannel channel;
    private long channelSegment;
    private long channelOffset;
    private final Map<Long, Long> closedSizes = new ConcurrentSkipListMap<>();
    private volatile long currentSize;

    /**
     * Opens a new segment {@code firstSegment}; {@code existing} are the older segments still on
     * disk with their sizes, counted in the totals and deleted by {@link #deleteBefore}.
     */
    WalWriter(Path dir, WalOptions options, long firstSegment, Map<Long, Long> existing) throws IOException {
        this(dir, options, firstSegment, existing, Forcer.CHANNEL);
    }

    WalWriter(Path dir, WalOptions options, long firstSegment, Map<Long, Long> existing, Forcer forcer) throws IOException {
        this.dir = dir;
        this.forcer = forcer;
        this.options = options;
        closedSizes.putAll(existing);
        channel = Segments.create(dir, firstSegment);
        channelSegment = firstSegment;
        channelOffset = Segments.HEADER;
        currentSize = channelOffset;
        assignSegment = firstSegment;
        assignOffset = Segments.HEADER;
        flusher = Thread.ofPlatform().daemon().name("tessera-wal").start(this::flushLoop);
    }

    void enqueue(PendingRecord record) {
        lock.lock();
        try {
            if (failure != null || closing) {
                throw refused();
            }
            int length = record.frame.length;
            if (assignOffset > Segments.HEADER && assignOffset + length > options.segmentBytes()) {
                assignSegment++;
                assignOffset = Segments.HEADER;
            }
            record.seq = enqueued++;
            record.segment = assignSegment;
            record.offset = assignOffset;
            assignOffset += length;
            queue.add(record);
            if (queue.size() == 1) {
                work.signal();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Waits until the record is written, and forced too under {@link WalFsync#ALWAYS}. */
    void await(PendingRecord record) {
        awaitCount(record.seq + 1, options.fsync() == WalFsync.ALWAYS);
    }

    /** Forces every record enqueued before {@code records} and waits for it. */
    void syncThrough(long records) {
        lock.lock();
        try {
            if (records > syncWanted) {
                syncWanted = records;
                work.signal();
            }
        } finally {
            lock.unlock();
        }
        awaitCount(records, true);
    }

    private void awaitCount(long count, boolean forced) {
        lock.lock();
        try {
            while ((forced ? synced : written) < count) {
                if (failure != null) {
                    throw refused();
                }
                progress.awaitUninterruptibly();
            }
        } finally {
            lock.unlock();
        }
    }

    /** The log's position now; exact only while nothing can enqueue (the store's stripes are held). */
    Cut cut() {
        lock.lock();
        try {
            return new Cut(new WalPosition(assignSegment, assignOffset), enqueued);
        } finally {
            lock.unlock();
        }
    }

    private WalFailedException refused() {
        return failure != null
                ? new WalFailedException("the write-ahead log failed and takes no more writes until Tessera restarts: " + failure, failure)
                : new WalFailedException("the write-ahead log is closed", null);
    }

    private void flushLoop() {
        List<PendingRecord> batch = new ArrayList<>();
        long writtenLocal = 0;
        long syncedLocal = 0;
        long intervalNanos = TimeUnit.MILLISECONDS.toNanos(options.syncIntervalMillis());
        long nextSync = System.nanoTime() + intervalNanos;
        boolean always = options.fsync() == WalFsync.ALWAYS;
        while (true) {
            boolean stop;
            long wanted;
            lock.lock();
            try {
                while (queue.isEmpty() && !closing && syncWanted <= syncedLocal
                        && !(writtenLocal > syncedLocal && System.nanoTime() - nextSync >= 0)) {
                    if (writtenLocal > syncedLocal) {
                        work.awaitNanos(nextSync - System.nanoTime());
                    } else {
                        work.awaitUninterruptibly();
                    }
                }
                batch.addAll(queue);
                queue.clear();
                stop = closing && batch.isEmpty();
                wanted = syncWanted;
            } catch (InterruptedException e) {
                continue;
            } finally {
                lock.unlock();
            }
            try {
                if (!batch.isEmpty()) {
                    syncedLocal = write(batch, writtenLocal, syncedLocal);
                    writtenLocal += batch.size();
                }
                if (writtenLocal > syncedLocal && (always || stop || wanted > syncedLocal || System.nanoTime() - nextSync >= 0)) {
                    forcer.force(channel, false);
                    syncedLocal = writtenLocal;
                    nextSync = System.nanoTime() + intervalNanos;
                }
                if (stop) {
                    channel.close();
                }
            } catch (IOException | RuntimeException e) {
                fail(e);
                return;
            }
            lock.lock();
            try {
                if (!batch.isEmpty()) {
                    groups++;
                }
                written = writtenLocal;
                synced = syncedLocal;
                progress.signalAll();
            } finally {
                lock.unlock();
            }
            batch.clear();
            if (stop) {
                return;
            }
        }
    }

    /** Writes a group in record order, cutting segments as assigned; returns the records now forced. */
    private long write(List<PendingRecord> batch, long writtenBefore, long syncedBefore) throws IOException {
        long synced = syncedBefore;
        int i = 0;
        while (i < batch.size()) {
            if (batch.get(i).segment != channelSegment) {
                forcer.force(channel, true);
                channel.close();
                closedSizes.put(channelSegment, channelOffset);
                synced = writtenBefore + i;
                channelSegment = batch.get(i).segment;
                channel = Segments.create(dir, channelSegment);
                channelOffset = Segments.HEADER;
            }
            int j = i;
            while (j < batch.size() && batch.get(j).segment == channelSegment) {
                j++;
            }
            ByteBuffer[] buffers = new ByteBuffer[j - i];
            long bytes = 0;
            for (int k = i; k < j; k++) {
                PendingRecord r = batch.get(k);
                if (r.offset != channelOffset + bytes) {
                    throw new IllegalStateException("record " + r.seq + " assigned offset " + r.offset + ", log is at " + (channelOffset + bytes));
                }
                buffers[k - i] = ByteBuffer.wrap(r.frame);
                bytes += r.frame.length;
            }
            long left = bytes;
            while (left > 0) {
                left -= channel.write(buffers);
            }
            channelOffset += bytes;
            currentSize = channelOffset;
            i = j;
        }
        return synced;
    }

    private void fail(Throwable e) {
        lock.lock();
        try {
            failure = e;
            queue.clear();
            progress.signalAll();
        } finally {
            lock.unlock();
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // the failure being reported is the one that matters
        }
    }

    /** Deletes the closed segments numbered below {@code segment}. */
    void deleteBefore(long segment) throws IOException {
        for (Long s : new ArrayList<>(closedSizes.keySet())) {
            if (s < segment) {
                Files.deleteIfExists(Segments.path(dir, s));
                closedSizes.remove(s);
            }
        }
        FileSync.directory(dir);
    }

    long bytes() {
        long total = currentSize;
        for (long size : closedSizes.values()) {
            total += size;
        }
        return total;
    }

    int segments() {
        return closedSizes.size() + 1;
    }

    /** Groups written so far (a group is one gathering write of every record queued meanwhile). */
    long groups() {
        lock.lock();
        try {
            return groups;
        } finally {
            lock.unlock();
        }
    }

    long records() {
        lock.lock();
        try {
            return written;
        } finally {
            lock.unlock();
        }
    }

    /** Writes and forces what is queued, then stops; appends are refused from now on. */
    @Override
    public void close() {
        lock.lock();
        try {
            closing = true;
            work.signal();
        } finally {
            lock.unlock();
        }
        try {
            flusher.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Whether the log has failed, and why; null when healthy. */
    Throwable failure() {
        lock.lock();
        try {
            return failure;
        } finally {
            lock.unlock();
        }
    }
}
