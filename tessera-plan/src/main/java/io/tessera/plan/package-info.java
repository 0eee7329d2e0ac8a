/**
 * The physical plan: {@link PlanNode} records ({@link Scan}, {@link RangeFunction},
 * {@link PaneState}, the SQL kinds under {@link SqlNode}, ...) in a {@link PhysicalDag}, lowered
 * from PromQL ({@link PromqlLowering}) and SQL ({@link SqlLowering}); the views a DAG keeps
 * ({@link MaterializedView}, {@link MaterializedViews}); query-time rewriting onto views
 * ({@link ViewMatcher}); the {@link Planner} that chooses views for a {@link Workload}; and the
 * plan a server installs ({@link InstallablePlan}, {@link InstallablePlanCodec}).
 * Plans describe work and never run it: no dependency on execution, stores, ingestion or server.
 */
package io.tessera.plan;
