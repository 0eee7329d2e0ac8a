package io.tessera.store.raw;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One retention pass. Old chunks are dropped series by series under each series' stripe lock.
 * Series left wholly old are then removed from the table and the index together, under all
 * stripes at once, so no request can recreate one of them in between and a reader never sees
 * two series with the same labels.
 */
final class RetentionSweep {

    private final SeriesTable table;
    private final long retention;
    private long chunksDropped;
    private long samplesDropped;

    RetentionSweep(SeriesTable table, long retention) {
        this.table = table;
        this.retention = retention;
    }

    RetentionResult run(long now) {
        long cutoff = now - retention;
        if (cutoff > now) {
            cutoff = Long.MIN_VALUE;
        }
        if (cutoff > table.minValidTime) {
            table.minValidTime = cutoff;
        }
        List<MemSeries> emptied = new ArrayList<>();
        for (MemSeries series : table.byLabels.values()) {
            SeriesView peek = series.view();
            long oldest = peek.closed().length > 0
                    ? peek.closed()[0].maxTime()
                    : peek.head().snapshot().maxTime();
            if (oldest > cutoff) {
                continue;
            }
            int stripe = table.locks.stripeOf(series.labels);
            table.locks.lock(stripe);
            try {
                if (dropOldChunks(series, cutoff)) {
                    emptied.add(series);
                }
            } finally {
                table.locks.unlock(stripe);
            }
        }
        List<MemSeries> removed = new ArrayList<>();
        if (!emptied.isEmpty()) {
            table.lockAllStripes();
            try {
                for (MemSeries series : emptied) {
                    if (series.newestTime() <= cutoff && table.byLabels.remove(series.labels, series)) {
                        SeriesView v = series.view();
                        chunksDropped += v.closed().length + 1;
                        samplesDropped += series.sampleCount();
                        table.samples.addAndGet(-series.sampleCount());
                        table.chunkBytes.addAndGet(-series.chunkBytes());
                        table.chunkCount.addAndGet(-(v.closed().length + 1));
                        table.memory.add(-series.memoryBytes());
                        removed.add(series);
                    }
                }
                table.index.remove(removed);
            } finally {
                table.unlockAllStripes();
            }
        }
        long recentFrom = table.recentBudget.oldestKept();
        for (RecentSamples log : table.recent.values()) {
            log.trim(recentFrom);
        }
        return new RetentionResult(cutoff, chunksDropped, samplesDropped, removed.size());
    }

    /** Drops the closed chunks at or before the cutoff; true when the head is old too. */
    private boolean dropOldChunks(MemSeries series, long cutoff) {
        SeriesView view = series.view();
        Chunk[] closed = view.closed();
        int drop = 0;
        long samples = 0;
        while (drop < closed.length && closed[drop].maxTime() <= cutoff) {
            samples += closed[drop].count();
            drop++;
        }
        if (drop > 0) {
            long memoryBefore = series.memoryBytes();
            long bytesBefore = series.chunkBytes();
            series.setView(new SeriesView(Arrays.copyOfRange(closed, drop, closed.length), view.head()));
            chunksDropped += drop;
            samplesDropped += samples;
            table.samples.addAndGet(-samples);
            table.chunkCount.addAndGet(-drop);
            table.chunkBytes.addAndGet(series.chunkBytes() - bytesBefore);
            table.memory.add(series.memoryBytes() - memoryBefore);
        }
        return view.head().lastTime() <= cutoff;
    }
}
