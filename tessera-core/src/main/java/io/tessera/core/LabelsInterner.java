package io.tessera.core;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Hands out one shared instance per distinct label set, so a store holding millions of
 * references to the same series keeps one copy and compares them by identity first.
 */
public final class LabelsInterner {

    private final ConcurrentHashMap<Labels, Labels> pool = new ConcurrentHashMap<>();

    public Labels intern(Labels labels) {
        Labels existing = pool.putIfAbsent(labels, labels);
        return existing == null ? labels : existing;
    }

    public void forget(Labels labels) {
        pool.remove(labels);
    }

    public int size() {
        return pool.size();
    }
}
