/**
 * Keeping views up to date as data arrives. {@link ViewMaintainer} is the face the server calls;
 * behind it {@link Watermarks} tracks how far data is complete, {@link LateWrites} marks the built
 * panes late data reaches (from {@link LatePanes}) and {@link PaneRepair} rebuilds them,
 * {@link RunScheduler} groups the views that share work ({@link RunShape}, decided by each view's
 * kind) into ingestion runs ({@code IngestionRun}, committed through {@link PaneBatches}), and
 * {@link RunAccounting} counts their CPU time. {@link ViewProgress} reports how far each view has
 * come; and {@link DemandingDataStore}, the store query runs read, tells the maintainer when a view
 * read finds state missing, so that it starts building the view kept at query time.
 */
package io.tessera.ingest.views;
