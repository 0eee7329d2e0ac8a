/**
 * The plan a server installs ({@link InstallablePlan}): a validated DAG with its query texts, and
 * its JSON form ({@link InstallablePlanCodec}).
 */
package io.tessera.plan.codec;
