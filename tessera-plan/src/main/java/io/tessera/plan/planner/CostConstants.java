package io.tessera.plan.planner;

import io.tessera.sketch.StateFamily;

/**
 * The constants of the cost model. Costs are CPU time per second of wall time (core-seconds per
 * second); memory is converted to the same unit by its price relative to CPU.
 *
 * @param exactSampleNs      an exact range function touching one sample of a window: measured at
 *                           20–40 ns per sample for our kernels and Prometheus' alike; the midpoint
 * @param rawReadNs          reading one raw sample from the raw store once per run (estimate)
 * @param exactUpdateNs      folding one sample into an exact state (estimate)
 * @param kllUpdateNs        folding one sample into a KLL sketch (estimate: amortized tens of ns)
 * @param exactMergeNs       merging two exact states: a sum-state merge measured at about 50 ns
 * @param kllMergeNs         merging two KLL sketches: measured at 4–9 µs each; about 6 µs
 * @param exactFinalizeNs    reading a value out of an exact state (estimate)
 * @param kllFinalizeNs      one quantile from a merged KLL sketch, which sorts its retained
 *                           items first (estimate)
 * @param routeNs            an ingestion run finding the open pane state of a sample's series
 *                           (estimate: one hash lookup)
 * @param insertNs           committing one (group, pane, state) to the summary store (estimate)
 * @param memoryCoresPerByte the price of keeping one byte for a second in cores: on-demand
 *                           general-purpose cloud instances price 1 GB of memory at about 0.13
 *                           vCPU (e.g. 0.0042 vs 0.0316 USD per hour), so 1.3e-10 per byte
 * @param oneOffHorizonMs    a one-off query is amortized over this long, as if run once per horizon
 */
public record CostConstants(
        double exactSampleNs,
        double rawReadNs,
        double exactUpdateNs,
        double kllUpdateNs,
        double exactMergeNs,
        double kllMergeNs,
        double exactFinalizeNs,
        double kllFinalizeNs,
        double routeNs,
        double insertNs,
        double memoryCoresPerByte,
        long oneOffHorizonMs) {

    public static final CostConstants DEFAULTS =
            new CostConstants(30, 5, 15, 50, 50, 6_000, 20, 2_000, 30, 200, 1.3e-10, 3_600_000);

    public double updateNs(StateFamily family) {
        return family.isExact() ? exactUpdateNs : kllUpdateNs;
    }

    public double mergeNs(StateFamily family) {
        return family.isExact() ? exactMergeNs : kllMergeNs;
    }

    public double finalizeNs(StateFamily family) {
        return family.isExact() ? exactFinalizeNs : kllFinalizeNs;
    }
}
