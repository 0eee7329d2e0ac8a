package io.tessera.store.wal;

import io.tessera.store.raw.RawStore;
import io.tessera.store.raw.SeriesCursor;
import io.tessera.store.raw.StoreStats;
import java.util.List;

/** The whole content of a store as text: every sample's series, time and value bits, then the totals. */
final class Dumps {

    private Dumps() {}

    static String full(RawStore store) {
        StringBuilder sb = new StringBuilder();
        SeriesCursor cursor = store.select(List.of(), RawStore.ALL_TIME);
        long[] ts = new long[256];
        double[] vs = new double[256];
        while (cursor.nextSeries()) {
            sb.append(cursor.labels()).append('\n');
            int n;
            while ((n = cursor.nextSamples(ts, vs, 0, ts.length)) > 0) {
                for (int i = 0; i < n; i++) {
                    sb.append(' ')
                            .append(ts[i])
                            .append(' ')
                            .append(Long.toHexString(Double.doubleToRawLongBits(vs[i])))
                            .append('\n');
                }
            }
        }
        // the recent-samples logs hold what arrived since the process started, not content
        StoreStats stats = store.stats();
        return sb.append(new StoreStats(
                        stats.seriesCount(),
                        stats.sampleCount(),
                        stats.chunkCount(),
                        stats.chunkBytes(),
                        stats.memoryBytes() - store.recentSamples().bytes()))
                .toString();
    }

    /** Every sample of the store as "labels time value-bits", one string each. */
    static java.util.Set<String> sampleSet(RawStore store) {
        java.util.Set<String> out = new java.util.HashSet<>();
        String series = null;
        for (String line : full(store).split("\n")) {
            if (line.startsWith(" ")) {
                out.add(series + line);
            } else {
                series = line;
            }
        }
        return out;
    }
}
