package io.tessera.promqltest;

import java.util.Optional;

/**
 * Which of promqltest's extra checks of instant evals to make. With {@code rangeMode}, each
 * passing instant eval (not expecting a failure, a string or a range vector, and not calling
 * start(), end(), range() or step()) is run again as a range query from t-1m to t+1m step 1m,
 * and the points at t must give the same result. With {@code atPinning}, the eval is also run
 * with every selector pinned to {@code @ t} at the times -10t, 0, t/5, t and 10t (-1s, 0, 1s for
 * t=0). promqltest always does both.
 */
record RunnerOptions(boolean rangeMode, Optional<AtPinning> atPinning) {

    static final RunnerOptions PROMQLTEST = new RunnerOptions(true, Optional.empty());
    static final RunnerOptions INSTANT_ONLY = new RunnerOptions(false, Optional.empty());

    RunnerOptions withAtPinning(AtPinning pinning) {
        return new RunnerOptions(rangeMode, Optional.of(pinning));
    }
}
