package io.tessera.store.wal;

import io.tessera.core.TesseraException;

/**
 * The log could not take a record: it failed to write or force a segment, or it is closed. A
 * failed log stays failed; every later append is refused until the process restarts and
 * recovers from what reached the disk.
 */
public final class WalFailedException extends TesseraException {

    public WalFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
