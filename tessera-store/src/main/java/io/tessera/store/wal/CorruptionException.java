package io.tessera.store.wal;

import io.tessera.core.TesseraException;
import java.nio.file.Path;

/**
 * Durable state that cannot be trusted: a damaged record before the end of the log, a snapshot
 * file that fails its checks, a missing segment. Recovery refuses to start rather than guess;
 * the message names the file and the byte offset.
 */
public final class CorruptionException extends TesseraException {

    public CorruptionException(Path file, long offset, String problem) {
        super(file + " at byte offset " + offset + ": " + problem + "; refusing to start on damaged data");
    }
}
