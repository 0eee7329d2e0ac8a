package io.tessera.server.api;

import io.tessera.spi.LabelsTable;
import java.io.IOException;
import java.util.Arrays;

/**
 * The label sets of a {@link LabelsTable} rendered as {@link LabelsJson} renders each, one after
 * the other in one block, kept in the table's slot. Writing an answer whose rows all come from
 * the table then copies from one block in row order instead of visiting label sets scattered
 * over the heap. A table is rendered the second time an answer is written from it: a table made
 * for one answer is not worth the block. A table that grew past its rendering has the new label
 * sets appended to a copy of the block. A table of more than {@link #MAX_LABEL_SETS} is never
 * rendered as a block (its label sets still keep their own renderings).
 */
final class LabelsTableJson {

    /** What the slot holds after the first answer. */
    private static final Object SEEN_ONCE = new Object();

    static final int MAX_LABEL_SETS = 1_000_000;

    private final byte[] bytes;
    /** Where each label set's rendering begins; the last entry is where the block ends. */
    private final int[] starts;

    private LabelsTableJson(byte[] bytes, int[] starts) {
        this.bytes = bytes;
        this.starts = starts;
    }

    /** The rendering of the first {@code needed} label sets of {@code table} or more; null when not worth one (yet). */
    static LabelsTableJson of(LabelsTable table, int needed) {
        Object kept = table.rendering();
        if (kept instanceof LabelsTableJson r && r.size() >= needed) {
            return r;
        }
        if (kept == null) {
            table.keepRendering(SEEN_ONCE);
            return null;
        }
        if (table.size() > MAX_LABEL_SETS) {
            return null;
        }
        LabelsTableJson before =
                kept instanceof LabelsTableJson old ? old : new LabelsTableJson(new byte[0], new int[1]);
        int from = before.size();
        int n = Math.max(table.size(), from);
        byte[][] each = new byte[n][];
        int[] starts = Arrays.copyOf(before.starts, n + 1);
        for (int i = from; i < n; i++) {
            each[i] = LabelsJson.bytes(table.labels(i));
            starts[i + 1] = Math.addExact(starts[i], each[i].length);
        }
        byte[] bytes = Arrays.copyOf(before.bytes, starts[n]);
        for (int i = from; i < n; i++) {
            System.arraycopy(each[i], 0, bytes, starts[i], each[i].length);
        }
        LabelsTableJson r = new LabelsTableJson(bytes, starts);
        table.keepRendering(r);
        return r.size() >= needed ? r : null;
    }

    int size() {
        return starts.length - 1;
    }

    void write(RawJsonOut out, int index) throws IOException {
        out.put(bytes, starts[index], starts[index + 1] - starts[index]);
    }
}
