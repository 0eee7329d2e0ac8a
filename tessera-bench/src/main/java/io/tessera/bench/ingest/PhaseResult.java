package io.tessera.bench.ingest;

/**
 * What one sending phase did.
 *
 * @param failures     requests not answered 204, or not answered at all
 * @param firstFailure the first of them, described, or null
 * @param exhausted    whether the phase ended because every encoded request was sent
 */
record PhaseResult(long requests, long samples, long failures, String firstFailure, long nanos, boolean exhausted) {

    double seconds() {
        return nanos / 1e9;
    }

    double samplesPerSecond() {
        return nanos == 0 ? 0 : samples / seconds();
    }

    /** This phase followed by {@code next}, as one. */
    PhaseResult then(PhaseResult next) {
        return new PhaseResult(
                requests + next.requests,
                samples + next.samples,
                failures + next.failures,
                firstFailure != null ? firstFailure : next.firstFailure,
                nanos + next.nanos,
                next.exhausted);
    }

    static final PhaseResult NONE = new PhaseResult(0, 0, 0, null, 0, true);
}
