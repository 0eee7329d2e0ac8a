/**
 * What a planner plans for: a {@link Workload} of {@link WorkloadQuery} entries with their
 * schedules and {@link AccuracyTarget}s, read from YAML by {@link WorkloadYaml}.
 */
package io.tessera.plan.workload;
