/**
 * Reading evaluation-grid views: {@link ViewValueOperator} reads a node's instant vector kept at
 * each pane end; {@link GridCorrectionOperator} moves the kept values to times off the grid by the
 * raw samples that entered and left the window, sharing what left between runs in
 * {@link KeptCorrections}. One run ({@link GridCorrectionRun}) reads its spans once and moves every
 * series at every step: sums, counts and averages by {@link MovedSums}, quantiles by
 * {@link QuantileCorrection}, extremes by {@link ExtremeCorrection}, counters by
 * {@link CounterCorrection} ({@link CounterMove}); a series none of them can move is read whole by
 * {@link ExactWindows}.
 */
package io.tessera.exec.view.grid;
