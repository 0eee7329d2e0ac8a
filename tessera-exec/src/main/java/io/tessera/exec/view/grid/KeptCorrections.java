package io.tessera.exec.view.grid;

import io.tessera.core.Labels;
import io.tessera.plan.Scan;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * What the instant corrections between two grid points share: a dashboard refreshing at "now"
 * asks the same query many times before the next grid point. For grid point g and step s, the
 * values kept at g, and every series' samples in {@code (g - w, g - w + s + ext]}: all that can
 * leave the window while T moves up to g + s; for a counter also each series' last sample in
 * {@code (g - ext, g]}. The first correction after g reads and keeps them; the ones after it read
 * only the samples that entered, {@code (g, T]}.
 *
 * <p>Samples that old change only by late data, and late data makes the grid point unusable
 * until it is rebuilt, which every run still checks by reading both views' states at g before it
 * looks here; the views' versions in the key keep a rebuilt grid point from what was kept before. Bounded
 * in entries and in samples; the least recently used grid point goes first.
 */
public final class KeptCorrections {

    static final int MAX_ENTRIES = 16;
    static final long MAX_SAMPLES = 4_000_000;
    /** Samples kept per grid point for series whose whole window some run needed. */
    static final long MAX_STAYING_SAMPLES = 250_000;

    /**
     * One correction's grid point: its views (with their {@link io.tessera.spi.ViewStates#version}, so
     * nothing kept before late data reached them is used with their panes rebuilt), Scan, window
     * and the reach of its spans.
     */
    record Key(
            String valueView,
            String countView,
            long valueVersion,
            long countVersion,
            Scan scan,
            long windowMs,
            long ext,
            long g) {}

    /**
     * @param gone every series' samples that may leave the window before the next grid point, by
     *     output series of {@code values}
     * @param rawOrder the raw label sets of {@code gone}'s rows, in the store's order, and {@code rawIds} their output series
     * @param metricNames the distinct metric names of those raw series
     * @param counterAtG for a counter, what every move from g starts with; null otherwise
     */
    record Kept(
            GridValues values,
            FlatRows gone,
            Labels[] rawOrder,
            int[] rawIds,
            List<String> metricNames,
            CounterAtG counterAtG,
            Map<Integer, Samples> stays,
            AtomicLong staysSamples) {

        Kept(
                GridValues values,
                FlatRows gone,
                Labels[] rawOrder,
                int[] rawIds,
                List<String> metricNames,
                CounterAtG counterAtG) {
            this(values, gone, rawOrder, rawIds, metricNames, counterAtG, new ConcurrentHashMap<>(), new AtomicLong());
        }

        /**
         * The samples of output series {@code series} that stay in every window until the next
         * grid point, read with {@code read} the first time a run needs that series' whole window
         * (a quantile whose bound is over the target, a maximum that left); null once this grid
         * point keeps {@link #MAX_STAYING_SAMPLES} of them.
         */
        Samples stays(int series, Supplier<Samples> read) {
            Samples kept = stays.get(series);
            if (kept != null) {
                return kept;
            }
            if (staysSamples.get() >= MAX_STAYING_SAMPLES) {
                return null;
            }
            Samples fresh = read.get();
            staysSamples.addAndGet(fresh.n());
            Samples raced = stays.putIfAbsent(series, fresh);
            return raced != null ? raced : fresh;
        }
    }

    /** One series' samples in time order: {@code n} of them. */
    record Samples(long[] ts, double[] values, int n) {}

    /**
     * A counter's window at g by output series: its last sample in {@code (g - ext, g]}
     * ({@code lastTs}, {@code lastValues}), and the sum of increments the kept value turns back
     * into ({@code sums}) with the time of the window's first sample it was computed from
     * ({@code firstTs}); {@link #NONE} where a series has no such sample.
     */
    record CounterAtG(long[] lastTs, double[] lastValues, long[] firstTs, double[] sums) {
        static final long NONE = Long.MIN_VALUE;

        boolean hasLast(int series) {
            return series < lastTs.length && lastTs[series] != NONE;
        }

        /** Whether {@code sums[series]} was computed from these first and last sample times. */
        boolean hasSum(int series, long firstT, long lastT) {
            return series < firstTs.length && firstTs[series] == firstT && firstT != NONE && lastTs[series] == lastT;
        }
    }

    private final Map<Key, Kept> entries = new LinkedHashMap<>(16, 0.75f, true);
    private long samples;

    /** The raw samples kept, all grid points together. */
    public synchronized long samples() {
        long n = samples;
        for (Kept kept : entries.values()) {
            n += kept.staysSamples().get();
        }
        return n;
    }

    synchronized Kept get(Key key) {
        return entries.get(key);
    }

    synchronized void put(Key key, Kept kept) {
        long n = kept.gone().samples();
        if (n > MAX_SAMPLES) {
            return;
        }
        Kept before = entries.put(key, kept);
        samples += n - (before == null ? 0 : before.gone().samples());
        Iterator<Kept> oldest = entries.values().iterator();
        while (entries.size() > MAX_ENTRIES || samples > MAX_SAMPLES) {
            samples -= oldest.next().gone().samples();
            oldest.remove();
        }
    }
}
