package io.tessera.store.wal;

/**
 * What start-up recovery did.
 *
 * @param snapshot        the snapshot loaded, or -1 when there was none
 * @param snapshotSeries  series restored from it
 * @param snapshotSamples samples restored from it
 * @param replayedFrom    where log replay started
 * @param records         log records replayed after the snapshot
 * @param samples         samples in those records (exact repeats included)
 * @param tornRecords     torn records cut from the end of the log: 0 or 1
 * @param torn            what was cut and where, or null
 * @param durationNanos   how long recovery took
 * @param damaged         each damaged range of the log skipped, with what it held
 * @param droppedBytes    bytes of the log skipped as damaged
 * @param droppedRecords  records in them, -1 when the damage leaves that unknown
 * @param droppedSamples  samples in them, -1 when unknown
 */
public record RecoveryReport(
        long snapshot,
        long snapshotSeries,
        long snapshotSamples,
        WalPosition replayedFrom,
        long records,
        long samples,
        int tornRecords,
        String torn,
        long durationNanos,
        java.util.List<String> damaged,
        long droppedBytes,
        long droppedRecords,
        long droppedSamples) {

    public String describe() {
        String s = (snapshot < 0
                        ? "no snapshot"
                        : "snapshot " + Segments.name(snapshot) + " (" + snapshotSeries + " series, " + snapshotSamples
                                + " samples)")
                + ", then " + records + " log records (" + samples + " samples) from "
                + replayedFrom + ", in " + String.format("%.3f", durationNanos / 1e9) + " s";
        if (!damaged.isEmpty()) {
            s += "; skipped " + damaged.size() + " damaged range(s) of the log, " + droppedBytes + " bytes, "
                    + (droppedRecords < 0 ? "an unknown number of" : droppedRecords) + " record(s), "
                    + (droppedSamples < 0 ? "an unknown number of" : droppedSamples) + " sample(s): "
                    + String.join("; ", damaged);
        }
        return torn == null ? s : s + "; cut a torn record from the end of the log: " + torn;
    }
}
