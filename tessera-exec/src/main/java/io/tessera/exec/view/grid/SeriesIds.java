package io.tessera.exec.view.grid;

import io.tessera.core.Labels;
import io.tessera.spi.LabelsTable;
import java.util.Arrays;

/**
 * Dense ids for the output series of a correction (labels without the metric name), looked up
 * either by those labels or by a raw series' labels, whose metric name is skipped in place: no
 * label set is built per raw series. Open addressing over {@code int} slots. Ids only grow, so
 * the output rows of every run that shares these ids may name their labels by id.
 */
final class SeriesIds extends LabelsTable {

    private Labels[] labels = new Labels[64];
    private int[] hashes = new int[64];
    private int size;
    private int[] slots = new int[128];

    SeriesIds() {
        Arrays.fill(slots, -1);
    }

    /** A copy to add series to while this one stays as it is (it may be shared between runs). */
    SeriesIds copy() {
        SeriesIds c = new SeriesIds();
        c.labels = labels.clone();
        c.hashes = hashes.clone();
        c.size = size;
        c.slots = slots.clone();
        return c;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Labels labels(int id) {
        return labels[id];
    }

    /** The id of {@code series} (labels without a metric name), added when new. */
    int idOf(Labels series) {
        int h = hash(series);
        int mask = slots.length - 1;
        for (int i = h & mask; ; i = (i + 1) & mask) {
            int id = slots[i];
            if (id < 0) {
                return add(series, h, i);
            }
            if (hashes[id] == h && labels[id].equals(series)) {
                return id;
            }
        }
    }

    /** The id of a raw series' labels without their metric name, added when new. */
    int idOfRaw(Labels raw) {
        int h = hash(raw);
        int i = slotOfRaw(raw, h);
        return slots[i] >= 0 ? slots[i] : add(raw.withoutMetricName(), h, i);
    }

    /** The id of a raw series' labels without their metric name, or -1 when it has none. */
    int findRaw(Labels raw) {
        return slots[slotOfRaw(raw, hash(raw))];
    }

    /** The slot holding {@code raw}'s id, or the free slot where it would go. */
    private int slotOfRaw(Labels raw, int h) {
        int mask = slots.length - 1;
        for (int i = h & mask; ; i = (i + 1) & mask) {
            int id = slots[i];
            if (id < 0 || hashes[id] == h && equalWithoutName(raw, labels[id])) {
                return i;
            }
        }
    }

    private int add(Labels series, int h, int slot) {
        if (size == labels.length) {
            labels = Arrays.copyOf(labels, 2 * size);
            hashes = Arrays.copyOf(hashes, 2 * size);
        }
        int id = size++;
        labels[id] = series;
        hashes[id] = h;
        slots[slot] = id;
        if (2 * size > slots.length) {
            rehash();
        }
        return id;
    }

    private void rehash() {
        slots = new int[2 * slots.length];
        Arrays.fill(slots, -1);
        int mask = slots.length - 1;
        for (int id = 0; id < size; id++) {
            int i = hashes[id] & mask;
            while (slots[i] >= 0) {
                i = (i + 1) & mask;
            }
            slots[i] = id;
        }
    }

    /** A hash of the labels other than the metric name, the same with or without it. */
    private static int hash(Labels l) {
        int h = 1;
        for (int i = 0; i < l.size(); i++) {
            String name = l.name(i);
            if (!name.equals(Labels.METRIC_NAME)) {
                h = 31 * (31 * h + name.hashCode()) + l.value(i).hashCode();
            }
        }
        return h ^ (h >>> 16);
    }

    /** Whether {@code raw} without its metric name equals {@code series}, which has none. */
    private static boolean equalWithoutName(Labels raw, Labels series) {
        int j = 0;
        for (int i = 0; i < raw.size(); i++) {
            String name = raw.name(i);
            if (name.equals(Labels.METRIC_NAME)) {
                continue;
            }
            if (j == series.size()
                    || !name.equals(series.name(j))
                    || !raw.value(i).equals(series.value(j))) {
                return false;
            }
            j++;
        }
        return j == series.size();
    }
}
