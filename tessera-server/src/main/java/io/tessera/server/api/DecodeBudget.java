package io.tessera.server.api;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The heap that write requests being read and decoded may hold together. Each request leases an
 * estimate of what it will allocate before it allocates it (its body before the body is read, its
 * decoded form before it is decoded) and returns the lease when it is answered, so concurrent
 * writers wait for each other instead of running the heap out. Counted in KiB.
 */
final class DecodeBudget {

    /** Bytes of heap a decoded request may take per byte of its uncompressed protobuf or text: arrays, label strings, copies. */
    static final int DECODED_BYTES_PER_BYTE = 8;
    /** Reading a body grows a buffer by doubling and then copies it: up to three times its size at once. */
    static final int READ_BYTES_PER_BYTE = 3;

    private final long capacityBytes;
    private final Semaphore kib;

    DecodeBudget(long capacityBytes) {
        this.capacityBytes = capacityBytes;
        this.kib = new Semaphore((int) Math.min(Integer.MAX_VALUE, Math.max(1, capacityBytes >> 10)));
    }

    /**
     * The largest uncompressed body one request may send so that its whole lease fits: reading it
     * compressed (a snappy block is at most 7/6 of its content) three times over, then decoding it.
     */
    long largestBody() {
        return capacityBytes * 6 / (READ_BYTES_PER_BYTE * 7 + 6 * DECODED_BYTES_PER_BYTE + 6);
    }

    long capacityBytes() {
        return capacityBytes;
    }

    /** A lease of nothing yet, to grow as the request shows what it needs. */
    Lease lease() {
        return new Lease();
    }

    private static int toKib(long bytes) {
        return (int) Math.min(Integer.MAX_VALUE, (bytes + 1023) >> 10);
    }

    /** What one request holds; closing it gives it back. */
    final class Lease implements AutoCloseable {

        private int held;

        /**
         * Holds {@code bytes} more, waiting up to {@code waitMs} for other requests to give back
         * theirs; false when they did not in time.
         */
        boolean grow(long bytes, long waitMs) throws InterruptedException {
            int more = toKib(bytes);
            if (!kib.tryAcquire(more, waitMs, TimeUnit.MILLISECONDS)) {
                return false;
            }
            held += more;
            return true;
        }

        @Override
        public void close() {
            if (held > 0) {
                kib.release(held);
                held = 0;
            }
        }
    }
}
