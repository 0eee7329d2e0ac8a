package io.tessera.store.raw;

/**
 * The samples one metric received lately, in arrival order: a series id, a time and the value's
 * bits each, in blocks. Reading the newest minutes of every series of a metric from here is one
 * scan over those samples, where reading them from the series' chunks walks to every series
 * (see {@link RecentSpanReader}).
 *
 * <p>It holds every sample of the metric the store accepted with a time after {@link
 * State#coveredAfter()}: blocks leave from the front only, and a block that leaves raises that
 * time to its newest sample. One writer at a time (the lock of this object) appends; readers take
 * {@link #state()} and read each block's published prefix without a lock. A block publishes its
 * entries' count after the entries and after the newest time up to it.
 */
final class RecentSamples {

    static final int FIRST_BLOCK = 64;
    static final int LARGEST_BLOCK = 4096;
    static final int ENTRY_BYTES = 4 + 8 + 8;

    static final class Block {
        final int[] ids;
        final long[] times;
        final long[] bits;
        /** The newest time in this block and in every block before it, dropped ones included. */
        volatile long newestUpTo;

        volatile int published;
        /** The newest time in this block alone; the writer's. */
        long newest = Long.MIN_VALUE;

        /**
         * Set once a reader found this sealed block's entries in time order (they arrived so, or
         * this is a sorted copy): a read then finds a span's entries by binary search.
         */
        volatile boolean timeOrdered;

        Block(int capacity, long newestBefore) {
            ids = new int[capacity];
            times = new long[capacity];
            bits = new long[capacity];
            newestUpTo = newestBefore;
        }

        int capacity() {
            return ids.length;
        }

        /** Whether every entry is published: the block is then sealed and never changes. */
        boolean sealed() {
            return published == capacity();
        }

        /**
         * This sealed block in time order: itself when its entries arrived in order (marked so),
         * else a sorted copy for {@link #replace}.
         */
        Block inTimeOrder() {
            int n = capacity();
            long oldest = Long.MAX_VALUE;
            boolean ascending = true;
            for (int j = 0; j < n; j++) {
                long t = times[j];
                ascending &= j == 0 || t >= times[j - 1];
                oldest = Math.min(oldest, t);
            }
            if (ascending) {
                timeOrdered = true;
                return this;
            }
            Block sorted = new Block(n, newestUpTo);
            sorted.newest = newest;
            long spread = newest - oldest;
            if (spread >= 0 && spread < 1L << 51) {
                // at most 2^12 entries: an entry's index fits below its time's offset
                long[] keys = new long[n];
                for (int j = 0; j < n; j++) {
                    keys[j] = ((times[j] - oldest) << 12) | j;
                }
                java.util.Arrays.sort(keys);
                for (int k = 0; k < n; k++) {
                    sorted.copy(k, this, (int) (keys[k] & 0xfff));
                }
            } else {
                Integer[] order = new Integer[n];
                for (int j = 0; j < n; j++) {
                    order[j] = j;
                }
                java.util.Arrays.sort(order, (a, b) -> Long.compare(times[a], times[b]));
                for (int k = 0; k < n; k++) {
                    sorted.copy(k, this, order[k]);
                }
            }
            sorted.timeOrdered = true;
            sorted.published = n;
            return sorted;
        }

        private void copy(int k, Block from, int j) {
            ids[k] = from.ids[j];
            times[k] = from.times[j];
            bits[k] = from.bits[j];
        }
    }

    /** The blocks, oldest first, and the time after which they hold every accepted sample. */
    record State(Block[] blocks, long coveredAfter) {}

    private final RecentSamplesBudget budget;
    private volatile State state;

    RecentSamples(long coveredAfter, RecentSamplesBudget budget) {
        this.budget = budget;
        budget.allocated(FIRST_BLOCK);
        this.state = new State(new Block[] {new Block(FIRST_BLOCK, Long.MIN_VALUE)}, coveredAfter);
    }

    State state() {
        return state;
    }

    /** Appends the entries of {@code batch} that belong to this log, {@code log} being its index there. */
    synchronized void append(RecentBatch batch, int log) {
        Block b = last();
        int n = b.published;
        long newest = b.newest;
        long upTo = b.newestUpTo;
        for (int i = 0; i < batch.size(); i++) {
            if (batch.log(i) != log) {
                continue;
            }
            if (n == b.capacity()) {
                b.newest = newest;
                b.newestUpTo = upTo;
                b.published = n;
                b = seal(b, upTo);
                n = 0;
                newest = Long.MIN_VALUE;
            }
            long t = batch.time(i);
            b.ids[n] = batch.id(i);
            b.times[n] = t;
            b.bits[n++] = batch.bits(i);
            newest = Math.max(newest, t);
            upTo = Math.max(upTo, t);
        }
        b.newest = newest;
        b.newestUpTo = upTo;
        b.published = n;
        budget.sawTime(upTo);
    }

    /**
     * Puts sorted copies in place of the sealed blocks they were made from, those still here: a
     * reader of an older state keeps reading the originals, which hold the same entries.
     */
    synchronized void replace(Block[] originals, Block[] sorted, int count) {
        State s = state;
        Block[] blocks = s.blocks().clone();
        boolean changed = false;
        for (int i = 0, k = 0; i < count; i++) {
            while (k < blocks.length && blocks[k] != originals[i]) {
                k++;
            }
            if (k < blocks.length) {
                blocks[k] = sorted[i];
                changed = true;
            }
        }
        if (changed) {
            state = new State(blocks, s.coveredAfter());
        }
    }

    /**
     * Drops the front blocks whose samples are all at or before {@code before}, keeping the
     * newest block; for logs of metrics that stopped receiving samples.
     */
    synchronized void trim(long before) {
        State s = state;
        int drop = 0;
        long covered = s.coveredAfter();
        while (drop < s.blocks().length - 1 && s.blocks()[drop].newest <= before) {
            covered = Math.max(covered, s.blocks()[drop].newest);
            budget.released(s.blocks()[drop].capacity());
            drop++;
        }
        if (drop > 0) {
            Block[] kept = new Block[s.blocks().length - drop];
            System.arraycopy(s.blocks(), drop, kept, 0, kept.length);
            state = new State(kept, covered);
        }
    }

    /** Bytes held by this log's blocks. */
    long bytes() {
        long entries = 0;
        for (Block b : state.blocks()) {
            entries += b.capacity();
        }
        return entries * ENTRY_BYTES;
    }

    private Block last() {
        Block[] blocks = state.blocks();
        return blocks[blocks.length - 1];
    }

    /**
     * A new block after the full {@code full}: twice its size up to {@link #LARGEST_BLOCK}. The
     * front blocks leave when they are older than the budget's window, or while the budget is
     * over its limit.
     */
    private Block seal(Block full, long upTo) {
        int capacity = Math.min(LARGEST_BLOCK, full.capacity() * 2);
        Block next = new Block(capacity, upTo);
        budget.allocated(capacity);
        State s = state;
        Block[] blocks = s.blocks();
        long oldest = budget.oldestKept();
        int drop = 0;
        long covered = s.coveredAfter();
        while (drop < blocks.length && (blocks[drop].newest < oldest || budget.over())) {
            covered = Math.max(covered, blocks[drop].newest);
            budget.released(blocks[drop].capacity());
            drop++;
        }
        Block[] kept = new Block[blocks.length - drop + 1];
        System.arraycopy(blocks, drop, kept, 0, blocks.length - drop);
        kept[kept.length - 1] = next;
        state = new State(kept, covered);
        return next;
    }
}
