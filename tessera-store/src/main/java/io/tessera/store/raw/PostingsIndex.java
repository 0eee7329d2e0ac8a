package io.tessera.store.raw;

import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.MatchType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * Series ids and the postings of every (label name, value) pair, as Prometheus' head index
 * keeps them. Series ids grow monotonically, so new ids append to their postings lists.
 * Selection holds the read lock for the set algebra only; adding and removing series take the
 * write lock briefly.
 */
final class PostingsIndex {

    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final Map<String, Map<String, PostingsList>> postings = new HashMap<>();
    private final PostingsList all = new PostingsList();
    private volatile MemSeries[] byId = new MemSeries[1024];
    /** Each id's labels beside {@link #byId}, for reads that need only the labels of many series. */
    private volatile Labels[] labelsById = new Labels[1024];

    private int nextId;
    /** Counts the series added and removed, so a selection in label order stays valid until it changes. */
    private volatile long changes;
    /** Recent selections in label order, by their matchers: reads of views and dashboards repeat the same few. */
    private final Map<List<LabelMatcher>, InLabelOrder> inLabelOrder = new java.util.concurrent.ConcurrentHashMap<>();

    private record InLabelOrder(long changes, MemSeries[] series) {}

    private static final int KEPT_SELECTIONS = 256;
    private static final java.util.Comparator<MemSeries> BY_LABELS = (a, b) -> a.labels.compareTo(b.labels);

    /** Registers new series, assigning ids in order; {@code labels[i]} gets {@code views[i]}. */
    MemSeries[] add(Labels[] labels, SeriesView[] views, int n) {
        MemSeries[] created = new MemSeries[n];
        lock.writeLock().lock();
        try {
            for (int i = 0; i < n; i++) {
                int id = nextId++;
                MemSeries series = new MemSeries(id, labels[i], views[i]);
                if (id >= byId.length) {
                    byId = Arrays.copyOf(byId, byId.length * 2);
                    labelsById = Arrays.copyOf(labelsById, byId.length);
                }
                byId[id] = series;
                labelsById[id] = series.labels;
                all.add(id);
                Labels l = labels[i];
                for (int k = 0; k < l.size(); k++) {
                    postings.computeIfAbsent(l.name(k), x -> new HashMap<>())
                            .computeIfAbsent(l.value(k), x -> new PostingsList())
                            .add(id);
                }
                created[i] = series;
            }
            changes++;
        } finally {
            lock.writeLock().unlock();
        }
        return created;
    }

    void remove(List<MemSeries> removed) {
        if (removed.isEmpty()) {
            return;
        }
        int[] ids = new int[removed.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = removed.get(i).id;
        }
        Arrays.sort(ids);
        lock.writeLock().lock();
        try {
            IdentityHashMap<PostingsList, String[]> touched = new IdentityHashMap<>();
            for (MemSeries s : removed) {
                byId[s.id] = null;
                labelsById[s.id] = null;
                Labels l = s.labels;
                for (int k = 0; k < l.size(); k++) {
                    PostingsList list = postings.get(l.name(k)).get(l.value(k));
                    touched.putIfAbsent(list, new String[] {l.name(k), l.value(k)});
                }
            }
            changes++;
            all.removeAll(ids);
            for (Map.Entry<PostingsList, String[]> e : touched.entrySet()) {
                PostingsList list = e.getKey();
                list.removeAll(ids);
                if (list.size() == 0) {
                    Map<String, PostingsList> values = postings.get(e.getValue()[0]);
                    values.remove(e.getValue()[1]);
                    if (values.isEmpty()) {
                        postings.remove(e.getValue()[0]);
                    }
                }
            }
        } finally {
            lock.writeLock().unlock();
        }
    }

    /**
     * The series matching every matcher, in id order. A matcher that does not match "" selects
     * the union of the postings of its matching values; one that matches "" also selects series
     * without the label, so it subtracts the postings of the values it rejects. With no
     * non-empty matcher the start set is every series.
     */
    MemSeries[] select(List<LabelMatcher> matchers) {
        lock.readLock().lock();
        try {
            int[] ids = idsOf(matchers);
            MemSeries[] out = new MemSeries[ids.length];
            for (int i = 0; i < ids.length; i++) {
                out[i] = byId[ids[i]];
            }
            return out;
        } finally {
            lock.readLock().unlock();
        }
    }

    /**
     * The series of {@link #select} in label order; the array is shared between readers, which
     * must not change it.
     */
    MemSeries[] selectInLabelOrder(List<LabelMatcher> matchers) {
        InLabelOrder kept = inLabelOrder.get(matchers);
        long now;
        int[] ids;
        MemSeries[] out;
        lock.readLock().lock();
        try {
            now = changes;
            if (kept != null && kept.changes == now) {
                return kept.series;
            }
            ids = idsOf(matchers);
            out = new MemSeries[ids.length];
            for (int i = 0; i < ids.length; i++) {
                out[i] = byId[ids[i]];
            }
        } finally {
            lock.readLock().unlock();
        }
        Arrays.sort(out, BY_LABELS);
        if (inLabelOrder.size() >= KEPT_SELECTIONS) {
            inLabelOrder.clear();
        }
        inLabelOrder.put(List.copyOf(matchers), new InLabelOrder(now, out));
        return out;
    }

    /** The ids of {@link #select}, ascending, without touching the series. */
    int[] selectIds(List<LabelMatcher> matchers) {
        lock.readLock().lock();
        try {
            return idsOf(matchers);
        } finally {
            lock.readLock().unlock();
        }
    }

    /** The series of {@code ids} that are still registered, in the same order. */
    MemSeries[] seriesOf(int[] ids) {
        lock.readLock().lock();
        try {
            MemSeries[] out = new MemSeries[ids.length];
            int n = 0;
            for (int id : ids) {
                MemSeries series = byId[id];
                if (series != null) {
                    out[n++] = series;
                }
            }
            return n == out.length ? out : Arrays.copyOf(out, n);
        } finally {
            lock.readLock().unlock();
        }
    }

    /**
     * The labels of {@code ids}, which this thread selected before: null for a series removed
     * since. Without the lock: the array holds every id selected under it (it only grows by
     * copying), and a removal only writes null.
     */
    Labels[] labelsOf(int[] ids, int n) {
        Labels[] labels = labelsById;
        Labels[] out = new Labels[n];
        for (int i = 0; i < n; i++) {
            out[i] = labels[ids[i]];
        }
        return out;
    }

    private int[] idsOf(List<LabelMatcher> matchers) {
        int[] ids = null;
        for (LabelMatcher m : matchers) {
            if (!m.matchesEmpty()) {
                int[] matching = postingsFor(m, true);
                ids = ids == null ? matching : IdSets.intersect(ids, matching);
                if (ids.length == 0) {
                    return ids;
                }
            }
        }
        if (ids == null) {
            ids = all.copy();
        }
        for (LabelMatcher m : matchers) {
            if (m.matchesEmpty()) {
                ids = IdSets.subtract(ids, postingsFor(m, false));
            }
        }
        return ids;
    }

    /** The union of the postings of {@code m.name()}'s values for which {@code m} gives {@code wanted}. */
    private int[] postingsFor(LabelMatcher m, boolean wanted) {
        Map<String, PostingsList> values = postings.get(m.name());
        if (values == null) {
            return IdSets.EMPTY;
        }
        if (m.type() == MatchType.EQUAL && wanted || m.type() == MatchType.NOT_EQUAL && !wanted) {
            PostingsList list = values.get(m.value());
            return list == null ? IdSets.EMPTY : list.copy();
        }
        List<PostingsList> lists = new ArrayList<>();
        for (Map.Entry<String, PostingsList> e : values.entrySet()) {
            if (m.matches(e.getKey()) == wanted) {
                lists.add(e.getValue());
            }
        }
        return IdSets.union(lists, nextId);
    }

    List<String> labelNames() {
        lock.readLock().lock();
        try {
            List<String> names = new ArrayList<>(postings.keySet());
            names.sort(null);
            return names;
        } finally {
            lock.readLock().unlock();
        }
    }

    List<String> labelValues(String name) {
        lock.readLock().lock();
        try {
            Map<String, PostingsList> values = postings.get(name);
            List<String> out = values == null ? new ArrayList<>() : new ArrayList<>(values.keySet());
            out.sort(null);
            return out;
        } finally {
            lock.readLock().unlock();
        }
    }
}
