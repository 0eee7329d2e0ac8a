package io.tessera.bench.promql;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import io.tessera.ingest.NameValidation;
import io.tessera.ingest.WriteBatch;
import io.tessera.ingest.WriteBatchBuilder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The generated dataset keeps the promises the differential test and the benchmark rely on. */
class InstanceSeriesTest {

    private static final DatasetShape SHAPE =
            new DatasetShape(60, 480, 15_000, 1_700_000_000_000L / 3_600_000 * 3_600_000, 14_000, 42);

    /** Every sample of the dataset, per series, generated block by block as the loader does. */
    private static Map<Labels, List<double[]>> generate() {
        Map<Labels, List<double[]>> out = new TreeMap<>();
        List<InstanceSeries> instances = new ArrayList<>();
        for (int i = 0; i < SHAPE.instances(); i++) {
            instances.add(new InstanceSeries(SHAPE, i));
        }
        for (int from = 0; from < SHAPE.scrapes(); from += DatasetLoader.SCRAPES_PER_BLOCK) {
            int to = Math.min(from + DatasetLoader.SCRAPES_PER_BLOCK, SHAPE.scrapes());
            WriteBatchBuilder builder = new WriteBatchBuilder(NameValidation.LEGACY);
            for (InstanceSeries instance : instances) {
                instance.appendScrapes(from, to, builder);
            }
            WriteBatch batch = builder.build();
            for (int s = 0; s < batch.seriesCount(); s++) {
                List<double[]> samples = out.computeIfAbsent(batch.labels(s), l -> new ArrayList<>());
                for (int i = batch.sampleStart(s); i < batch.sampleEnd(s); i++) {
                    samples.add(new double[] {batch.timestamp(i), batch.value(i)});
                }
            }
        }
        return out;
    }

    @Test
    void samplesAreInOrderOffTheGridAndStaleMarkersOnlyEndSeries() {
        Map<Labels, List<double[]>> data = generate();
        assertThat(data).hasSize(SHAPE.series());
        int stale = 0;
        int late = 0;
        for (Map.Entry<Labels, List<double[]>> e : data.entrySet()) {
            List<double[]> samples = e.getValue();
            for (int i = 0; i < samples.size(); i++) {
                long t = (long) samples.get(i)[0];
                assertThat(t % SHAPE.intervalMillis())
                        .as("offset of %s", e.getKey())
                        .isBetween(1L, SHAPE.maxJitterMillis());
                if (i > 0) {
                    assertThat(t).isGreaterThan((long) samples.get(i - 1)[0]);
                }
                boolean isStale = Double.doubleToRawLongBits(samples.get(i)[1]) == 0x7ff0000000000002L;
                if (isStale) {
                    assertThat(i).as("a stale marker ends its series").isEqualTo(samples.size() - 1);
                    stale++;
                } else {
                    assertThat(samples.get(i)[1]).isNotNaN();
                }
            }
            if ((long) samples.getFirst()[0] > SHAPE.gridTime(1)) {
                late++;
            }
        }
        assertThat(stale).as("series ending with a stale marker").isPositive();
        assertThat(late).as("series starting late").isPositive();
    }

    @Test
    void histogramsAreCumulativeAndCountersReset() {
        Map<Labels, List<double[]>> data = generate();
        Map<String, Map<Long, double[]>> buckets = new HashMap<>();
        int resets = 0;
        for (Map.Entry<Labels, List<double[]>> e : data.entrySet()) {
            Labels l = e.getKey();
            List<double[]> samples = e.getValue();
            if (l.metricName().endsWith("_total")) {
                for (int i = 1; i < samples.size(); i++) {
                    resets += samples.get(i)[1] < samples.get(i - 1)[1] ? 1 : 0;
                }
            }
            if (l.metricName().equals("request_duration_seconds_bucket")) {
                int b = List.of(InstanceSeries.LE).indexOf(l.get("le"));
                for (double[] s : samples) {
                    buckets.computeIfAbsent(l.get("instance"), k -> new TreeMap<>())
                                    .computeIfAbsent((long) s[0], k -> new double[InstanceSeries.LE.length])[b] =
                            s[1];
                }
            }
            if (l.metricName().equals("request_duration_seconds_count")) {
                Map<Long, double[]> byTime = buckets.get(l.get("instance"));
                for (double[] s : samples) {
                    if (!Double.isNaN(s[1])) {
                        assertThat(byTime.get((long) s[0])[InstanceSeries.LE.length - 1])
                                .isEqualTo(s[1]);
                    }
                }
            }
        }
        assertThat(resets).as("counter resets").isPositive();
        for (Map<Long, double[]> byTime : buckets.values()) {
            for (double[] counts : byTime.values()) {
                for (int b = 1; b < counts.length; b++) {
                    if (!Double.isNaN(counts[b])) {
                        assertThat(counts[b]).isGreaterThanOrEqualTo(counts[b - 1]);
                    }
                }
            }
        }
    }
}
