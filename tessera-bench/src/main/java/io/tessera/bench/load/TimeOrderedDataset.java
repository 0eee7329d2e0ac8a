package io.tessera.bench.load;

import io.tessera.ingest.WriteBatchBuilder;

/**
 * A generated dataset that {@link BlockLoader} can write in time order: {@code indexes()} keys,
 * each standing for {@code seriesPerIndex()} series, scraped {@code scrapes()} times
 * {@code intervalMs()} apart. Appending the same range twice gives the same samples.
 */
public interface TimeOrderedDataset {

    String name();

    int indexes();

    int seriesPerIndex();

    int scrapes();

    long intervalMs();

    /** The start of the first scrape interval; each series scrapes at its own offset into every interval. */
    long startMs();

    /** The end of the last scrape interval. */
    default long endMs() {
        return startMs() + scrapes() * intervalMs();
    }

    /** An upper bound of the samples {@link #append} writes over the whole dataset: every series at every scrape. */
    default long samples() {
        return (long) indexes() * seriesPerIndex() * scrapes();
    }

    /** Appends scrapes {@code [from, to)} of the series of keys {@code [first, last)}; returns the samples appended. */
    int append(int first, int last, int from, int to, WriteBatchBuilder batch);
}
