/**
 * The values operators pass to each other over a run's {@link StepGrid}: {@link InstantVector},
 * {@link RangeVector}, {@link ScalarValues} and {@link StringValue}, all {@link Value}s; raw
 * samples grouped by series as a Scan hands them on ({@link SeriesRows}), naming series from
 * shared label sets ({@link io.tessera.spi.LabelsTable}).
 */
package io.tessera.exec.value;
