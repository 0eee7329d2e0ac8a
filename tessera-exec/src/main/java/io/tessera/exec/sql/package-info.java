/**
 * The SQL engine and SQL table views. {@link SqlEngine} answers SQL text over a
 * {@code DataStore} by parsing, lowering and running it ({@link SqlRun}) into a
 * {@link SqlResult}, with exact grouped aggregation ({@link Aggregation}) and ORDER BY / LIMIT
 * ({@link Ordering}). Windowed GROUP BY queries may instead read a {@link SqlView}: gathered by
 * {@link SqlViews}, built by {@link SqlViewBuilder} and read by {@link ViewAggregation} and
 * {@link BucketedViewAggregation}.
 */
package io.tessera.exec.sql;
