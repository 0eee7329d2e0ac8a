package io.tessera.store.summary;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The summary store: per view definition id, the states of the view keyed by group and
 * interval (see {@link ViewStore}). Views are created on first use and are independent: each
 * has its own write lock, epochs and group dictionary.
 */
public final class SummaryStore {

    private final SummaryStoreConfig config;
    private final ConcurrentHashMap<String, ViewStore> views = new ConcurrentHashMap<>();

    public SummaryStore() {
        this(SummaryStoreConfig.DEFAULT);
    }

    public SummaryStore(SummaryStoreConfig config) {
        this.config = config;
    }

    /** The store of view definition {@code viewId}, created empty on first use. */
    public ViewStore view(String viewId) {
        return views.computeIfAbsent(viewId, id -> new ViewStore(id, config));
    }

    /** The store of {@code viewId}, or null when nothing was ever stored for it. */
    public ViewStore existingView(String viewId) {
        return views.get(viewId);
    }

    /**
     * Forgets every state of {@code viewId}: the next {@link #view} of it starts empty. Readers
     * holding a snapshot of the old store keep reading it.
     */
    public void drop(String viewId) {
        views.remove(viewId);
    }

    public Set<String> viewIds() {
        return Set.copyOf(views.keySet());
    }

    /** Applies {@link ViewStore#evictEpochsEndingBefore} to every view; returns states evicted. */
    public long evictEpochsEndingBefore(long cutoffMs) {
        long evicted = 0;
        for (ViewStore view : views.values()) {
            evicted += view.evictEpochsEndingBefore(cutoffMs);
        }
        return evicted;
    }
}
