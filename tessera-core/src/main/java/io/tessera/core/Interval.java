package io.tessera.core;

/**
 * A half-open time interval {@code (start, end]} in epoch milliseconds, as Prometheus 3 range
 * selectors read it. An interval with {@code start == end} is empty.
 */
public record Interval(long start, long end) implements Comparable<Interval> {

    public Interval {
        if (end < start) {
            throw new InvalidInputException("interval end " + end + " is before its start " + start);
        }
    }

    public static Interval of(long start, long end) {
        return new Interval(start, end);
    }

    /** The interval of width {@code width} that ends at {@code end}. */
    public static Interval ending(long end, long width) {
        return new Interval(Math.subtractExact(end, width), end);
    }

    public long length() {
        return end - start;
    }

    public boolean isEmpty() {
        return start == end;
    }

    public boolean contains(long ts) {
        return ts > start && ts <= end;
    }

    public boolean contains(Interval other) {
        return other.start >= start && other.end <= end;
    }

    /** True when the two intervals share at least one instant. */
    public boolean intersects(Interval other) {
        return other.start < end && start < other.end;
    }

    public Interval intersection(Interval other) {
        long s = Math.max(start, other.start);
        long e = Math.min(end, other.end);
        return e <= s ? null : new Interval(s, e);
    }

    public Interval shift(long delta) {
        return new Interval(Math.addExact(start, delta), Math.addExact(end, delta));
    }

    /**
     * True when {@code parts}, in the order given, cover this interval exactly: no gap, no
     * overlap, nothing outside.
     */
    public boolean isTiledBy(Iterable<Interval> parts) {
        long cursor = start;
        for (Interval part : parts) {
            if (part.start != cursor) {
                return false;
            }
            cursor = part.end;
        }
        return cursor == end;
    }

    @Override
    public int compareTo(Interval o) {
        int c = Long.compare(end, o.end);
        return c != 0 ? c : Long.compare(start, o.start);
    }

    @Override
    public String toString() {
        return "(" + start + ", " + end + "]";
    }
}
