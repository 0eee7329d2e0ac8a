package io.tessera.store.raw;

import io.tessera.core.Batch;
import io.tessera.core.Interval;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/** Test views of a store's content: every row, as text, and a model-shaped map. */
final class StoreDump {

    private StoreDump() {}

    /** Rows of the unchecked selection as "labels time bits", in read order. */
    static List<String> rows(RawStore store, List<LabelMatcher> matchers, Interval range, int batchRows) {
        SampleBatchBuilder builder = new SampleBatchBuilder(Schema.TIME_SERIES, batchRows);
        SeriesCursor cursor = store.selectUnchecked(matchers, range);
        List<String> out = new ArrayList<>();
        boolean more = true;
        while (more) {
            more = builder.fill(cursor);
            Batch b = builder.build();
            for (int r = 0; r < b.rowCount(); r++) {
                out.add(row(b.labels(2)[r], b.longs(0)[r], Double.doubleToRawLongBits(b.doubles(1)[r])));
            }
        }
        return out;
    }

    static String row(Labels labels, long time, long bits) {
        return labels + " " + time + " " + Long.toHexString(bits);
    }

    /** Everything, plus the stats. */
    static String full(RawStore store) {
        StoreStats s = store.stats();
        return String.join("\n", rows(store, List.of(), RawStore.ALL_TIME, 1000)) + "\n" + s;
    }

    static TreeMap<Labels, TreeMap<Long, Long>> asModel(RawStore store) {
        TreeMap<Labels, TreeMap<Long, Long>> out = new TreeMap<>();
        SeriesCursor cursor = store.selectUnchecked(List.of(), RawStore.ALL_TIME);
        long[] ts = new long[64];
        double[] vs = new double[64];
        while (cursor.nextSeries()) {
            TreeMap<Long, Long> samples = new TreeMap<>();
            int n;
            while ((n = cursor.nextSamples(ts, vs, 0, ts.length)) > 0) {
                for (int i = 0; i < n; i++) {
                    samples.put(ts[i], Double.doubleToRawLongBits(vs[i]));
                }
            }
            out.put(cursor.labels(), samples);
        }
        return out;
    }

    /** The model's rows for a selection and range, in read order. */
    static List<String> expected(
            TreeMap<Labels, TreeMap<Long, Long>> model, List<LabelMatcher> matchers, Interval range) {
        List<String> out = new ArrayList<>();
        model.forEach((labels, samples) -> {
            if (TestMatchers.matchesAll(matchers, labels) && range.start() < range.end()) {
                samples.subMap(range.start(), false, range.end(), true)
                        .forEach((t, bits) -> out.add(row(labels, t, bits)));
            }
        });
        return out;
    }
}
