/**
 * PromQL's functions with Prometheus' float semantics: functions of a range vector per series and
 * step ({@link RangeFunctions}, {@link OverTime}, {@link Extrapolation}, and the incremental
 * {@link SlidingKernel}s such as {@link SlidingSum} and {@link SlidingQuantile}), functions
 * evaluated at each step ({@link InstantFunctions}, {@link LabelFunctions},
 * {@link HistogramQuantile}, {@link SortFunctions}), and the Go-compatible arithmetic and
 * formatting they rely on ({@link GoMath}, {@link GoFormat}).
 */
package io.tessera.exec.function;
