package io.tessera.store.raw;

import io.tessera.core.Labels;
import io.tessera.store.raw.SampleRejectedException.Reason;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/** The append rules written as plainly as possible: one sorted map of time to value bits per series. */
final class ModelStore {

    /** The outcome of one request: a rejection (reason non-null) or what was stored. */
    record Outcome(Reason reason, int seriesIndex, long timestamp, int appended, int duplicates) {}

    final TreeMap<Labels, TreeMap<Long, Long>> data = new TreeMap<>();
    private final long window;

    ModelStore(long window) {
        this.window = window;
    }

    Outcome append(AppendRequest request, long minValid) {
        Map<Labels, TreeMap<Long, Long>> working = new HashMap<>();
        int appended = 0;
        int duplicates = 0;
        for (int i = 0; i < request.seriesCount(); i++) {
            Labels labels = request.series()[i];
            for (int k = request.sampleOffsets()[i]; k < request.sampleOffsets()[i + 1]; k++) {
                TreeMap<Long, Long> samples = working.computeIfAbsent(
                        labels, l -> data.containsKey(l) ? new TreeMap<>(data.get(l)) : new TreeMap<>());
                long t = request.timestamps()[k];
                long bits = Double.doubleToRawLongBits(request.values()[k]);
                if (t <= minValid) {
                    return new Outcome(Reason.OUT_OF_BOUNDS, i, t, 0, 0);
                }
                if (!samples.isEmpty() && t < samples.lastKey() && samples.lastKey() - t > window) {
                    return new Outcome(Reason.OUT_OF_ORDER, i, t, 0, 0);
                }
                Long stored = samples.get(t);
                if (stored == null) {
                    samples.put(t, bits);
                    appended++;
                } else if (stored == bits) {
                    duplicates++;
                } else {
                    return new Outcome(Reason.DUPLICATE, i, t, 0, 0);
                }
            }
        }
        working.forEach((labels, samples) -> {
            if (!samples.isEmpty()) {
                data.put(labels, samples);
            }
        });
        return new Outcome(null, -1, 0, appended, duplicates);
    }
}
