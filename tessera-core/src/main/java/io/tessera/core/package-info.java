/**
 * The shared vocabulary of every module: time intervals ({@link Interval}, half-open in epoch
 * milliseconds), the pane grid ({@link PaneGrid}), label sets ({@link Labels},
 * {@link LabelsInterner}) and Prometheus matchers ({@link LabelMatcher} over {@link Re2Regex}),
 * columnar batches ({@link Batch}, {@link Schema}), declared SQL tables ({@link TableSchema},
 * {@link TableCatalog}), and the root of Tessera's errors ({@link TesseraException}).
 *
 * <p>This package depends on no other Tessera package.
 */
package io.tessera.core;
