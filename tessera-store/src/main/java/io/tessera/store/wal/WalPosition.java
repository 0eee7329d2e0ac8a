package io.tessera.store.wal;

/** A byte offset in a numbered log segment: where the next record starts. */
public record WalPosition(long segment, long offset) implements Comparable<WalPosition> {

    @Override
    public int compareTo(WalPosition o) {
        int c = Long.compare(segment, o.segment);
        return c != 0 ? c : Long.compare(offset, o.offset);
    }

    @Override
    public String toString() {
        return "segment " + Segments.name(segment) + " offset " + offset;
    }
}
