package io.tessera.store.wal;

import io.tessera.core.InvalidInputException;
import java.util.Locale;

/** When the log is forced to stable storage (see docs/durability.md for what each survives). */
public enum WalFsync {
    /**
     * A request is acknowledged once its record is written to the segment file (it is then in
     * the operating system's page cache and survives a crash of the process); segments are
     * forced on an interval and when they are cut, so a crash of the machine loses at most the
     * last interval of acknowledged requests.
     */
    INTERVAL,
    /** A request is acknowledged only after its record has been forced to stable storage. */
    ALWAYS;

    public static WalFsync parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("wal_fsync must be \"interval\" or \"always\", got \"" + text + "\"");
        }
    }

    public String configName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
