package io.tessera.store.raw;

import io.tessera.core.Labels;
import io.tessera.core.Search;

/**
 * One series in memory. Its chunk list is published through a volatile {@link SeriesView};
 * everything else is the writer's, guarded by the series' stripe lock.
 */
final class MemSeries {

    final int id;
    final Labels labels;
    final long overheadBytes;
    private volatile SeriesView view;
    private long closedDataBytes;
    private long closedSeekBytes;

    MemSeries(int id, Labels labels, SeriesView initial) {
        this.id = id;
        this.labels = labels;
        this.overheadBytes = MemoryModel.seriesOverhead(labels);
        setView(initial);
    }

    SeriesView view() {
        return view;
    }

    void setView(SeriesView next) {
        long data = 0;
        long seek = 0;
        for (Chunk c : next.closed()) {
            data += c.dataBytes();
            seek += c.seekBytes();
        }
        closedDataBytes = data;
        closedSeekBytes = seek;
        view = next;
    }

    long newestTime() {
        return view.head().lastTime();
    }

    long newestBits() {
        return view.head().lastBits();
    }

    /** Encoded bytes: closed chunks plus the used words of the head, without seek indexes. */
    long chunkBytes() {
        return closedDataBytes + view.head().encodedBytes();
    }

    /** The memory estimate of this series, as {@link MemoryModel} counts it. */
    long memoryBytes() {
        SeriesView v = view;
        return overheadBytes
                + closedDataBytes
                + closedSeekBytes
                + (long) (v.closed().length + 1) * MemoryModel.CHUNK_OVERHEAD
                + v.head().capacityBytes();
    }

    long sampleCount() {
        SeriesView v = view;
        long n = v.head().count();
        for (Chunk c : v.closed()) {
            n += c.count();
        }
        return n;
    }

    /**
     * Looks up the stored sample at {@code time} (writer side). Returns true and leaves the
     * decoder on it when present.
     */
    boolean find(long time, XorDecoder decoder) {
        SeriesView v = view;
        Chunk[] closed = v.closed();
        int i = firstEndingAtOrAfter(closed, time);
        Chunk chunk = i < closed.length ? closed[i] : v.head().writerView();
        if (time < chunk.minTime() || time > chunk.maxTime()) {
            return false;
        }
        decoder.reset(chunk);
        decoder.skipTo(time);
        while (decoder.next()) {
            if (decoder.time() == time) {
                return true;
            }
            if (decoder.time() > time) {
                return false;
            }
        }
        return false;
    }

    /** The index of the first chunk whose maximum time is at least {@code time}. */
    static int firstEndingAtOrAfter(Chunk[] chunks, long time) {
        return Search.firstNotBefore(0, chunks.length, k -> chunks[k].maxTime() < time);
    }

    @Override
    public String toString() {
        return "series #" + id + " " + labels;
    }
}
