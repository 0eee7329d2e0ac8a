/**
 * {@code tessera bench compare} ({@link CompareBenchCommand}): Prometheus and Tessera side by
 * side on the same {@link CompareDataset}, a suite of {@link CompareQueries} against both, and a
 * Markdown report with plots ({@link CompareReport}, {@link ComparePlots}) of what each
 * {@link CompareRun} measured.
 */
package io.tessera.bench.compare;
