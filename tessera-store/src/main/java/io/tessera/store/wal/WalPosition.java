package io.tessera.store.wal;

import java.util.Comparator;

/** A byte offset in a numbered log segment: where the next record starts. */
public record WalPosition(long segment, long offset) implements Comparable<WalPosition> {

    private static final Comparator<WalPosition> LOG_ORDER =
            Comparator.comparingLong(WalPosition::segment).thenComparingLong(WalPosition::offset);

    @Override
    public int compareTo(WalPosition o) {
        return LOG_ORDER.compare(this, o);
    }

    @Override
    public String toString() {
        return "segment " + Segments.name(segment) + " offset " + offset;
    }
}
