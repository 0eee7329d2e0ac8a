package io.tessera.exec.sql;

import io.tessera.core.Labels;
import io.tessera.exec.ViewStates;
import io.tessera.sketch.State;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per view, the pane parts of each (bucket, group) of the last bucketed run, kept between the runs
 * of one {@link SqlEngine} as {@link PaneMemo} keeps a window's: a bucket's parts are used again
 * whole when the run's view read handed out the very same states for its panes, in the same
 * order, and a group's part when its own states are the same, so a rebuilt pane is merged
 * afresh. Only the last run's buckets are kept. Parts are never written after they are built.
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

    /** A bucket's panes' states in visit order, its output key and its parts by group. */
    record Bucket(Visits visits, String outputKey, Map<Labels, Part> parts) {
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
                if (states[i] != other.states[i] || (groups[i] != other.groups[i] && !groups[i].equals(other.groups[i]))) {
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
