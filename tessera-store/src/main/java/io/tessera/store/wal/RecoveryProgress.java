package io.tessera.store.wal;

import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How far start-up recovery has got, for {@code /-/ready} and the log: read by any thread while
 * the recovering thread advances it. Replay progress is logged about every
 * {@value #LOG_EVERY_SECONDS} seconds.
 */
public final class RecoveryProgress {

    private static final Logger LOG = LoggerFactory.getLogger(RecoveryProgress.class);
    static final int LOG_EVERY_SECONDS = 2;

    private volatile String stage = "starting";
    private volatile int segmentsTotal;
    private volatile int segment;
    private volatile long bytesTotal;
    private volatile long bytesDone;
    private volatile long records;
    private volatile long samples;
    private volatile boolean done;
    private volatile boolean replaying;
    private long lastLog = System.nanoTime();

    /** A step of recovery other than replay starts; it is logged and shown until the next one. */
    public void stage(String what) {
        stage = what;
        replaying = false;
        LOG.info("recovery: {}", what);
    }

    void replayStarts(int segments, long bytes) {
        segmentsTotal = segments;
        bytesTotal = Math.max(1, bytes);
        stage = "replaying the write-ahead log";
        replaying = true;
        LOG.info("recovery: replaying {} log segments ({} bytes)", segments, bytes);
    }

    void segment(int index) {
        segment = index;
    }

    /** Called once per replayed record by the recovering thread. */
    void replayed(long bytesSoFar, long recordsSoFar, long samplesSoFar) {
        bytesDone = bytesSoFar;
        records = recordsSoFar;
        samples = samplesSoFar;
        if ((recordsSoFar & 255) == 0) {
            long now = System.nanoTime();
            if (now - lastLog >= TimeUnit.SECONDS.toNanos(LOG_EVERY_SECONDS)) {
                lastLog = now;
                LOG.info("recovery: {}", describe());
            }
        }
    }

    /** Recovery is over; the server is about to open for reads and writes. */
    public void done() {
        done = true;
        stage = "recovered";
        replaying = false;
    }

    public boolean isDone() {
        return done;
    }

    /** Replayed bytes in percent of the log to replay, 0 before replay starts. */
    public int percent() {
        long total = bytesTotal;
        return total == 0 ? 0 : (int) Math.min(100, bytesDone * 100 / total);
    }

    public String describe() {
        if (!replaying) {
            return bytesTotal == 0
                    ? stage
                    : stage + " (log replayed: " + records + " records, " + samples + " samples)";
        }
        return stage + ": " + percent() + "% (segment " + Math.min(segment + 1, segmentsTotal) + " of " + segmentsTotal
                + ", " + records + " records, " + samples + " samples)";
    }
}
