package io.tessera.bench.load;

import io.tessera.ingest.WriteBatchBuilder;

/**
 * Scrapes {@code [from, to)} of a dataset as a dataset of their own, for writing a dataset in
 * parts: the first hours in bulk, then the rest a little at a time while queries run.
 */
public record ScrapeRange(TimeOrderedDataset dataset, int from, int to) implements TimeOrderedDataset {

    public ScrapeRange {
        if (from < 0 || to > dataset.scrapes() || from > to) {
            throw new IllegalArgumentException(
                    "scrapes [" + from + ", " + to + ") are not within [0, " + dataset.scrapes() + ")");
        }
    }

    @Override
    public String name() {
        return dataset.name();
    }

    @Override
    public int indexes() {
        return dataset.indexes();
    }

    @Override
    public int seriesPerIndex() {
        return dataset.seriesPerIndex();
    }

    @Override
    public int scrapes() {
        return to - from;
    }

    @Override
    public long intervalMs() {
        return dataset.intervalMs();
    }

    @Override
    public long startMs() {
        return dataset.startMs() + from * dataset.intervalMs();
    }

    @Override
    public int append(int first, int last, int fromScrape, int toScrape, WriteBatchBuilder batch) {
        return dataset.append(first, last, from + fromScrape, from + toScrape, batch);
    }
}
