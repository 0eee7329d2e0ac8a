/**
 * Keeping views up to date as data arrives: {@link ViewMaintainer} tracks watermarks, runs
 * ingestion runs for new panes and handles late data (the panes it reaches, from
 * {@link LatePanes}); {@link ViewProgress} reports how far each view has come; and
 * {@link DemandingDataStore}, the store query runs read, tells the maintainer when a view read
 * finds state missing, so that it starts building the view kept at query time.
 */
package io.tessera.ingest.views;
