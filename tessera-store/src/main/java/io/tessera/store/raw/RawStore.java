package io.tessera.store.raw;

import io.tessera.core.Batch;
import io.tessera.core.Interval;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.MatchType;
import io.tessera.core.Schema;
import io.tessera.spi.DataStore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.atomic.LongAdder;

/**
 * The in-memory raw time-series store: series found through a postings index, samples kept in
 * XOR-compressed chunks.
 *
 * <p>Writes: {@link #append} takes a whole request and applies all of it or none. A request
 * locks the stripes of its series (by label hash, in ascending order), validates every sample,
 * reserves memory, applies, and unlocks; requests on disjoint stripes run in parallel.
 *
 * <p>Reads never take a writer's lock. Each series publishes an immutable chunk list through a
 * volatile reference, and its head chunk publishes a sample count; a reader decodes a snapshot
 * of both, so it sees a consistent prefix of every series, though not one instant across
 * series. Selection takes the postings index's read lock for the set algebra only.
 *
 * <p>Selectors: an empty matcher list selects every series (a full scan, for table reads and
 * listings); a non-empty list must contain a matcher that does not match "", as in Prometheus
 * (see {@link VectorSelectors}). Times are half-open {@code (start, end]}.
 */
public final class RawStore {

    /** Every representable sample time; no sample may be at {@code Long.MIN_VALUE}. */
    public static final Interval ALL_TIME = Interval.of(Long.MIN_VALUE, Long.MAX_VALUE);

    public static final int DEFAULT_BATCH_ROWS = 4096;

    private final RawStoreConfig config;
    private final AppendRules rules;
    private final SeriesTable table;
    private final LongAdder recentReads = new LongAdder();
    private final SpanReadCache spanReads = new SpanReadCache();

    public RawStore() {
        this(RawStoreConfig.defaults());
    }

    public RawStore(RawStoreConfig config) {
        this.config = config;
        this.rules = new AppendRules(
                new ChunkPolicy(config.samplesPerChunk(), config.maxChunkDurationMillis()),
                config.outOfOrderWindowMillis());
        this.table = new SeriesTable(config.memoryLimitBytes(), config.recentWindowMillis(), config.recentLimit());
    }

    public RawStoreConfig config() {
        return config;
    }

    /** How many more bytes the memory estimate may grow before ingest is refused; 0 at the limit. */
    public long memoryHeadroomBytes() {
        return Math.max(0, table.memory.limit() - table.memory.used());
    }

    /**
     * Stores every sample of the request, or none.
     *
     * @throws SampleRejectedException for the first sample that is out of order, a conflicting
     *     duplicate or outside retention
     * @throws io.tessera.core.LimitExceededException when the memory limit would be exceeded
     */
    public AppendResult append(AppendRequest request) {
        return append(request, AppendLog.NONE);
    }

    /**
     * {@link #append(AppendRequest)}, handing the validated request to {@code log} before it is
     * applied (see {@link AppendLog}).
     */
    public AppendResult append(AppendRequest request, AppendLog log) {
        try {
            return new AppendTransaction(table, rules, request, log, true).run();
        } finally {
            table.changed();
        }
    }

    /**
     * Re-applies a request that was accepted before a restart: the same rules as {@link
     * #append(AppendRequest)}, except that the memory limit is not enforced, since the request
     * was within it when first accepted.
     *
     * @throws SampleRejectedException when the request does not apply to the current content
     */
    public AppendResult replay(AppendRequest request) {
        try {
            return new AppendTransaction(table, rules, request, AppendLog.NONE, false).run();
        } finally {
            table.changed();
        }
    }

    /**
     * A consistent cut of the whole store. Every writer is held off while {@code atCut} runs and
     * the series are captured, so the image holds exactly the requests applied before the cut;
     * the image is then read without any lock.
     */
    public RawImage capture(Runnable atCut) {
        return RawImage.capture(table, atCut);
    }

    /** Loads series into this store, which must be empty; for recovery, before any append. */
    public RawRestore restore() {
        return new RawRestore(table);
    }

    /** The matching series with at least one sample in {@code range}, in label order. */
    public SeriesCursor select(List<LabelMatcher> matchers, Interval range) {
        checkSelector(matchers);
        return selectUnchecked(matchers, range);
    }

    SeriesCursor selectUnchecked(List<LabelMatcher> matchers, Interval range) {
        return new SeriesCursor(matching(matchers), range.start(), range.end());
    }

    private MemSeries[] matching(List<LabelMatcher> matchers) {
        return table.index.selectInLabelOrder(matchers);
    }

    /** {@link #read(List, Interval, Schema, int)} in batches of {@link #DEFAULT_BATCH_ROWS}. */
    public List<Batch> read(List<LabelMatcher> matchers, Interval range, Schema wanted) {
        return read(matchers, range, wanted, DEFAULT_BATCH_ROWS);
    }

    /**
     * The samples of the matching series in {@code range}, ordered by series labels and then
     * time, with exactly the {@code wanted} columns; no batch for no rows.
     */
    public List<Batch> read(List<LabelMatcher> matchers, Interval range, Schema wanted, int batchRows) {
        SampleBatchBuilder builder = new SampleBatchBuilder(wanted, batchRows);
        SeriesCursor cursor = select(matchers, range);
        List<Batch> out = new ArrayList<>();
        boolean more = true;
        while (more) {
            more = builder.fill(cursor);
            if (builder.rowCount() > 0) {
                out.add(builder.build());
            }
        }
        return out;
    }

    /**
     * The samples of the matching series in {@code range}, series by series in label order:
     * each series with a sample in range is handed to {@code visitor} once, with its own fresh
     * arrays of exactly its sample count. The same samples as {@link #read}, without batches.
     */
    public void readSeries(List<LabelMatcher> matchers, Interval range, DataStore.SeriesSink visitor) {
        SeriesCursor cursor = select(matchers, range);
        long[] ts = new long[256];
        double[] vs = new double[256];
        while (cursor.nextSeries()) {
            int n = 0;
            while (true) {
                if (n == ts.length) {
                    ts = Arrays.copyOf(ts, n * 2);
                    vs = Arrays.copyOf(vs, n * 2);
                }
                int k = cursor.nextSamples(ts, vs, n, ts.length - n);
                if (k == 0) {
                    break;
                }
                n += k;
            }
            visitor.series(cursor.labels(), Arrays.copyOf(ts, n), Arrays.copyOf(vs, n), n);
        }
    }

    /**
     * The newest sample in {@code range} of each matching series that has one, as a series of
     * one sample (a staleness marker included), in label order: what an instant vector selector
     * reads, without decoding the rest of its lookback window.
     */
    public void readNewest(List<LabelMatcher> matchers, Interval range, DataStore.SeriesSink visitor) {
        checkSelector(matchers);
        NewestSample newest = new NewestSample();
        for (MemSeries series : matching(matchers)) {
            if (newest.find(series.view(), range.start(), range.end())) {
                visitor.series(
                        series.labels,
                        new long[] {newest.time()},
                        new double[] {Double.longBitsToDouble(newest.bits())},
                        1);
            }
        }
    }

    /**
     * The samples of the matching series in the ascending, disjoint {@code spans}, in one walk
     * over the series: each series with a sample in any span is handed to {@code visitor} once,
     * with the samples of all spans together in time order, as a range of arrays the store never
     * writes again ({@link DataStore.SeriesSink#seriesRange}). Series come in no particular order
     * (not label order: the selection is not sorted). The same read again, with no write in
     * between, is answered from the first ({@link SpanReadCache}).
     */
    public void readSpans(List<LabelMatcher> matchers, Interval[] spans, DataStore.SeriesSink visitor) {
        checkSelector(matchers);
        long[] bounds = SpanReader.bounds(spans);
        if (spans.length == 0) {
            return;
        }
        long version = table.version();
        spanReads.read(matchers, bounds, version, visitor, sink -> readSpans(matchers, bounds, sink));
    }

    private void readSpans(List<LabelMatcher> matchers, long[] bounds, DataStore.SeriesSink visitor) {
        RecentSamples log = recentLogOf(matchers);
        if (log == null) {
            new SpanReader().read(table.index.select(matchers), bounds, visitor);
            return;
        }
        int[] ids = table.index.selectIds(matchers);
        if (RecentSpanReader.read(table, log, ids, bounds, visitor)) {
            recentReads.increment();
            return;
        }
        new SpanReader().read(table.index.seriesOf(ids), bounds, visitor);
    }

    /** {@link #readSpans} by walking to every series, never from a recent-samples log; for tests. */
    void readSpansFromChunks(List<LabelMatcher> matchers, Interval[] spans, DataStore.SeriesSink visitor) {
        checkSelector(matchers);
        long[] bounds = SpanReader.bounds(spans);
        if (spans.length > 0) {
            new SpanReader().read(table.index.select(matchers), bounds, visitor);
        }
    }

    /** The recent-samples log of the metric an equality matcher on its name selects, if any. */
    private RecentSamples recentLogOf(List<LabelMatcher> matchers) {
        for (LabelMatcher m : matchers) {
            if (m.type() == MatchType.EQUAL && m.name().equals(Labels.METRIC_NAME)) {
                return table.recent.get(m.value());
            }
        }
        return null;
    }

    /** Span reads answered again from an earlier one with no write in between ({@link SpanReadCache}). */
    public long spanReadsReused() {
        return spanReads.reused();
    }

    /** What the recent-samples logs hold and how often they answered a read. */
    public RecentSamplesStats recentSamples() {
        long bytes = 0;
        for (RecentSamples log : table.recent.values()) {
            bytes += log.bytes();
        }
        return new RecentSamplesStats(table.recent.size(), bytes, recentReads.sum());
    }

    /** The matching series with at least one sample in {@code range}, in label order. */
    public List<Labels> series(List<LabelMatcher> matchers, Interval range) {
        checkSelector(matchers);
        List<Labels> out = new ArrayList<>();
        SeriesCursor cursor = selectUnchecked(matchers, range);
        while (cursor.nextSeries()) {
            out.add(cursor.labels());
        }
        return out;
    }

    /** The label names of the matching series with a sample in {@code range}, sorted. */
    public List<String> labelNames(List<LabelMatcher> matchers, Interval range) {
        checkSelector(matchers);
        if (matchers.isEmpty() && range.equals(ALL_TIME)) {
            return table.index.labelNames();
        }
        TreeSet<String> names = new TreeSet<>();
        SeriesCursor cursor = selectUnchecked(matchers, range);
        while (cursor.nextSeries()) {
            Labels l = cursor.labels();
            for (int i = 0; i < l.size(); i++) {
                names.add(l.name(i));
            }
        }
        return new ArrayList<>(names);
    }

    /** The values of label {@code name} among the matching series with a sample in {@code range}, sorted. */
    public List<String> labelValues(String name, List<LabelMatcher> matchers, Interval range) {
        checkSelector(matchers);
        if (matchers.isEmpty() && range.equals(ALL_TIME)) {
            return table.index.labelValues(name);
        }
        TreeSet<String> values = new TreeSet<>();
        SeriesCursor cursor = selectUnchecked(matchers, range);
        while (cursor.nextSeries()) {
            String v = cursor.labels().get(name);
            if (!v.isEmpty()) {
                values.add(v);
            }
        }
        return new ArrayList<>(values);
    }

    private static void checkSelector(List<LabelMatcher> matchers) {
        if (!matchers.isEmpty()) {
            VectorSelectors.requireNonEmptyMatcher(matchers);
        }
    }

    /**
     * Drops every chunk whose samples are all at or before {@code nowMillis - retention}, and
     * every series left without samples; later samples at or before that cutoff are refused.
     */
    public RetentionResult applyRetention(long nowMillis) {
        try {
            return new RetentionSweep(table, config.retentionMillis()).run(nowMillis);
        } finally {
            table.changed();
        }
    }

    public StoreStats stats() {
        return new StoreStats(
                table.byLabels.size(),
                table.samples.get(),
                table.chunkCount.get(),
                table.chunkBytes.get(),
                table.memory.used());
    }

    /** The totals recomputed from the series themselves, to check the running ones. */
    StoreStats recount() {
        long samples = 0;
        long chunks = 0;
        long bytes = 0;
        long memory = 0;
        for (MemSeries series : table.byLabels.values()) {
            samples += series.sampleCount();
            chunks += series.view().closed().length + 1;
            bytes += series.chunkBytes();
            memory += series.memoryBytes();
        }
        for (RecentSamples log : table.recent.values()) {
            memory += log.bytes();
        }
        return new StoreStats(table.byLabels.size(), samples, chunks, bytes, memory);
    }
}
