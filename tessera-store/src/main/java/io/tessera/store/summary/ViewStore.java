package io.tessera.store.summary;

import io.tessera.core.Interval;
import io.tessera.core.InvalidInputException;
import io.tessera.core.Labels;
import io.tessera.sketch.State;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The states of one view definition, keyed by (group, interval), in epochs: one append-only
 * mutable epoch takes inserts and is sealed into a sorted immutable epoch when it holds
 * {@link SummaryStoreConfig#epochCapacity} rows.
 *
 * <p>Writers serialise on a lock among themselves. After each commit they publish a new
 * {@link ViewSnapshot} through one volatile field; readers only ever read a snapshot, so they
 * never wait for a writer and never see part of a commit.
 *
 * <p>A (group, interval) holds at most one state: storing a second one is an error, because a
 * store never merges. Intervals are compared exactly; {@code (0, 30]} and {@code (0, 15]} are
 * different keys. States of a fixed-width family are kept as their words, and a read returns an
 * equal new state ({@link StateColumn}); others are kept by reference. Either way a state must
 * not be changed once stored.
 */
public final class ViewStore {

    /** The group id of a batch entry that records an empty pane. */
    private static final int EMPTY_PANE = -1;

    private final String id;
    private final int epochCapacity;
    private final boolean instrumented;
    private final ReentrantLock lock = new ReentrantLock();
    private final GroupDictionary dictionary = new GroupDictionary();
    private final GroupTable groups = new GroupTable(this);
    private MutableEpoch mutable;
    private SealedEpoch[] sealed = new SealedEpoch[0];
    private long sealedMinEnd = Long.MAX_VALUE;
    private long sealedMaxEnd = Long.MIN_VALUE;
    private long sequence;
    private PaneVersions versions = PaneVersions.NONE;
    private volatile ViewSnapshot current;
    /** For {@link #validate}: the run of a batch in which each group id was last seen. */
    private int[] groupStamps = new int[0];

    private int stamp;

    private final LongAdder lockAcquisitions = new LongAdder();
    private final LongAdder lockWaitNanos = new LongAdder();
    private final LongAdder lockHoldNanos = new LongAdder();
    private long lockedAt;

    ViewStore(String id, SummaryStoreConfig config) {
        this.id = id;
        this.epochCapacity = config.epochCapacity();
        this.instrumented = config.instrumented();
        this.mutable = new MutableEpoch(Math.min(epochCapacity, 256));
        this.current = new ViewSnapshot(id, 0, sealed, MutableView.EMPTY, dictionary.published(), versions);
    }

    public String id() {
        return id;
    }

    /** The view's group label sets by group id, the same object for the view's whole life. */
    public io.tessera.spi.LabelsTable groups() {
        return groups;
    }

    /** The latest committed state of the view; never blocks. */
    public ViewSnapshot snapshot() {
        return current;
    }

    /**
     * Stores the state of {@code group} over {@code interval}.
     *
     * @return the commit sequence number of this insert
     * @throws InvalidInputException if the view already holds a state of that group and interval
     */
    public long insert(Labels group, Interval interval, State state) {
        if (group == null || state == null) {
            throw new InvalidInputException("a stored state needs a group and a state");
        }
        long s = interval.start();
        long e = interval.end();
        StateBatch.checkInterval(s, e);
        lock();
        try {
            int g = dictionary.idOf(group);
            if (holds(s, e, g)) {
                throw duplicate(group, s, e);
            }
            append(s, e, g, state);
            return publish();
        } finally {
            unlock();
        }
    }

    /**
     * Stores every state of {@code batch} in one commit: readers see all of them or none. If
     * any state duplicates a stored one or another in the batch, nothing is stored.
     *
     * @return the commit sequence number of this batch (the current one for an empty batch)
     */
    public long insertBatch(StateBatch batch) {
        int n = batch.size;
        lock();
        try {
            if (n == 0) {
                return sequence;
            }
            int[] gids = new int[n];
            int previous = -1;
            for (int i = 0; i < n; i++) {
                Labels group = batch.groups[i];
                if (group == null) {
                    gids[i] = EMPTY_PANE;
                } else {
                    gids[i] = dictionary.idOf(group, previous + 1);
                    previous = gids[i];
                }
            }
            validate(batch, gids);
            int appended = 0;
            for (int i = 0; i < n; i++) {
                long s = batch.starts[i];
                long e = batch.ends[i];
                if (gids[i] != EMPTY_PANE) {
                    append(s, e, gids[i], batch.states[i]);
                    appended++;
                } else if (!holdsInterval(s, e)) {
                    appendEmpty(s, e);
                    appended++;
                }
            }
            return appended == 0 ? sequence : publish();
        } finally {
            unlock();
        }
    }

    /**
     * Records that {@code pane} was committed with no state of any group, so that tiling reads
     * tell it from a missing pane. Nothing changes when the view already holds the pane (as an
     * empty pane or with states).
     *
     * @return the commit sequence number, or the current one when nothing changed
     */
    public long commitEmptyPane(Interval pane) {
        long s = pane.start();
        long e = pane.end();
        StateBatch.checkInterval(s, e);
        lock();
        try {
            if (holdsInterval(s, e)) {
                return sequence;
            }
            appendEmpty(s, e);
            return publish();
        } finally {
            unlock();
        }
    }

    /**
     * Marks {@code panes} stale: samples arrived for them after they were built, so their states
     * no longer summarize the raw data. Readers of a snapshot see the mark with {@link
     * ViewSnapshot#isStale} until {@link #replacePanes} commits a rebuild that read those samples.
     *
     * @return the commit sequence number of the marks
     */
    public long markStale(Collection<Interval> panes) {
        if (panes.isEmpty()) {
            return current.commitSequence;
        }
        lock();
        try {
            versions = versions.markStale(panes, sequence + 1);
            return publish();
        } finally {
            unlock();
        }
    }

    /**
     * Replaces the states of the panes in {@code marks} by the ones {@code batch} holds for them,
     * in one commit: a reader sees each pane as it was or as rebuilt, never a mix. A pane of
     * {@code marks} the batch has no state for becomes a pane with no state. The stale mark of a
     * pane goes only if it is still the one in {@code marks} (taken from a snapshot before the
     * rebuild read its raw data); a pane marked again since stays stale.
     *
     * @throws InvalidInputException if the batch holds a state outside those panes, or a group twice in one pane
     */
    public long replacePanes(StateBatch batch, Map<Interval, Long> marks) {
        Map<Interval, int[]> rows = new HashMap<>();
        for (int i = 0; i < batch.size; i++) {
            Interval pane = new Interval(batch.starts[i], batch.ends[i]);
            if (!marks.containsKey(pane)) {
                throw new InvalidInputException("view " + id + ": a rebuild holds a state for " + pane
                        + ", which is not one of the panes it replaces");
            }
            if (batch.groups[i] != null) {
                int[] r = rows.computeIfAbsent(pane, p -> new int[] {0, 0});
                r[0]++;
            }
        }
        lock();
        try {
            Map<Interval, int[]> groupsOf = new HashMap<>();
            Map<Interval, StateColumn> statesOf = new HashMap<>();
            Map<Interval, Set<Integer>> seen = new HashMap<>();
            for (int i = 0; i < batch.size; i++) {
                if (batch.groups[i] == null) {
                    continue;
                }
                Interval pane = new Interval(batch.starts[i], batch.ends[i]);
                int[] r = rows.get(pane);
                int g = dictionary.idOf(batch.groups[i]);
                if (!seen.computeIfAbsent(pane, p -> new HashSet<>()).add(g)) {
                    throw duplicate(batch.groups[i], pane.start(), pane.end());
                }
                int[] groupIds = groupsOf.computeIfAbsent(pane, p -> new int[r[0]]);
                StateColumn column = statesOf.computeIfAbsent(pane, p -> StateColumn.empty(r[0]));
                statesOf.put(pane, column.set(r[1], batch.states[i]));
                groupIds[r[1]++] = g;
            }
            Map<Interval, PaneVersions.Replacement> rebuilt = new HashMap<>();
            long commit = sequence + 1;
            for (Interval pane : marks.keySet()) {
                int[] r = rows.get(pane);
                rebuilt.put(
                        pane,
                        r == null
                                ? new PaneVersions.Replacement(new int[0], StateColumn.empty(1), 0, commit)
                                : new PaneVersions.Replacement(groupsOf.get(pane), statesOf.get(pane), r[0], commit));
            }
            versions = versions.replace(rebuilt, marks);
            return publish();
        } finally {
            unlock();
        }
    }

    /**
     * Drops every sealed epoch whose newest interval ends before {@code cutoffMs}. The mutable
     * epoch is never evicted; stale marks and rebuilt panes ending before the cutoff go too. Snapshots taken earlier keep the dropped epochs alive and still
     * read them; snapshots taken afterwards do not see them.
     *
     * @return the number of states evicted
     */
    public long evictEpochsEndingBefore(long cutoffMs) {
        lock();
        try {
            int kept = 0;
            long evicted = 0;
            SealedEpoch[] next = new SealedEpoch[sealed.length];
            for (SealedEpoch ep : sealed) {
                if (ep.maxEnd < cutoffMs) {
                    evicted += ep.stateCount;
                } else {
                    next[kept++] = ep;
                }
            }
            PaneVersions trimmed = versions.evictEndingBefore(cutoffMs);
            if (kept == sealed.length && trimmed == versions) {
                return 0;
            }
            versions = trimmed;
            sealed = Arrays.copyOf(next, kept);
            recomputeSealedBounds();
            publish();
            return evicted;
        } finally {
            unlock();
        }
    }

    /** Write-lock timings; all zero unless the store is instrumented. */
    public LockTimes lockTimes() {
        return new LockTimes(lockAcquisitions.sum(), lockWaitNanos.sum(), lockHoldNanos.sum());
    }

    /** Throws on a state that is already stored or repeated in the batch. */
    private void validate(StateBatch batch, int[] gids) {
        int n = batch.size;
        long[] s = batch.starts;
        long[] e = batch.ends;
        boolean runsAscend = intervalRunsAscend(batch);
        int[] table = null;
        int mask = 0;
        if (!runsAscend) {
            table = new int[Hashing.tableSizeFor(n)];
            Arrays.fill(table, -1);
            mask = table.length - 1;
        } else if (groupStamps.length < dictionary.size()) {
            groupStamps = Arrays.copyOf(groupStamps, Math.max(dictionary.size(), groupStamps.length * 2));
        }
        // an interval the store holds nothing of holds no group: asked once per run of a batch's interval
        boolean intervalHeld = false;
        for (int i = 0; i < n; i++) {
            boolean runStart = i == 0 || s[i] != s[i - 1] || e[i] != e[i - 1];
            if (runStart && runsAscend) {
                nextStamp();
            }
            if (gids[i] == EMPTY_PANE) {
                continue;
            }
            if (runStart || gids[i - 1] == EMPTY_PANE) {
                intervalHeld = holdsInterval(s[i], e[i]);
            }
            if (runsAscend) {
                // each interval is one run of rows: a duplicate is a group seen twice in the run
                if (groupStamps[gids[i]] == stamp) {
                    throw duplicate(batch.groups[i], s[i], e[i]);
                }
                groupStamps[gids[i]] = stamp;
            } else {
                int slot = Hashing.mix(Hashing.mix(s[i], e[i]), gids[i]) & mask;
                for (int other = table[slot]; other >= 0; other = table[slot]) {
                    if (s[other] == s[i] && e[other] == e[i] && gids[other] == gids[i]) {
                        throw duplicate(batch.groups[i], s[i], e[i]);
                    }
                    slot = (slot + 1) & mask;
                }
                table[slot] = i;
            }
            if (intervalHeld && holds(s[i], e[i], gids[i])) {
                throw duplicate(batch.groups[i], s[i], e[i]);
            }
        }
    }

    /**
     * Whether the batch's rows come as runs of one interval each, the runs in ascending interval
     * order (as ingestion runs commit pane after pane), so no interval has rows in two runs.
     */
    private static boolean intervalRunsAscend(StateBatch batch) {
        long[] s = batch.starts;
        long[] e = batch.ends;
        for (int i = 1; i < batch.size; i++) {
            if (s[i] != s[i - 1] || e[i] != e[i - 1]) {
                if (e[i] < e[i - 1] || (e[i] == e[i - 1] && s[i] < s[i - 1])) {
                    return false;
                }
            }
        }
        return true;
    }

    private void nextStamp() {
        if (++stamp == Integer.MAX_VALUE) {
            Arrays.fill(groupStamps, 0);
            stamp = 1;
        }
    }

    private boolean holdsInterval(long s, long e) {
        if (mutable.holdsInterval(s, e)) {
            return true;
        }
        if (e < sealedMinEnd || e > sealedMaxEnd) {
            return false;
        }
        for (SealedEpoch ep : sealed) {
            if (ep.entryOf(s, e) >= 0) {
                return true;
            }
        }
        return false;
    }

    private boolean holds(long s, long e, int group) {
        if (mutable.contains(s, e, group)) {
            return true;
        }
        if (e < sealedMinEnd || e > sealedMaxEnd) {
            return false;
        }
        for (SealedEpoch ep : sealed) {
            if (ep.contains(s, e, group)) {
                return true;
            }
        }
        return false;
    }

    private void append(long s, long e, int group, State state) {
        mutable.append(s, e, group, state);
        sealIfFull();
    }

    private void appendEmpty(long s, long e) {
        mutable.appendEmpty(s, e);
        sealIfFull();
    }

    private void sealIfFull() {
        if (mutable.size() >= epochCapacity) {
            sealed = Arrays.copyOf(sealed, sealed.length + 1);
            sealed[sealed.length - 1] = SealedEpoch.seal(mutable.view());
            recomputeSealedBounds();
            mutable = new MutableEpoch(epochCapacity);
        }
    }

    private void recomputeSealedBounds() {
        sealedMinEnd = Long.MAX_VALUE;
        sealedMaxEnd = Long.MIN_VALUE;
        for (SealedEpoch ep : sealed) {
            sealedMinEnd = Math.min(sealedMinEnd, ep.minEnd);
            sealedMaxEnd = Math.max(sealedMaxEnd, ep.maxEnd);
        }
    }

    private long publish() {
        sequence++;
        current = new ViewSnapshot(id, sequence, sealed, mutable.view(), dictionary.published(), versions);
        return sequence;
    }

    private InvalidInputException duplicate(Labels group, long s, long e) {
        return new InvalidInputException("view " + id + " already holds a state of " + group + " for "
                + new Interval(s, e) + "; a store never merges states");
    }

    private void lock() {
        if (!instrumented) {
            lock.lock();
            return;
        }
        long t0 = System.nanoTime();
        lock.lock();
        lockedAt = System.nanoTime();
        lockWaitNanos.add(lockedAt - t0);
    }

    private void unlock() {
        if (instrumented) {
            lockHoldNanos.add(System.nanoTime() - lockedAt);
            lockAcquisitions.increment();
        }
        lock.unlock();
    }
}
