package io.tessera.exec.sql;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.exec.context.RunContext;
import io.tessera.plan.GroupedAggregate;
import io.tessera.plan.Scan;
import io.tessera.plan.TableWindow;
import io.tessera.plan.TimeBucket;
import io.tessera.sketch.CountState;
import io.tessera.sketch.DistinctCoupons;
import io.tessera.sketch.DistinctState;
import io.tessera.sketch.ErrorBound;
import io.tessera.sketch.State;
import io.tessera.sketch.SumState;
import io.tessera.spi.DataStore;
import io.tessera.spi.ViewStates;
import io.tessera.sql.AggregateFunction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * A GroupedAggregate by a time bucket and columns answered from a {@link SqlView} whose pane width
 * divides the bucket width, on the pane grid. A bucket {@code [B, B + W)} holds rows by their
 * time, left-closed; a pane {@code (t − p, t]} is left-open. A pane therefore belongs whole to the
 * bucket of its rows before {@code t} unless {@code t} is a bucket boundary with rows exactly at
 * {@code t}: such a pane (there is a one-millisecond raw read per boundary to tell) is read from
 * raw rows, as are the panes the store cannot give ({@link UsablePanes}) and the window's
 * uncovered head and tail; raw rows go to the bucket of their own time. Each (bucket, group) is
 * then answered as a window is: its panes merged and its raw rows added, exact families exactly,
 * quantiles exactly when the parts hold every value and otherwise within the merged sketch's rank
 * bound, distinct counts within the sketch's bound.
 */
final class BucketedViewAggregation {

    private BucketedViewAggregation() {}

    /** Whether {@code view}'s panes tile {@code bucket}'s buckets. */
    static boolean aligned(SqlView view, TimeBucket bucket) {
        long p = view.paneMs();
        return bucket.widthMs() % p == 0 && Math.floorMod(bucket.originMs(), p) == 0;
    }

    static RowTable answer(
            GroupedAggregate node,
            TimeBucket bucket,
            EdgeSource source,
            Consumer<ErrorBound> approximate,
            BucketMemo memo) {
        TableWindow window = source.window();
        Scan scan = source.scan();
        SqlView view = source.view();
        DataStore store = source.store();
        RunContext context = source.context();
        long start = window.startExclusive();
        long end = window.endInclusive();
        long p = view.paneMs();
        long first = source.firstWholePane();
        long last = source.lastWholePaneEnd();
        // (bucket start, group) → raw part, and → pane states in time order
        Map<Long, Map<Labels, Object>> raw = new TreeMap<>();
        Map<Long, BucketMemo.Visits> panes = new TreeMap<>();
        // bucket → group → its pane part's rows that belong to the next bucket
        Map<Long, Map<Labels, Object>> removed = new HashMap<>();
        // bucket → its parts by group
        Map<Long, BucketMemo.Bucket> kept = new TreeMap<>();
        String key = bucket.output();
        if (first < last) {
            List<Interval> wanted = new ArrayList<>();
            List<Interval> rawPanes = new ArrayList<>();
            // pane end → the rows exactly there, each group's part: moved out of the pane's bucket into the next
            Map<Long, Map<Labels, Object>> atBoundary = new HashMap<>();
            boolean movable = view.function() == AggregateFunction.QUANTILE
                    || view.function() == AggregateFunction.SUM
                    || view.function() == AggregateFunction.COUNT;
            for (long t = first; t < last; t += p) {
                Interval pane = new Interval(t, t + p);
                if (isBoundary(bucket, t + p) && hasRowsAt(scan, window, store, context, t + p)) {
                    if (movable) {
                        Map<Labels, Object> rows = new HashMap<>();
                        EdgeRows.add(rows, source, t + p - 1, t + p);
                        atBoundary.put(t + p, rows);
                        wanted.add(pane);
                    } else {
                        rawPanes.add(pane);
                    }
                } else {
                    wanted.add(pane);
                }
            }
            ViewStates states = null;
            if (!wanted.isEmpty()) {
                UsablePanes.Read read = UsablePanes.read(view, wanted, store, context);
                states = read.states();
                rawPanes.addAll(read.exact());
                for (Interval pane : read.exact()) {
                    // read raw, its rows go to their own buckets: nothing to move
                    atBoundary.remove(pane.end());
                }
                source.reportExactPanes(read.exact().size(), first, last);
            }
            for (int i = 0; states != null && i < states.paneCount(); i++) {
                context.checkAlive();
                states.forEach(
                        i,
                        panes.computeIfAbsent(
                                bucketOf(bucket, states.pane(i).end() - 1), b -> new BucketMemo.Visits()));
            }
            Map<Long, BucketMemo.Bucket> before = memo.last(view.readingId());
            for (Map.Entry<Long, BucketMemo.Visits> b : panes.entrySet()) {
                context.checkAlive();
                BucketMemo.Bucket was = before.get(b.getKey());
                kept.put(
                        b.getKey(),
                        was != null
                                        && was.outputKey().equals(key)
                                        && was.visits().same(b.getValue())
                                ? was
                                : parts(view, b.getKey(), b.getValue(), was, key));
            }
            for (Interval pane : rawPanes) {
                fold(raw, kept, bucket, source, pane.start(), pane.end());
            }
            for (long t : atBoundary.keySet()) {
                removed.put(bucketOf(bucket, t - 1), atBoundary.get(t));
                fold(raw, kept, bucket, source, t - 1, t);
            }
            fold(raw, kept, bucket, source, start, first);
            fold(raw, kept, bucket, source, last, end);
        } else {
            fold(raw, kept, bucket, source, start, end);
        }
        Map<Labels, Object> merged = new LinkedHashMap<>();
        // buckets no raw rows touch answer with the table they kept
        List<RowTable> tables = new ArrayList<>();
        for (Map.Entry<Long, BucketMemo.Bucket> b : kept.entrySet()) {
            context.checkAlive();
            Map<Labels, Object> edges = raw.getOrDefault(b.getKey(), Map.of());
            Map<Labels, Object> moved = removed.getOrDefault(b.getKey(), Map.of());
            if (edges.isEmpty() && moved.isEmpty()) {
                tables.add(b.getValue().answer(node, window, approximate));
            } else {
                answer(view, b.getValue(), edges, moved, merged);
            }
        }
        memo.keep(view.readingId(), kept);
        for (Map.Entry<Long, Map<Labels, Object>> b : raw.entrySet()) {
            BucketMemo.Bucket covered = kept.get(b.getKey());
            String at = Long.toString(b.getKey());
            for (Map.Entry<Labels, Object> g : b.getValue().entrySet()) {
                if (covered == null || !covered.parts().containsKey(g.getKey())) {
                    merged.put(g.getKey().with(key, at), ViewAggregation.combine(view, null, g.getValue()));
                }
            }
        }
        tables.add(ViewAggregation.table(node, window, key, merged, approximate));
        return tables.size() == 1 ? tables.getFirst() : RowTable.concat(tables);
    }

    /** Puts each group's answer in one bucket into {@code merged}: its pane part with its raw rows, less its moved rows. */
    private static void answer(
            SqlView view,
            BucketMemo.Bucket bucket,
            Map<Labels, Object> edges,
            Map<Labels, Object> moved,
            Map<Labels, Object> merged) {
        for (Map.Entry<Labels, BucketMemo.Part> g : bucket.parts().entrySet()) {
            BucketMemo.Part part = g.getValue();
            Object edge = edges.get(g.getKey());
            Object out = moved.get(g.getKey());
            merged.put(
                    part.output(),
                    out != null
                            ? without(view, part.part(), edge, out)
                            : edge == null ? part.alone() : ViewAggregation.combine(view, part.part(), edge));
        }
    }

    /**
     * A bucket's parts by group from its panes' states ({@code visits}), each group's part taken
     * over from the bucket's last run ({@code was}) when its states are the very same.
     */
    private static BucketMemo.Bucket parts(
            SqlView view, long bucketStart, BucketMemo.Visits visits, BucketMemo.Bucket was, String key) {
        Map<Labels, List<State>> byGroup = new LinkedHashMap<>();
        visits.forEach((stored, state) -> {
            Labels group = view.groupOf(stored);
            if (group != null) {
                byGroup.computeIfAbsent(group, g -> new ArrayList<>(2)).add(state);
            }
        });
        Map<Labels, BucketMemo.Part> parts = new LinkedHashMap<>();
        String at = Long.toString(bucketStart);
        for (Map.Entry<Labels, List<State>> g : byGroup.entrySet()) {
            BucketMemo.Part part = was == null ? null : was.parts().get(g.getKey());
            if (part == null
                    || !part.sameStates(g.getValue())
                    || !part.outputKey().equals(key)) {
                Object panePart = part(view, g.getValue());
                // one pane alone answers from its own state (its estimator, unmerged, is the sharper one)
                Object alone =
                        panePart instanceof DistinctCoupons && g.getValue().size() == 1
                                ? g.getValue().getFirst()
                                : ViewAggregation.combine(view, panePart, null);
                part = new BucketMemo.Part(
                        g.getValue(), panePart, key, g.getKey().with(key, at), alone);
            }
            parts.put(g.getKey(), part);
        }
        return new BucketMemo.Bucket(visits, key, java.util.Collections.unmodifiableMap(parts));
    }

    /** A (bucket, group)'s answer from its pane part and raw rows, less the part's rows that belong to the next bucket. */
    private static Object without(SqlView view, Object panes, Object edge, Object moved) {
        return switch (panes) {
            case PaneMemo.QuantilePanes q -> {
                EdgeRows.Values e = (EdgeRows.Values) edge;
                EdgeRows.Values m = (EdgeRows.Values) moved;
                yield q.sorted() != null
                        ? WindowQuantiles.exact(
                                WindowQuantiles.without(q.sorted(), m.values, m.size),
                                e == null ? null : e.values,
                                e == null ? 0 : e.size)
                        : WindowQuantiles.sketchedWithout(
                                q.sketch(),
                                q.bound(),
                                e == null ? null : e.values,
                                e == null ? 0 : e.size,
                                m.values,
                                m.size);
            }
            case SumState s -> {
                SumState plus = edge == null ? null : (SumState) edge;
                SumState minus = (SumState) moved;
                yield new Corrected(
                        s.value() + (plus == null ? 0 : plus.value()) - minus.value(),
                        s.count() + (plus == null ? 0 : plus.count()) - minus.count(),
                        false);
            }
            case CountState c -> {
                CountState plus = edge == null ? null : (CountState) edge;
                yield new Corrected(
                        0, c.value() + (plus == null ? 0 : plus.value()) - ((CountState) moved).value(), true);
            }
            default -> throw new IllegalStateException("cannot take rows out of " + panes);
        };
    }

    /** A sum ({@code count} its number of values) or a count with some rows taken out. */
    record Corrected(double sum, long count, boolean isCount) {}

    /** A (bucket, group)'s pane part: for quantiles its values or merged sketch, else its states merged. */
    private static Object part(SqlView view, List<State> states) {
        if (view.function() == AggregateFunction.QUANTILE) {
            return PaneMemo.quantilePart(view, states);
        }
        if (view.function() == AggregateFunction.APPROX_COUNT_DISTINCT) {
            List<DistinctState> all = new ArrayList<>(states.size());
            for (State s : states) {
                all.add((DistinctState) s);
            }
            return DistinctCoupons.of(
                    all.size() == 1
                            ? all.getFirst()
                            : DistinctState.union(all.getFirst().lgK(), all));
        }
        if (states.size() == 1) {
            return states.getFirst();
        }
        State out = view.newState();
        for (State s : states) {
            out.merge(s);
        }
        return out;
    }

    private static long bucketOf(TimeBucket bucket, long ts) {
        return Math.floorDiv(ts - bucket.originMs(), bucket.widthMs()) * bucket.widthMs() + bucket.originMs();
    }

    private static boolean isBoundary(TimeBucket bucket, long t) {
        return Math.floorMod(t - bucket.originMs(), bucket.widthMs()) == 0;
    }

    private static boolean hasRowsAt(Scan scan, TableWindow window, DataStore store, RunContext context, long t) {
        TableWindow at = new TableWindow(window.input(), window.timeColumn(), List.of(timeColumn(window)), t - 1, t);
        return TableReader.read(scan, at, store, context).rows > 0;
    }

    private static io.tessera.core.Column timeColumn(TableWindow window) {
        for (io.tessera.core.Column c : window.columns()) {
            if (c.name().equals(window.timeColumn())) {
                return c;
            }
        }
        throw new IllegalStateException("no time column in " + window);
    }

    /** A group's new raw part in a bucket: a distinct count's counter on the group's pane coupons there, when it has panes. */
    private static java.util.function.Function<Labels, Object> newPart(SqlView view, BucketMemo.Bucket bucket) {
        java.util.function.Function<Labels, Object> fresh = EdgeRows.fresh(view);
        if (bucket == null || view.function() != AggregateFunction.APPROX_COUNT_DISTINCT) {
            return fresh;
        }
        return g -> bucket.parts().get(g) instanceof BucketMemo.Part p && p.part() instanceof DistinctCoupons d
                ? d.counter()
                : fresh.apply(g);
    }

    /** Folds the raw rows of {@code (from, to]} into the raw part of each row's (bucket, group): one read per bucket it touches. */
    private static void fold(
            Map<Long, Map<Labels, Object>> raw,
            Map<Long, BucketMemo.Bucket> parts,
            TimeBucket bucket,
            EdgeSource source,
            long from,
            long to) {
        if (to == Long.MAX_VALUE) {
            // rows past now: as far as the newest of them
            TableWindow window = source.window();
            long[] ts = (long[]) TableReader.read(
                            source.scan(),
                            new TableWindow(window.input(), window.timeColumn(), List.of(timeColumn(window)), from, to),
                            source.store(),
                            source.context())
                    .columns[0];
            long newest = from;
            for (long t : ts) {
                newest = Math.max(newest, t);
            }
            to = newest;
        }
        long b = bucketOf(bucket, from + 1);
        long lo = from;
        while (lo < to) {
            long hi = Math.min(to, b + bucket.widthMs() - 1);
            EdgeRows.add(
                    raw.computeIfAbsent(b, x -> new HashMap<>()), newPart(source.view(), parts.get(b)), source, lo, hi);
            lo = hi;
            b += bucket.widthMs();
        }
    }
}
