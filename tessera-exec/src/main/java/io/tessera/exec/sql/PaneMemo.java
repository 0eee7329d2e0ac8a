package io.tessera.exec.sql;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.exec.context.RunContext;
import io.tessera.sketch.DistinctCoupons;
import io.tessera.sketch.DistinctState;
import io.tessera.sketch.KllState;
import io.tessera.sketch.SlidingCoupons;
import io.tessera.sketch.State;
import io.tessera.spi.DataStore;
import io.tessera.spi.ViewStates;
import io.tessera.sql.AggregateFunction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per view reading (a view, and the keys and condition of the queries reading it), the per-group
 * merge of the panes of the last pane range a run read, kept between the runs of one
 * {@link SqlEngine}. Every run still reads the panes from its own store handle; the
 * kept merge is used only when that read hands out the very same states in the same order, so
 * a rebuilt pane or another store is merged afresh. A dashboard re-evaluating a window between
 * two pane boundaries then merges nothing but its raw edges, and when the range moves forward
 * over the same states each group's {@link PaneStacks} merges only the panes that entered.
 *
 * <p>A group's pane part is, for quantiles, every value sorted (when each pane still holds all its
 * values and together at most {@link #EXACT_LIMIT}) or the merged KLL's sorted view; for
 * distinct counts the coupons of their CPC union ({@link DistinctCoupons}); for sums and counts the merged state. Parts are never written
 * after they are built, so concurrent runs share them.
 */
final class PaneMemo {

    static final int EXACT_LIMIT = 1 << 14;

    /** A group's quantile pane part: exactly {@code sorted}, or a sketch's sorted view. */
    record QuantilePanes(double[] sorted, KllState.Sorted sketch, io.tessera.sketch.ErrorBound bound) {}

    /**
     * A view's last pane range: each pane's states as the store handed them out (in visit order),
     * each group's {@link PaneStacks}, the parts built from them, and for a distinct count each
     * group's {@link SlidingCoupons} (null when the family is another or they would take too much memory).
     */
    private record Entry(
            long first,
            long last,
            Map<Long, Visit[]> seen,
            Map<Labels, PaneStacks> stacks,
            Map<Labels, Object> parts,
            Map<Labels, SlidingCoupons> coupons) {}

    private record Visit(Labels group, State state) {}

    /** The pane parts by group, and the panes the view could not give, left to raw rows. */
    record Read(Map<Labels, Object> parts, List<Interval> exact) {}

    private static final Visit[] NONE = new Visit[0];

    private final Map<String, Entry> entries = new ConcurrentHashMap<>();

    /** The bucketed runs' parts, kept alongside. */
    final BucketMemo buckets = new BucketMemo();

    private static final int MAX_FILTERS = 1024;

    /** The memory the distinct counts' sliding coupons of one view reading may take (their bit matrices). */
    private static final long COUPON_BYTES = 64L << 20;

    private final Map<String, GroupFilter> filters = new ConcurrentHashMap<>();

    /**
     * The filter of {@code predicate} over {@code columns} on the groups of {@code view} read for a
     * query grouped by {@code keys}, kept with what it learnt of them (each group's query group).
     */
    GroupFilter filter(
            SqlView view,
            List<String> keys,
            io.tessera.sql.SqlPredicate predicate,
            List<io.tessera.core.Column> columns) {
        if (filters.size() >= MAX_FILTERS) {
            // conditions come from dashboard variables: forget the old ones rather than grow without end
            filters.clear();
        }
        return filters.computeIfAbsent(
                view.definitionId() + " as " + keys + " where " + predicate.toSql() + " over " + columns,
                k -> new GroupFilter(predicate, columns));
    }

    /**
     * The pane parts of {@code [first, last)} (on the view's grid) by group, read from
     * {@code store}; the panes it cannot give ({@link UsablePanes}) are left out and listed. A
     * view's states are regrouped to the query's keys, those its condition leaves out dropped.
     */
    Read panes(SqlView view, DataStore store, RunContext context, long first, long last) {
        long p = view.paneMs();
        List<Interval> panes = new ArrayList<>((int) ((last - first) / p));
        for (long t = first; t < last; t += p) {
            panes.add(new Interval(t, t + p));
        }
        UsablePanes.Read usable = UsablePanes.read(view, panes, store, context);
        ViewStates states = usable.states();
        Map<Long, Visit[]> seen = new java.util.HashMap<>();
        List<Visit> visits = new ArrayList<>();
        for (int i = 0; states != null && i < states.paneCount(); i++) {
            context.checkAlive();
            visits.clear();
            states.forEach(i, (stored, state) -> {
                Labels group = view.groupOf(stored);
                if (group != null) {
                    visits.add(new Visit(group, state));
                }
            });
            seen.put(states.pane(i).start(), visits.toArray(NONE));
        }
        Entry kept = entries.get(view.readingId());
        if (kept != null && kept.first == first && kept.last == last && same(kept.seen, seen, first, last, p)) {
            return new Read(kept.parts, usable.exact());
        }
        boolean slides = kept != null
                && first >= kept.first
                && last >= kept.last
                && first < kept.last
                && same(kept.seen, seen, first, kept.last, p);
        long from = first / p;
        Map<Labels, PaneStacks> stacks = new LinkedHashMap<>();
        Map<Labels, SlidingCoupons> coupons = null;
        if (slides) {
            // the same states where the ranges overlap: drop the panes left behind, push the new ones;
            // one run takes the kept stacks over, a run racing it merges afresh
            synchronized (kept) {
                slides = entries.remove(view.readingId(), kept);
                if (slides) {
                    stacks.putAll(kept.stacks);
                    for (PaneStacks s : stacks.values()) {
                        s.dropTo(Math.min(from, s.to()));
                    }
                    push(view, stacks, seen, from, kept.last, last, p);
                    coupons = kept.coupons;
                }
            }
        }
        if (!slides) {
            push(view, stacks, seen, from, first, last, p);
        }
        int lgK = view.function() == AggregateFunction.APPROX_COUNT_DISTINCT
                ? ((DistinctState) view.newState()).lgK()
                : 0;
        if (lgK > 0 && stacks.size() * SlidingCoupons.matrixBytes(lgK) <= COUPON_BYTES) {
            // a distinct count slides by the coupons of the panes that left and entered: no CPC union per group
            if (coupons != null) {
                move(coupons, kept.seen, kept.first, first, p, false, lgK);
                move(coupons, seen, kept.last, last, p, true, lgK);
            } else {
                coupons = new java.util.HashMap<>();
                move(coupons, seen, first, last, p, true, lgK);
            }
        } else {
            coupons = null;
        }
        // a quantile's exact part slides too: the values of the panes that left are taken out, those that entered
        // merged in
        boolean slideExact = slides && view.function() == AggregateFunction.QUANTILE;
        Map<Labels, PaneValues> left = slideExact ? paneValues(kept.seen, kept.first, first, p) : Map.of();
        Map<Labels, PaneValues> entered = slideExact ? paneValues(seen, kept.last, last, p) : Map.of();
        Map<Labels, Object> parts = new LinkedHashMap<>();
        for (var it = stacks.entrySet().iterator(); it.hasNext(); ) {
            context.checkAlive();
            Map.Entry<Labels, PaneStacks> e = it.next();
            Object part;
            if (coupons != null) {
                SlidingCoupons c = coupons.get(e.getKey());
                part = c == null || c.states() == 0 ? null : c.snapshot();
            } else {
                part = slideExact
                        ? slid(kept.parts.get(e.getKey()), left.get(e.getKey()), entered.get(e.getKey()))
                        : null;
                if (part == null) {
                    part = part(view, e.getValue());
                }
            }
            if (part != null) {
                parts.put(e.getKey(), part);
            } else {
                it.remove();
                if (coupons != null) {
                    coupons.remove(e.getKey());
                }
            }
        }
        Map<Labels, Object> frozen = Collections.unmodifiableMap(parts);
        entries.put(view.readingId(), new Entry(first, last, seen, stacks, frozen, coupons));
        return new Read(frozen, usable.exact());
    }

    /** Each group's distinct-count states of the panes {@code [from, to)} of {@code seen} enter (or leave) its coupons. */
    private static void move(
            Map<Labels, SlidingCoupons> coupons,
            Map<Long, Visit[]> seen,
            long from,
            long to,
            long p,
            boolean enter,
            int lgK) {
        for (long t = from; t < to; t += p) {
            for (Visit v : seen.getOrDefault(t, NONE)) {
                SlidingCoupons c = coupons.computeIfAbsent(v.group(), g -> new SlidingCoupons(lgK));
                if (enter) {
                    c.enter((DistinctState) v.state());
                } else {
                    c.leave((DistinctState) v.state());
                }
            }
        }
    }

    /** A group's values in some panes, or {@link #SKETCHED} when one of those panes no longer holds all of its values. */
    private static final class PaneValues {
        double[] values = new double[64];
        int size;
    }

    private static final PaneValues SKETCHED = new PaneValues();

    /** Each group's values in the panes {@code [from, to)} of {@code seen}. */
    private static Map<Labels, PaneValues> paneValues(Map<Long, Visit[]> seen, long from, long to, long p) {
        Map<Labels, PaneValues> out = new java.util.HashMap<>();
        int[] count = new int[1];
        for (long t = from; t < to; t += p) {
            for (Visit v : seen.getOrDefault(t, NONE)) {
                PaneValues values = out.computeIfAbsent(v.group(), g -> new PaneValues());
                if (values == SKETCHED) {
                    continue;
                }
                double[] grown = ((KllState) v.state()).exactValues(values.values, values.size, count);
                if (grown == null) {
                    out.put(v.group(), SKETCHED);
                } else {
                    values.values = grown;
                    values.size = count[0];
                }
            }
        }
        return out;
    }

    /**
     * A group's exact quantile part after its range slid: {@code before}'s values without those of
     * the panes that {@code left}, with those that {@code entered} (either may be null: none);
     * null when it cannot be had that way (the part was sketched, a pane is, or the values would
     * be more than {@link #EXACT_LIMIT} or none).
     */
    private static QuantilePanes slid(Object before, PaneValues left, PaneValues entered) {
        if (!(before instanceof QuantilePanes q) || q.sorted() == null || left == SKETCHED || entered == SKETCHED) {
            return null;
        }
        int out = left == null ? 0 : left.size;
        int in = entered == null ? 0 : entered.size;
        int size = q.sorted().length - out + in;
        if (size > EXACT_LIMIT || size == 0) {
            return null;
        }
        double[] kept = out == 0 ? q.sorted() : WindowQuantiles.without(q.sorted(), left.values, out);
        if (in == 0) {
            return new QuantilePanes(kept, null, io.tessera.sketch.ErrorBound.EXACT);
        }
        double[] added = Arrays.copyOf(entered.values, in);
        Arrays.sort(added);
        double[] merged = new double[size];
        int i = 0;
        int j = 0;
        for (int o = 0; o < size; o++) {
            merged[o] = j == in || i < kept.length && Double.compare(kept[i], added[j]) <= 0 ? kept[i++] : added[j++];
        }
        return new QuantilePanes(merged, null, io.tessera.sketch.ErrorBound.EXACT);
    }

    /** Pushes the panes {@code [pushFrom, last)} into each group's stacks (new groups start at pane {@code from}). */
    private static void push(
            SqlView view,
            Map<Labels, PaneStacks> stacks,
            Map<Long, Visit[]> seen,
            long from,
            long pushFrom,
            long last,
            long p) {
        for (long t = pushFrom; t < last; t += p) {
            long pane = t / p;
            Visit[] visits = seen.getOrDefault(t, NONE);
            for (Visit v : visits) {
                stacks.computeIfAbsent(v.group(), g -> new PaneStacks(view::newState, from));
            }
            Map<Labels, State> byGroup = new java.util.HashMap<>();
            java.util.Set<Labels> merged = new java.util.HashSet<>();
            for (Visit v : visits) {
                State kept = byGroup.putIfAbsent(v.group(), v.state());
                if (kept != null) {
                    // several series of a per-series view fall in one group: their pane is their merge
                    if (merged.add(v.group())) {
                        State own = view.newState();
                        own.merge(kept);
                        byGroup.put(v.group(), own);
                        kept = own;
                    }
                    kept.merge(v.state());
                }
            }
            for (Map.Entry<Labels, PaneStacks> e : stacks.entrySet()) {
                PaneStacks s = e.getValue();
                while (s.to() < pane) {
                    s.push(null);
                }
                s.push(byGroup.get(e.getKey()));
            }
        }
    }

    /** Whether the panes of {@code [from, to)} hold the very same states, in the same order, in both reads. */
    private static boolean same(Map<Long, Visit[]> before, Map<Long, Visit[]> now, long from, long to, long p) {
        for (long t = from; t < to; t += p) {
            Visit[] a = before.get(t);
            Visit[] b = now.get(t);
            if (a == null || b == null || a.length != b.length) {
                return false;
            }
            for (int i = 0; i < a.length; i++) {
                if (a[i].state() != b[i].state() || !a[i].group().equals(b[i].group())) {
                    return false;
                }
            }
        }
        return true;
    }

    private static Object part(SqlView view, PaneStacks stacks) {
        if (view.function() == AggregateFunction.QUANTILE) {
            List<State> states = stacks.states();
            if (states.isEmpty()) {
                return null;
            }
            double[] sorted = gathered(states);
            if (sorted != null) {
                return new QuantilePanes(sorted, null, io.tessera.sketch.ErrorBound.EXACT);
            }
            KllState merged = (KllState) stacks.merged();
            return new QuantilePanes(null, merged.sorted(), merged.errorBound());
        }
        if (view.function() == AggregateFunction.APPROX_COUNT_DISTINCT) {
            DistinctState merged = (DistinctState) stacks.merged();
            return merged == null ? null : DistinctCoupons.of(merged);
        }
        return stacks.merged();
    }

    /** The quantile pane part of a group's pane states (in time order; at least one): every value sorted, or their merged KLL. */
    static QuantilePanes quantilePart(SqlView view, List<State> states) {
        double[] sorted = gathered(states);
        if (sorted != null) {
            return new QuantilePanes(sorted, null, io.tessera.sketch.ErrorBound.EXACT);
        }
        KllState merged = (KllState) view.newState();
        for (State s : states) {
            merged.merge(s);
        }
        return new QuantilePanes(null, merged.sorted(), merged.errorBound());
    }

    /** Every value of a group's KLL panes, sorted, when each pane still holds all its values and they are at most {@link #EXACT_LIMIT}. */
    private static double[] gathered(List<State> states) {
        long total = 0;
        for (State s : states) {
            total += ((KllState) s).count();
        }
        if (total > EXACT_LIMIT) {
            return null;
        }
        double[] values = new double[(int) total];
        int[] count = new int[1];
        int n = 0;
        for (State s : states) {
            double[] out = ((KllState) s).exactValues(values, n, count);
            if (out == null) {
                return null;
            }
            values = out;
            n = count[0];
        }
        double[] sorted = n == values.length ? values : Arrays.copyOf(values, n);
        Arrays.sort(sorted);
        return sorted;
    }
}
