/**
 * Reading curve views: {@link CurveOperator} evaluates the piecewise-linear sums kept per pane at
 * each step, leaving the newest panes, not built yet, to the run's exact side.
 */
package io.tessera.exec.view.curves;
