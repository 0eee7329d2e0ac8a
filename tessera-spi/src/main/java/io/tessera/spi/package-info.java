/**
 * The storage interface between the executor and a deployment: {@link DataStore} (raw rows,
 * series by series or in spans, and view states), what it is asked ({@link RawDataRequest} of a
 * {@link Source} with its {@link RowPredicate} hint, {@link MaterializedViewRequest} of a
 * {@link ViewId}), what it answers ({@link ViewStates}, naming groups through a
 * {@link LabelsTable}) and what it sees of a run ({@link ReadContext}). Stores implement it and
 * the executor calls it; neither depends on the other.
 *
 * <p>The intended layering puts this module between core and sketch (core, spi, sketch); it
 * depends on tessera-sketch instead, because view states are handed as
 * {@link io.tessera.sketch.State}.
 */
package io.tessera.spi;
