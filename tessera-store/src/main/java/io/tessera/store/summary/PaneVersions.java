package io.tessera.store.summary;

import io.tessera.core.Interval;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * What late data changed in a view, as of one snapshot: panes whose stored states no longer
 * summarize everything the raw store holds for them (<em>stale</em>, each with the commit that
 * marked it), and panes rebuilt since, whose new states replace every fragment the epochs hold
 * for that interval. Immutable: a change publishes a new one with the next snapshot, so a reader
 * sees a pane either stale, or as it was, or as rebuilt, never a mix.
 */
final class PaneVersions {

    static final PaneVersions NONE = new PaneVersions(Map.of(), Map.of(), 0);

    /** The states that replace one pane: rows {@code [0, length)} of {@code groups} and {@code states}. */
    record Replacement(int[] groups, StateColumn states, int length, long committed) {}

    private final Map<Interval, Long> stale;
    private final Map<Interval, Replacement> replaced;
    private final long staleMarkings;

    private PaneVersions(Map<Interval, Long> stale, Map<Interval, Replacement> replaced, long staleMarkings) {
        this.stale = stale;
        this.replaced = replaced;
        this.staleMarkings = staleMarkings;
    }

    boolean isEmpty() {
        return stale.isEmpty() && replaced.isEmpty();
    }

    boolean isStale(Interval pane) {
        return !stale.isEmpty() && stale.containsKey(pane);
    }

    Map<Interval, Long> stale() {
        return Collections.unmodifiableMap(stale);
    }

    Replacement replacement(long start, long end) {
        return replaced.isEmpty() ? null : replaced.get(new Interval(start, end));
    }

    Map<Interval, Replacement> replaced() {
        return Collections.unmodifiableMap(replaced);
    }

    /** How many times panes of the view were marked stale: it changes whenever late data reached a built pane. */
    long staleMarkings() {
        return staleMarkings;
    }

    PaneVersions markStale(Iterable<Interval> panes, long commit) {
        Map<Interval, Long> next = new HashMap<>(stale);
        for (Interval pane : panes) {
            next.put(pane, commit);
        }
        return new PaneVersions(next, replaced, staleMarkings + 1);
    }

    /**
     * These versions with {@code rebuilt} replacing their panes; a pane's stale mark goes only when
     * it is still the mark the rebuild started from ({@code marks}), since a mark set later means
     * samples arrived that the rebuild may not have read.
     */
    PaneVersions replace(Map<Interval, Replacement> rebuilt, Map<Interval, Long> marks) {
        Map<Interval, Replacement> nextReplaced = new HashMap<>(replaced);
        nextReplaced.putAll(rebuilt);
        Map<Interval, Long> nextStale = new HashMap<>(stale);
        for (Map.Entry<Interval, Long> m : marks.entrySet()) {
            nextStale.remove(m.getKey(), m.getValue());
        }
        return new PaneVersions(nextStale, nextReplaced, staleMarkings);
    }

    /** Without panes ending before {@code cutoffMs}, or this when none does. */
    PaneVersions evictEndingBefore(long cutoffMs) {
        boolean any = false;
        for (Interval pane : stale.keySet()) {
            any |= pane.end() < cutoffMs;
        }
        for (Interval pane : replaced.keySet()) {
            any |= pane.end() < cutoffMs;
        }
        if (!any) {
            return this;
        }
        Map<Interval, Long> nextStale = new HashMap<>(stale);
        nextStale.keySet().removeIf(p -> p.end() < cutoffMs);
        Map<Interval, Replacement> nextReplaced = new HashMap<>(replaced);
        nextReplaced.keySet().removeIf(p -> p.end() < cutoffMs);
        return new PaneVersions(nextStale, nextReplaced, staleMarkings);
    }

    long memoryBytes() {
        long bytes = 64 + 48L * stale.size();
        for (Replacement r : replaced.values()) {
            bytes += 64 + 4L * r.groups().length + r.states().memoryBytes(r.length());
        }
        return bytes;
    }
}
