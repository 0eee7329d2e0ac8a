/**
 * The {@link Planner}: chooses, per group of workload queries, the view that serves them at least
 * cost ({@link CostModel}, {@link ViewSearch}, the per-kind view planners) and explains the choice
 * ({@link PlanResult}, {@link Explanation}).
 */
package io.tessera.plan.planner;
