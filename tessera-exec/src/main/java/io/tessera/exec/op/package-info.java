/**
 * The exact PromQL operators, each evaluated over a run's whole step grid with Prometheus'
 * semantics: raw reads ({@link ScanOperator}), selector windows ({@link TimeRangeOperator}),
 * grid shifts ({@link GridOperators}), aggregations across series ({@link Aggregations},
 * {@link KAggregation}, {@link CountValues}), and binary operations ({@link BinaryOperators},
 * {@link VectorJoin}, {@link SetOperators}).
 *
 * <p>Operators read through the {@code DataStore} interface only, never a concrete store.
 */
package io.tessera.exec.op;
