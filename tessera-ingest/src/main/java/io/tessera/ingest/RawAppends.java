package io.tessera.ingest;

import io.tessera.store.raw.AppendRequest;
import java.util.Arrays;

/** Turns a decoded write into the raw store's atomic append request without touching samples one by one. */
public final class RawAppends {

    private RawAppends() {
    }

    public static AppendRequest of(WriteBatch batch) {
        int series = batch.seriesCount();
        int samples = batch.sampleCount();
        return new AppendRequest(
                exact(batch.rawLabels(), series),
                batch.rawSeriesStart().length == series + 1 ? batch.rawSeriesStart() : Arrays.copyOf(batch.rawSeriesStart(), series + 1),
                batch.rawTimestamps().length == samples ? batch.rawTimestamps() : Arrays.copyOf(batch.rawTimestamps(), samples),
                batch.rawValues().length == samples ? batch.rawValues() : Arrays.copyOf(batch.rawValues(), samples));
    }

    private static <T> T[] exact(T[] array, int n) {
        return array.length == n ? array : Arrays.copyOf(array, n);
    }
}
