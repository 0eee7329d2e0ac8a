package io.tessera.store.raw;

import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.spi.DataStore;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The newest few span reads, kept while the store has not changed since: the panels of a
 * dashboard refresh together at one "now", and every panel over the same metric reads the same
 * edges of its windows (the samples no pane covers), so the second panel on {@code x} finds
 * them here instead of walking to every series again. An entry holds the store's {@link
 * SeriesTable#version()} read before the read it records; any write that completes later
 * (append, retention, restore) moves the version on, and the entry is never handed out again.
 * Entries are replayed through {@link DataStore.SeriesSink#seriesRange}, whose sinks only read
 * the arrays; reads of more than {@link #MAX_SAMPLES} samples are not kept.
 */
final class SpanReadCache {

    static final int ENTRIES = 8;
    /** 2 MiB of samples an entry at most. */
    static final int MAX_SAMPLES = 131_072;

    private record Key(List<LabelMatcher> matchers, long[] bounds) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.matchers.equals(matchers) && Arrays.equals(k.bounds, bounds);
        }

        @Override
        public int hashCode() {
            return matchers.hashCode() * 31 + Arrays.hashCode(bounds);
        }
    }

    /** The series of one read, in the order the read handed them, as ranges of two arrays. */
    private record Kept(long version, Labels[] labels, int[] from, int[] count, int size, long[] ts, double[] vs) {
        void replay(DataStore.SeriesSink sink) {
            for (int s = 0; s < size; s++) {
                sink.seriesRange(labels[s], ts, vs, from[s], count[s]);
            }
        }
    }

    private final LongAdder reused = new LongAdder();

    private final Map<Key, Kept> entries = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Kept> eldest) {
            return size() > ENTRIES;
        }
    };

    /**
     * Hands {@code sink} the series of the read of {@code bounds}: kept ones when the store is
     * still at the version they were read at, else those {@code read} hands (kept for next time).
     *
     * @param version the store's version, read before anything of the read
     */
    void read(
            List<LabelMatcher> matchers,
            long[] bounds,
            long version,
            DataStore.SeriesSink sink,
            java.util.function.Consumer<DataStore.SeriesSink> read) {
        Key key = new Key(List.copyOf(matchers), bounds.clone());
        Kept kept;
        synchronized (entries) {
            kept = entries.get(key);
        }
        if (kept != null && kept.version == version) {
            reused.increment();
            kept.replay(sink);
            return;
        }
        Recorder recorder = new Recorder(sink);
        read.accept(recorder);
        Kept entry = recorder.finish(version);
        if (entry != null) {
            synchronized (entries) {
                entries.put(key, entry);
            }
            entry.replay(sink);
        }
    }

    /** Reads answered from a kept one so far. */
    long reused() {
        return reused.sum();
    }

    /**
     * Copies what a read hands into one pair of arrays, up to {@link #MAX_SAMPLES}; past that it
     * hands everything recorded so far to the sink and passes the rest straight through.
     */
    private static final class Recorder implements DataStore.SeriesSink {
        private final DataStore.SeriesSink sink;
        private Labels[] labels = new Labels[64];
        private int[] from = new int[64];
        private int[] count = new int[64];
        private int size;
        private long[] ts = new long[1024];
        private double[] vs = new double[1024];
        private int samples;
        private boolean passing;

        Recorder(DataStore.SeriesSink sink) {
            this.sink = sink;
        }

        @Override
        public void series(Labels l, long[] t, double[] v, int n) {
            seriesRange(l, t, v, 0, n);
        }

        @Override
        public void seriesRange(Labels l, long[] t, double[] v, int start, int n) {
            if (!passing && samples + n > MAX_SAMPLES) {
                new Kept(0, labels, from, count, size, ts, vs).replay(sink);
                passing = true;
            }
            if (passing) {
                sink.seriesRange(l, t, v, start, n);
                return;
            }
            if (size == labels.length) {
                labels = Arrays.copyOf(labels, 2 * size);
                from = Arrays.copyOf(from, 2 * size);
                count = Arrays.copyOf(count, 2 * size);
            }
            if (samples + n > ts.length) {
                int capacity = Math.max(2 * ts.length, samples + n);
                ts = Arrays.copyOf(ts, capacity);
                vs = Arrays.copyOf(vs, capacity);
            }
            System.arraycopy(t, start, ts, samples, n);
            System.arraycopy(v, start, vs, samples, n);
            labels[size] = l;
            from[size] = samples;
            count[size++] = n;
            samples += n;
        }

        /** The read as an entry, or null when it was passed through. */
        Kept finish(long version) {
            return passing ? null : new Kept(version, labels, from, count, size, ts, vs);
        }
    }
}
