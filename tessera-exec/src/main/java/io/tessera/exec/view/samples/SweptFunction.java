package io.tessera.exec.view.samples;

import io.tessera.exec.value.StepGrid;
import io.tessera.sketch.ExtrapolatedRate;

/**
 * What a sweep computes: the extrapolated rate {@code function} ({@code rate}, {@code increase} or
 * {@code delta}) over windows of {@code windowMs} ending at each step of {@code grid}.
 */
record SweptFunction(StepGrid grid, long windowMs, ExtrapolatedRate function) {

    /** The extrapolated rate {@code function} over windows of {@code windowMs} at the steps of {@code grid}. */
    static SweptFunction of(ExtrapolatedRate function, StepGrid grid, long windowMs) {
        return new SweptFunction(grid, windowMs, function);
    }
}
