/**
 * The physical plan: {@link PlanNode} records ({@link Scan}, {@link RangeFunction},
 * {@link PaneState}, the SQL kinds under {@link SqlNode}, ...) in a {@link PhysicalDag}, and the
 * views a DAG keeps ({@link MaterializedView}, {@link MaterializedViews}, {@link StateSpec},
 * {@link Grouping}, {@link Materialization}). Lowering, planning, the wire codec and workloads live
 * in the subpackages, which this package never uses. Plans describe work and never run it: no
 * dependency on execution, stores, ingestion or server.
 */
package io.tessera.plan;
