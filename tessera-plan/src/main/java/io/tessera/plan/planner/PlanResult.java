package io.tessera.plan.planner;

import io.tessera.plan.codec.InstallablePlan;

/** What the planner gives: the plan to install and why it looks the way it does. */
public record PlanResult(InstallablePlan plan, Explanation explanation) {}
