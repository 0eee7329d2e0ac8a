package io.tessera.store.wal;

import io.tessera.core.Labels;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The numbers by which log records refer to series, for the life of one process. Numbering
 * starts above every number found in the log at start-up, so a number never means two series
 * anywhere on disk: a record that refers to a number whose definition was lost can only be
 * dropped, never applied to the wrong series.
 */
final class SeriesRefs {

    private final ConcurrentHashMap<Labels, Long> refs = new ConcurrentHashMap<>();
    private final AtomicLong next;

    SeriesRefs(long first) {
        next = new AtomicLong(first);
    }

    long of(Labels labels) {
        Long ref = refs.get(labels);
        return ref != null ? ref : refs.computeIfAbsent(labels, l -> next.getAndIncrement());
    }

    /**
     * Forgets every series, so that series dropped by retention are not remembered for the life
     * of the process: the next reference of each is a new number, never one used before.
     */
    void clear() {
        refs.clear();
    }

    int size() {
        return refs.size();
    }
}
