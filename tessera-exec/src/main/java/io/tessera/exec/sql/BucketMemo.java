package io.tessera.exec.sql;

import io.tessera.core.Column;
import io.tessera.core.Labels;
import io.tessera.plan.GroupedAggregate;
import io.tessera.plan.TableWindow;
import io.tessera.sketch.ErrorBound;
import io.tessera.sketch.State;
import io.tessera.spi.ViewStates;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Per view, the pane parts of each (bucket, group) of the last bucketed run, kept between the runs
 * of one {@link SqlEngine} as {@link PaneMemo} keeps a window's: a bucket's parts are used again
 * whole when the run's view read handed out the very same states for its panes, in the same
 * order, and a group's part when its own states are the same, so a rebuilt pane is merged
 * afresh. Only the last run's buckets are kept. Parts are never written after they are built; a
 * bucket's answer table, when no raw rows touch it, is kept too.
 */
final class BucketMemo {

    /**
     * A (bucket, group)'s pane states, as the store handed them out, the part built from them, the
     * group's output key (its labels and the bucket {@code outputKey}) and its answer when the
     * bucket has no raw rows ({@code alone}).
     */
    record Part(List<State> states, Object part, String outputKey, Labels output, Object alone) {

        boolean sameStates(List<State> now) {
            if (now.size() != states.size()) {
                return false;
            }
            for (int i = 0; i < now.size(); i++) {
                if (now.get(i) != states.get(i)) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * A bucket's panes' states in visit order, its output key, its parts by group, and its answer
     * table when no raw rows touch it (made once per query shape).
     */
    record Bucket(Visits visits, String outputKey, Map<Labels, Part> parts, AtomicReference<Alone> alone) {

        Bucket(Visits visits, String outputKey, Map<Labels, Part> parts) {
            this(visits, outputKey, parts, new AtomicReference<>());
        }

        /** The bucket's rows for {@code node} when no raw rows touch it; the loosest bound of its cells to {@code approximate}. */
        RowTable answer(GroupedAggregate node, TableWindow window, Consumer<ErrorBound> approximate) {
            Alone a = alone.get();
            if (a == null || !a.serves(node, window)) {
                Map<Labels, Object> cells = new LinkedHashMap<>();
                for (Part p : parts.values()) {
                    cells.put(p.output(), p.alone());
                }
                ErrorBound[] loosest = {null};
                RowTable table = ViewAggregation.table(
                        node,
                        window,
                        outputKey,
                        cells,
                        b -> loosest[0] = loosest[0] == null || b.error() > loosest[0].error() ? b : loosest[0]);
                a = new Alone(node.keys(), node.aggregates(), window.timeColumn(), window.columns(), table, loosest[0]);
                alone.set(a);
            }
            if (a.loosest() != null) {
                approximate.accept(a.loosest());
            }
            return a.table();
        }
    }

    /** A bucket's answer table for one query shape (what the table's columns depend on), never written after. */
    record Alone(
            List<String> keys,
            List<GroupedAggregate.Spec> aggregates,
            String timeColumn,
            List<Column> columns,
            RowTable table,
            ErrorBound loosest) {

        boolean serves(GroupedAggregate node, TableWindow window) {
            return keys.equals(node.keys())
                    && aggregates.equals(node.aggregates())
                    && timeColumn.equals(window.timeColumn())
                    && columns.equals(window.columns());
        }
    }

    /** The (stored group, state) pairs a view read handed out for one bucket's panes, in order. */
    static final class Visits implements ViewStates.Visitor {
        private Labels[] groups = new Labels[16];
        private State[] states = new State[16];
        private int size;

        @Override
        public void visit(Labels group, State state) {
            if (size == states.length) {
                groups = Arrays.copyOf(groups, 2 * size);
                states = Arrays.copyOf(states, 2 * size);
            }
            groups[size] = group;
            states[size++] = state;
        }

        void forEach(ViewStates.Visitor visitor) {
            for (int i = 0; i < size; i++) {
                visitor.visit(groups[i], states[i]);
            }
        }

        /** Whether {@code other} holds the very same states, for equal groups, in the same order. */
        boolean same(Visits other) {
            if (other.size != size) {
                return false;
            }
            for (int i = 0; i < size; i++) {
                if (states[i] != other.states[i]
                        || (groups[i] != other.groups[i] && !groups[i].equals(other.groups[i]))) {
                    return false;
                }
            }
            return true;
        }
    }

    private final Map<String, Map<Long, Bucket>> kept = new ConcurrentHashMap<>();

    /** The buckets of {@code viewId}'s last bucketed run by bucket start (empty when none). */
    Map<Long, Bucket> last(String viewId) {
        return kept.getOrDefault(viewId, Map.of());
    }

    void keep(String viewId, Map<Long, Bucket> buckets) {
        kept.put(viewId, buckets);
    }
}
