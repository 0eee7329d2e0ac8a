package io.tessera.exec.value;

/**
 * The evaluation times of a run: {@code start, start + step, …} up to {@code end}. An instant
 * query is a grid of one time.
 */
public record StepGrid(long start, long end, long step) {

    public StepGrid {
        if (end < start) {
            throw new IllegalArgumentException("step grid ends before it starts: " + start + " > " + end);
        }
        if (step <= 0) {
            throw new IllegalArgumentException("step must be positive, got " + step);
        }
    }

    public static StepGrid instant(long t) {
        return new StepGrid(t, t, 1);
    }

    /** The number of times, in long arithmetic: a grid may be far larger than any array. */
    public long points() {
        return (end - start) / step + 1;
    }

    /** The number of times; a grid too large for an array is an error, never a wrapped count. */
    public int size() {
        return Math.toIntExact(points());
    }

    public long time(int i) {
        return start + i * step;
    }

    /** The last time of the grid (which may be before {@code end} when end is off the grid). */
    public long last() {
        return time(size() - 1);
    }

    public StepGrid shift(long delta) {
        return new StepGrid(start + delta, end + delta, step);
    }
}
