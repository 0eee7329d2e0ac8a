package io.tessera.ingest.views;

/**
 * How far one view's ingestion runs have come.
 *
 * @param lagMs          the watermark minus the end of the newest built pane
 * @param stateBytes     approximate memory the view's stored states take now (retired epochs not counted)
 * @param stalePanes     built panes that late samples reached and that are not rebuilt yet
 * @param panesRebuilt   panes rebuilt after late samples reached them, since start
 */
public record ViewProgress(
        String definitionId, long panesBuilt, long lagMs, long stateBytes, int stalePanes, long panesRebuilt) {}
