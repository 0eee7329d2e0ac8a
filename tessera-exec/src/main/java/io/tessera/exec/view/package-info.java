/**
 * Reading and building materialized views. Query runs read each kind of view through its own
 * package, chosen once by the view's kind in the run: {@code view.panes} (range functions over
 * merged pane states), {@code view.samples} (sweeps of kept samples), {@code view.grid}
 * (evaluation-grid views and their corrections off the grid) and {@code view.curves}; what they
 * share ({@link SpanRows}, {@link Spans}, {@link Timestamps}, {@link ReferenceCursor}) lives here.
 * Ingestion runs build the panes of every kind through {@link io.tessera.exec.IngestionRun}, which
 * dispatches once on the kind to the builder in the kind's package.
 *
 * <p>Everything here reads through the {@code DataStore} interface, never a concrete store;
 * storing the states an ingestion run builds is left to its caller.
 */
package io.tessera.exec.view;
