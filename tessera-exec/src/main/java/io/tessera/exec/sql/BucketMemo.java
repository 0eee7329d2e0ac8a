package io.tessera.exec.sql;

import io.tessera.core.Labels;
import io.tessera.sketch.State;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per view, the pane parts of each (bucket, group) of the last bucketed run, kept between the runs
 * of one {@link SqlEngine} as {@link PaneMemo} keeps a window's: a part is used again only when
 * the run's view read handed out the very same states for that bucket and group, in the same
 * order, so a rebuilt pane is merged afresh. Only the last run's buckets are kept. Parts are
 * never written after they are built.
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

    private final Map<String, Map<Long, Map<Labels, Part>>> kept = new ConcurrentHashMap<>();

    /** The parts of {@code viewId}'s last bucketed run by bucket start and group (empty when none). */
    Map<Long, Map<Labels, Part>> last(String viewId) {
        return kept.getOrDefault(viewId, Map.of());
    }

    void keep(String viewId, Map<Long, Map<Labels, Part>> parts) {
        kept.put(viewId, parts);
    }
}
