/**
 * The state families: mergeable summaries of one group's samples over one interval, exact
 * ({@link SumState}, {@link CounterState}, {@link SampleRunState}, ...) or sketches
 * ({@link KllState}, {@link DdSketchState}, {@link DistinctState}, {@link FrequentState}).
 * {@link State} is the common contract, {@link StateFamily} names each family by the code written
 * into its serialized form, {@link StateCodec} reads that versioned binary form back, and
 * {@link ErrorBound} says how far an approximate answer may be off. Only {@code io.tessera.core}
 * is used from Tessera; planning, execution and storage build on this package, not the reverse.
 */
package io.tessera.sketch;
