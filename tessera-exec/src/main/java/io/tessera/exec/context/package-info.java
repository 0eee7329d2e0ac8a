/**
 * What every operator of a run is handed: the {@link io.tessera.exec.context.RunContext} (the
 * run's time span, limits, infos and warnings, cancellation and deadline; a store sees it as the
 * SPI's {@code ReadContext}), the {@link io.tessera.exec.context.QueryLimits}, and the exceptions
 * a run ends with. Depends on nothing else in the executor.
 */
package io.tessera.exec.context;
