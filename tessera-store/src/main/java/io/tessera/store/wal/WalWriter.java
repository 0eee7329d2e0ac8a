package io.tessera.store.wal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The appending end of the log, with group commit. A writer enqueues its record (which assigns
 * the record its sequence number, segment and offset) and later awaits it; one flusher thread
 * drains everything queued meanwhile and writes it with one gathering write, forcing the segment
 * once for the whole group when the policy asks. Segments are cut when the next record would
 * not fit; the old segment is forced before the new one is written. The first record that refers
 * to a series in a segment is preceded by a series record defining it there.
 *
 * <p>An I/O failure (a full disk, a failing fsync) refuses the group being written and every
 * record queued behind it, and the log refuses new records while it is failed. The segment being
 * written is cut back to its last whole record and closed; the flusher then probes the disk
 * (every {@value #RETRY_MILLIS} ms) and, once a probe and a new segment succeed, the log takes
 * records again in that new segment. Failure, retries (at a bounded rate) and recovery are logged.
 */
final class WalWriter implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(WalWriter.class);
    static final long RETRY_MILLIS = 1000;
    /** After the first few, failed retries are logged once per this many milliseconds. */
    private static final long RETRY_LOG_MILLIS = 30_000;

    /** Where the log stood at a cut: the position of the next record, how many came before, and the failure count then. */
    record Cut(WalPosition position, long records, long failures) {}

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
    private final WalIo io;

    private final ArrayDeque<PendingRecord> queue = new ArrayDeque<>();
    private long enqueued;
    private long assignSegment;
    private long assignOffset;
    /** Series references defined in the segment records are being assigned to. */
    private Set<Long> definedInSegment = new HashSet<>();

    private long written;
    private long synced;
    private long syncWanted;
    private Throwable failure;
    private long failures;
    private boolean closing;
    private long groups;

    /** Owned by the flusher thread; null while no segment is open (after a failure, until a retry succeeds). */
    private FileChannel channel;

    private long channelSegment;
    private long channelOffset;
    private final Map<Long, Long> closedSizes = new ConcurrentSkipListMap<>();
    private volatile long currentSize;

    /**
     * Opens a new segment {@code firstSegment}; {@code existing} are the older segments still on
     * disk with their sizes, counted in the totals and deleted by {@link #deleteBefore}. When the
     * segment cannot be created (a full disk) the log starts failed and refuses records until a
     * retry succeeds.
     */
    WalWriter(Path dir, WalOptions options, long firstSegment, Map<Long, Long> existing) throws IOException {
        this(dir, options, firstSegment, existing, WalIo.DISK);
    }

    WalWriter(Path dir, WalOptions options, long firstSegment, Map<Long, Long> existing, WalIo io) throws IOException {
        this.dir = dir;
        this.io = io;
        this.options = options;
        closedSizes.putAll(existing);
        channelSegment = firstSegment;
        assignSegment = firstSegment;
        assignOffset = Segments.HEADER;
        try {
            channel = io.create(dir, firstSegment);
            channelOffset = Segments.HEADER;
            currentSize = channelOffset;
        } catch (IOException e) {
            deletePartialSegment(firstSegment);
            failure = e;
            failures = 1;
            LOG.error(
                    "write-ahead log {}: cannot create segment {}: {}; writes are refused (503) until it can, retrying every {} ms",
                    dir,
                    Segments.name(firstSegment),
                    e.toString(),
                    RETRY_MILLIS);
        }
        flusher = Thread.ofPlatform().daemon().name("tessera-wal").start(this::flushLoop);
    }

    void enqueue(PendingRecord record) {
        lock.lock();
        try {
            if (failure != null || closing) {
                throw refused();
            }
            record.prefix = record.series == null ? null : seriesPrefix(record, definedInSegment);
            if (assignOffset > Segments.HEADER && assignOffset + record.length() > options.segmentBytes()) {
                assignSegment++;
                assignOffset = Segments.HEADER;
                definedInSegment = new HashSet<>();
                record.prefix = record.series == null ? null : seriesPrefix(record, definedInSegment);
            }
            if (record.series != null) {
                for (long ref : record.refs) {
                    definedInSegment.add(ref);
                }
            }
            record.seq = enqueued++;
            record.segment = assignSegment;
            record.offset = assignOffset;
            assignOffset += record.length();
            queue.add(record);
            if (queue.size() == 1) {
                work.signal();
            }
        } finally {
            lock.unlock();
        }
    }

    /** The series record defining the record's series that {@code defined} lacks, or null when it lacks none. */
    private static byte[] seriesPrefix(PendingRecord record, Set<Long> defined) {
        int[] missing = null;
        int count = 0;
        Set<Long> seen = null;
        for (int s = 0; s < record.refs.length; s++) {
            long ref = record.refs[s];
            if (!defined.contains(ref)) {
                if (missing == null) {
                    missing = new int[record.refs.length - s];
                    seen = new HashSet<>();
                }
                if (seen.add(ref)) {
                    missing[count++] = s;
                }
            }
        }
        return count == 0 ? null : SampleRecords.seriesFrame(record.series, record.refs, missing, count);
    }

    /** Waits until the record is written, and forced too under {@link WalFsync#ALWAYS}. */
    void await(PendingRecord record) {
        boolean forced = options.fsync() == WalFsync.ALWAYS;
        lock.lock();
        try {
            while (true) {
                if (record.refusal != null) {
                    throw new WalFailedException(
                            "the write-ahead log could not write this request: " + record.refusal
                                    + "; writes are refused until it can write again (it retries every " + RETRY_MILLIS
                                    + " ms)",
                            record.refusal);
                }
                if ((forced ? synced : written) > record.seq) {
                    return;
                }
                progress.awaitUninterruptibly();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Forces every record before {@code cut} and waits for it; fails if the log failed since the cut. */
    void syncThrough(Cut cut) {
        lock.lock();
        try {
            if (cut.records() > syncWanted) {
                syncWanted = cut.records();
                work.signal();
            }
            while (true) {
                if (failure != null || failures != cut.failures()) {
                    throw new WalFailedException(
                            "the write-ahead log failed after the snapshot's cut"
                                    + (failure == null ? "" : ": " + failure),
                            failure);
                }
                if (synced >= cut.records()) {
                    return;
                }
                progress.awaitUninterruptibly();
            }
        } finally {
            lock.unlock();
        }
    }

    /** The log's position now; exact only while nothing can enqueue (the store's stripes are held). */
    Cut cut() {
        return underLock(() -> new Cut(new WalPosition(assignSegment, assignOffset), enqueued, failures));
    }

    private WalFailedException refused() {
        return failure != null
                ? new WalFailedException(
                        "the write-ahead log cannot write: " + failure + "; writes are refused until it can"
                                + " (it retries every " + RETRY_MILLIS + " ms)",
                        failure)
                : new WalFailedException("the write-ahead log is closed", null);
    }

    private void flushLoop() {
        List<PendingRecord> batch = new ArrayList<>();
        long[] counts = {0, 0};
        if (failure() != null && !retryUntilWritable()) {
            return;
        }
        long intervalNanos = TimeUnit.MILLISECONDS.toNanos(options.syncIntervalMillis());
        long nextSync = System.nanoTime() + intervalNanos;
        boolean always = options.fsync() == WalFsync.ALWAYS;
        while (true) {
            long writtenLocal = counts[0];
            long syncedLocal = counts[1];
            boolean stop;
            long wanted;
            lock.lock();
            try {
                while (queue.isEmpty()
                        && !closing
                        && syncWanted <= syncedLocal
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
                if (writtenLocal > syncedLocal
                        && (always || stop || wanted > syncedLocal || System.nanoTime() - nextSync >= 0)) {
                    io.force(channel, false);
                    syncedLocal = writtenLocal;
                    nextSync = System.nanoTime() + intervalNanos;
                }
                if (stop) {
                    channel.close();
                }
            } catch (IOException | RuntimeException e) {
                long resolved = fail(e, batch);
                batch.clear();
                counts[0] = resolved;
                counts[1] = resolved;
                if (!retryUntilWritable()) {
                    return;
                }
                continue;
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
            counts[0] = writtenLocal;
            counts[1] = syncedLocal;
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
                io.force(channel, true);
                channel.close();
                closedSizes.put(channelSegment, channelOffset);
                synced = writtenBefore + i;
                channel = null;
                channelSegment = batch.get(i).segment;
                currentSize = 0;
                channel = io.create(dir, channelSegment);
                channelOffset = Segments.HEADER;
            }
            int j = i;
            while (j < batch.size() && batch.get(j).segment == channelSegment) {
                j++;
            }
            List<ByteBuffer> buffers = new ArrayList<>(2 * (j - i));
            long bytes = 0;
            for (int k = i; k < j; k++) {
                PendingRecord r = batch.get(k);
                if (r.offset != channelOffset + bytes) {
                    throw new IllegalStateException("record " + r.seq + " assigned offset " + r.offset + ", log is at "
                            + (channelOffset + bytes));
                }
                if (r.prefix != null) {
                    buffers.add(ByteBuffer.wrap(r.prefix));
                }
                buffers.add(ByteBuffer.wrap(r.frame));
                bytes += r.length();
            }
            ByteBuffer[] array = buffers.toArray(ByteBuffer[]::new);
            long left = bytes;
            while (left > 0) {
                left -= io.write(channel, array);
            }
            channelOffset += bytes;
            currentSize = channelOffset;
            i = j;
        }
        return synced;
    }

    /**
     * Refuses the group that failed and everything queued, cuts the open segment back to its
     * last whole record and closes it; returns the sequence number every record below which is
     * now settled (written or refused).
     */
    private long fail(Throwable e, List<PendingRecord> batch) {
        long resolved;
        lock.lock();
        try {
            failure = e;
            failures++;
            for (PendingRecord r : batch) {
                r.refusal = e;
            }
            for (PendingRecord r : queue) {
                r.refusal = e;
            }
            queue.clear();
            resolved = enqueued;
            written = resolved;
            synced = resolved;
            progress.signalAll();
        } finally {
            lock.unlock();
        }
        LOG.error(
                "write-ahead log {}: writing segment {} failed: {}; {} request(s) refused, and writes are refused (503) until the"
                        + " log can write again (retrying every {} ms)",
                dir,
                Segments.name(channelSegment),
                e.toString(),
                batch.size(),
                RETRY_MILLIS);
        long next;
        if (channel != null) {
            try {
                channel.truncate(channelOffset);
            } catch (IOException | RuntimeException t) {
                LOG.warn(
                        "write-ahead log {}: cannot cut segment {} back to {} bytes ({}); replay will skip its damaged end",
                        dir,
                        Segments.name(channelSegment),
                        channelOffset,
                        t.toString());
            }
            try {
                io.force(channel, true);
            } catch (IOException | RuntimeException t) {
                LOG.warn(
                        "write-ahead log {}: cannot fsync segment {} ({}); requests acknowledged since its last fsync survive a"
                                + " crash of the process but maybe not of the machine",
                        dir,
                        Segments.name(channelSegment),
                        t.toString());
            }
            try {
                channel.close();
            } catch (IOException ignored) {
                // the failure being reported is the one that matters
            }
            closedSizes.put(channelSegment, channelOffset);
            next = channelSegment + 1;
        } else {
            deletePartialSegment(channelSegment);
            next = channelSegment;
        }
        channel = null;
        currentSize = 0;
        moveTo(next);
        return resolved;
    }

    /** Makes {@code segment}, empty, the one records are written to and assigned offsets in. */
    private void moveTo(long segment) {
        underLock(() -> {
            channelSegment = segment;
            assignSegment = segment;
            assignOffset = Segments.HEADER;
            definedInSegment = new HashSet<>();
        });
    }

    private void deletePartialSegment(long segment) {
        try {
            Path file = Segments.path(dir, segment);
            if (Files.exists(file) && Files.size(file) <= Segments.HEADER) {
                Files.delete(file);
            }
        } catch (IOException e) {
            LOG.warn(
                    "write-ahead log {}: cannot delete the partly created segment {}: {}",
                    dir,
                    Segments.name(segment),
                    e.toString());
        }
    }

    /**
     * While failed: probes the disk and tries to open the next segment every {@link #RETRY_MILLIS}
     * ms until both succeed (returns true, the log takes records again) or the log is closed
     * (returns false).
     */
    private boolean retryUntilWritable() {
        long attempts = 0;
        long lastLogged = System.nanoTime();
        while (true) {
            lock.lock();
            try {
                long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RETRY_MILLIS);
                while (!closing && until - System.nanoTime() > 0) {
                    work.awaitNanos(until - System.nanoTime());
                }
                if (closing) {
                    return false;
                }
            } catch (InterruptedException e) {
                continue;
            } finally {
                lock.unlock();
            }
            attempts++;
            long segment = channelSegment;
            try {
                deletePartialSegment(segment);
                io.probe(dir);
                FileChannel opened = io.create(dir, segment);
                channel = opened;
                channelOffset = Segments.HEADER;
                currentSize = channelOffset;
            } catch (IOException | RuntimeException e) {
                long now = System.nanoTime();
                if (attempts <= 3 || now - lastLogged >= TimeUnit.MILLISECONDS.toNanos(RETRY_LOG_MILLIS)) {
                    lastLogged = now;
                    LOG.warn(
                            "write-ahead log {}: retry {} failed: {}; writes stay refused",
                            dir,
                            attempts,
                            e.toString());
                }
                continue;
            }
            underLock(() -> {
                failure = null;
                progress.signalAll();
            });
            LOG.info(
                    "write-ahead log {}: writing again, to the new segment {}, after {} retr{}; writes are accepted again",
                    dir,
                    Segments.name(segment),
                    attempts,
                    attempts == 1 ? "y" : "ies");
            return true;
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
        return closedSizes.size() + (currentSize > 0 ? 1 : 0);
    }

    /** Groups written so far (a group is one gathering write of every record queued meanwhile). */
    long groups() {
        return underLock(() -> groups);
    }

    long records() {
        return underLock(() -> written);
    }

    /** Writes and forces what is queued, then stops; appends are refused from now on. */
    @Override
    public void close() {
        underLock(() -> {
            closing = true;
            work.signalAll();
        });
        try {
            flusher.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Whether the log has failed and not recovered yet, and why; null when healthy. */
    Throwable failure() {
        return underLock(() -> failure);
    }

    private <T> T underLock(Supplier<T> read) {
        lock.lock();
        try {
            return read.get();
        } finally {
            lock.unlock();
        }
    }

    private void underLock(Runnable change) {
        lock.lock();
        try {
            change.run();
        } finally {
            lock.unlock();
        }
    }
}
