/**
 * Reading evaluation-grid views: {@link ViewValueOperator} reads a node's instant vector kept at
 * each pane end; {@link GridCorrectionOperator} moves the kept values to times off the grid by the
 * raw samples that entered and left the window ({@link CounterMove} for counters), sharing what
 * left between runs in {@link KeptCorrections}.
 */
package io.tessera.exec.view.grid;
