package io.tessera.store.wal;

import io.tessera.core.InvalidInputException;

/**
 * How the write-ahead log behaves.
 *
 * @param fsync          when records are forced to stable storage
 * @param segmentBytes   the size at which a segment is cut (a larger record gets a segment of its own)
 * @param syncIntervalMillis how often {@link WalFsync#INTERVAL} forces the open segment
 */
public record WalOptions(WalFsync fsync, long segmentBytes, long syncIntervalMillis) {

    public static final long DEFAULT_SEGMENT_BYTES = 128L << 20;
    public static final long DEFAULT_SYNC_INTERVAL_MILLIS = 1000;
    public static final WalOptions DEFAULTS =
            new WalOptions(WalFsync.INTERVAL, DEFAULT_SEGMENT_BYTES, DEFAULT_SYNC_INTERVAL_MILLIS);

    public WalOptions {
        if (fsync == null) {
            throw new InvalidInputException("wal fsync policy must be set");
        }
        if (segmentBytes < 4096 || segmentBytes > (1L << 31) - 1) {
            throw new InvalidInputException("wal segment size must be in [4KiB, 2GiB): " + segmentBytes);
        }
        if (syncIntervalMillis <= 0) {
            throw new InvalidInputException("wal sync interval must be positive: " + syncIntervalMillis);
        }
    }

    public WalOptions withFsync(WalFsync policy) {
        return new WalOptions(policy, segmentBytes, syncIntervalMillis);
    }

    public WalOptions withSegmentBytes(long bytes) {
        return new WalOptions(fsync, bytes, syncIntervalMillis);
    }
}
