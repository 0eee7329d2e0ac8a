/**
 * Reading pane views (exact and sketch families): {@link ViewOperator} merges the states of the
 * panes a window covers ({@link SlidingMerge}), completes the window's off-grid head and tail from
 * raw data ({@link EdgeRows}) and finalizes the merged state into the function's value
 * ({@link Finalizer}).
 */
package io.tessera.exec.view.panes;
