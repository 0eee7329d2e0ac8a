package io.tessera.ingest.views;

/**
 * How far one view's ingestion runs have come.
 *
 * @param lagMs          the watermark minus the end of the newest built pane
 * @param stateBytes     approximate memory the view's stored states take now (retired epochs not counted)
 * @param invalidPanes   panes that late samples made unusable
 */
public record ViewProgress(String definitionId, long panesBuilt, long lagMs, long stateBytes, int invalidPanes) {
}
