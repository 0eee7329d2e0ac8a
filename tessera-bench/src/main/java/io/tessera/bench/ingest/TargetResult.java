package io.tessera.bench.ingest;

import java.util.Map;

/**
 * One target's measured phase and what it reported about itself afterwards.
 *
 * @param warmup        every request sent before the measured phase
 * @param metrics       the target's own metrics, by series (name with labels as exposed)
 * @param residentBytes the target process' resident memory right after the measured phase
 */
record TargetResult(
        Target target, PhaseResult warmup, PhaseResult measured, Map<String, Double> metrics, long residentBytes) {

    /** The sum of every series of metric {@code name}, or NaN when it is absent. */
    double metric(String name) {
        double sum = 0;
        boolean found = false;
        for (Map.Entry<String, Double> e : metrics.entrySet()) {
            String key = e.getKey();
            if (key.equals(name) || key.startsWith(name + "{")) {
                sum += e.getValue();
                found = true;
            }
        }
        return found ? sum : Double.NaN;
    }

    long samplesSent() {
        return warmup.samples() + measured.samples();
    }

    long failures() {
        return warmup.failures() + measured.failures();
    }

    String firstFailure() {
        return warmup.firstFailure() != null ? warmup.firstFailure() : measured.firstFailure();
    }

    long storedSamples() {
        double stored = metric(target.samplesMetric());
        return Double.isNaN(stored) ? -1 : (long) stored;
    }
}
