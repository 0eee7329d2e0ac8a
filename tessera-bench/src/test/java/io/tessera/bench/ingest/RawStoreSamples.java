package io.tessera.bench.ingest;

import io.tessera.core.Batch;
import io.tessera.core.Interval;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.Schema;
import io.tessera.core.StaleMarker;
import io.tessera.store.raw.RawStore;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The samples a raw store holds, grouped by series the way {@link PrometheusQueries} returns them. */
record RawStoreSamples(Map<Labels, SeriesSamples> series, long staleMarkers) {

    /**
     * The samples of the series matching {@code matchers} in {@code range}, without stale
     * markers (counted instead), since Prometheus' range selectors leave them out.
     */
    static RawStoreSamples read(RawStore store, List<LabelMatcher> matchers, Interval range) {
        Map<Labels, SeriesSamples> out = new TreeMap<>();
        long stale = 0;
        Labels current = null;
        long[] ts = new long[64];
        double[] vs = new double[64];
        int n = 0;
        for (Batch batch : store.read(matchers, range, Schema.TIME_SERIES)) {
            long[] times = batch.longs(Schema.TS);
            double[] values = batch.doubles(Schema.VALUE);
            Labels[] labels = batch.labels(Schema.LABELS);
            for (int row = 0; row < batch.rowCount(); row++) {
                if (!labels[row].equals(current)) {
                    if (current != null) {
                        out.put(current, new SeriesSamples(Arrays.copyOf(ts, n), Arrays.copyOf(vs, n)));
                    }
                    current = labels[row];
                    n = 0;
                }
                if (Double.doubleToRawLongBits(values[row]) == StaleMarker.BITS) {
                    stale++;
                    continue;
                }
                if (n == ts.length) {
                    ts = Arrays.copyOf(ts, n * 2);
                    vs = Arrays.copyOf(vs, n * 2);
                }
                ts[n] = times[row];
                vs[n] = values[row];
                n++;
            }
        }
        if (current != null) {
            out.put(current, new SeriesSamples(Arrays.copyOf(ts, n), Arrays.copyOf(vs, n)));
        }
        return new RawStoreSamples(out, stale);
    }

    /** Whether every series of {@code expected} is here with at least its last timestamp. */
    boolean caughtUpWith(Map<Labels, SeriesSamples> expected) {
        for (Map.Entry<Labels, SeriesSamples> e : expected.entrySet()) {
            SeriesSamples mine = series.get(e.getKey());
            if (mine == null || mine.lastTimestamp() < e.getValue().lastTimestamp()) {
                return false;
            }
        }
        return true;
    }
}
