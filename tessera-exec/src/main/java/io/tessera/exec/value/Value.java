package io.tessera.exec.value;

/** What an operator produces over a run's step grid. */
public sealed interface Value permits SeriesRows, RangeVector, InstantVector, ScalarValues, StringValue {}
