/**
 * Reading and building materialized views. Query runs read them through {@link ViewOperator}
 * (range functions over merged pane states), {@link ViewValueOperator} (evaluation-grid views),
 * {@link GridCorrectionOperator}, {@link SampleSweep} and {@link CurveOperator}; ingestion runs
 * build their panes through {@link io.tessera.exec.IngestionRun}.
 *
 * <p>Everything here reads through the {@code DataStore} interface, never a concrete store;
 * storing the states an ingestion run builds is left to its caller.
 */
package io.tessera.exec.view;
