package io.tessera.store.summary;

/**
 * The committed prefix of a mutable epoch, read without a lock: rows {@code [0, length)} and
 * runs {@code [0, runCount)}. Everything below those bounds was written before the snapshot was
 * published and never changes, so slices of the row columns may be shared with results. An
 * index slot or {@code next} of a run (see {@link RunColumns}) naming a run at or past {@code runCount} belongs to a later
 * commit and is treated as absent. The first run of every committed interval was placed in the
 * index before publication, and so was every slot its probe sequence passes, so a probe never
 * stops early at a slot the writer filled later.
 *
 * @param earliestRun the smallest committed run in interval order, or -1 when empty
 * @param latestRun the largest committed run in interval order, or -1 when empty
 */
record MutableView(
        int[] groups,
        StateColumn states,
        int length,
        RunColumns runColumns,
        int runCount,
        int[] slots,
        long minEnd,
        long maxEnd,
        int earliestRun,
        int latestRun) {

    static final MutableView EMPTY = new MutableEpoch(16).view();

    /** Approximate heap bytes of the epoch's arrays and its committed states. */
    long memoryBytes() {
        return 64 + 4L * groups.length + 28L * runColumns.capacity() + 4L * slots.length + states.memoryBytes(length);
    }

    boolean mayHoldEnd(long end) {
        return runCount > 0 && end >= minEnd && end <= maxEnd;
    }

    /** The first committed run of {@code (start, end]}, or -1. */
    int firstRun(long start, long end) {
        int mask = slots.length - 1;
        for (int i = Hashing.mix(start, end) & mask; ; i = (i + 1) & mask) {
            int run = slots[i];
            if (run < 0) {
                return -1;
            }
            if (run < runCount && runColumns.covers(run, start, end)) {
                return run;
            }
        }
    }

    /** The next committed run of the same interval as {@code run}, or -1. */
    int nextRun(int run) {
        int n = runColumns.next()[run];
        return n > 0 && n < runCount ? n : -1;
    }

    long runStart(int run) {
        return runColumns.starts()[run];
    }

    long runEnd(int run) {
        return runColumns.ends()[run];
    }

    int runFrom(int run) {
        return runColumns.from()[run];
    }

    int runTo(int run) {
        return run + 1 < runCount ? runFrom(run + 1) : length;
    }

    /** The number of distinct committed intervals' first runs written into {@code out}. */
    int intervalFirstRuns(int[] out) {
        int n = 0;
        for (int run : slots) {
            if (run >= 0 && run < runCount) {
                out[n++] = run;
            }
        }
        return n;
    }
}
