package io.tessera.ingest;

import io.tessera.core.Labels;
import io.tessera.store.raw.AppendRequest;
import java.util.Arrays;

/** Turns a decoded write into the raw store's atomic append request without touching samples one by one. */
public final class RawAppends {

    private RawAppends() {}

    public static AppendRequest of(WriteBatch batch) {
        int series = batch.seriesCount();
        int samples = batch.sampleCount();
        return new AppendRequest(
                exact(batch.rawLabels(), series),
                batch.rawSeriesStart().length == series + 1
                        ? batch.rawSeriesStart()
                        : Arrays.copyOf(batch.rawSeriesStart(), series + 1),
                batch.rawTimestamps().length == samples
                        ? batch.rawTimestamps()
                        : Arrays.copyOf(batch.rawTimestamps(), samples),
                batch.rawValues().length == samples ? batch.rawValues() : Arrays.copyOf(batch.rawValues(), samples));
    }

    /**
     * The append request of {@code batch} without its samples stamped after {@code latestAccepted}
     * (epoch ms); a series left without samples stays in the request and adds nothing.
     */
    public static AdmittedWrite admit(WriteBatch batch, long latestAccepted) {
        long[] times = batch.rawTimestamps();
        int samples = batch.sampleCount();
        int refused = 0;
        for (int i = 0; i < samples; i++) {
            if (times[i] > latestAccepted) {
                refused++;
            }
        }
        if (refused == 0) {
            return new AdmittedWrite(of(batch), 0, null, 0, latestAccepted);
        }
        int series = batch.seriesCount();
        int[] starts = batch.rawSeriesStart();
        double[] values = batch.rawValues();
        int[] offsets = new int[series + 1];
        long[] keptTimes = new long[samples - refused];
        double[] keptValues = new double[samples - refused];
        Labels firstSeries = null;
        long firstTime = 0;
        int kept = 0;
        for (int s = 0; s < series; s++) {
            for (int i = starts[s]; i < starts[s + 1]; i++) {
                if (times[i] <= latestAccepted) {
                    keptTimes[kept] = times[i];
                    keptValues[kept++] = values[i];
                } else if (firstSeries == null) {
                    firstSeries = batch.rawLabels()[s];
                    firstTime = times[i];
                }
            }
            offsets[s + 1] = kept;
        }
        AppendRequest request = new AppendRequest(exact(batch.rawLabels(), series), offsets, keptTimes, keptValues);
        return new AdmittedWrite(request, refused, firstSeries, firstTime, latestAccepted);
    }

    private static <T> T[] exact(T[] array, int n) {
        return array.length == n ? array : Arrays.copyOf(array, n);
    }
}
