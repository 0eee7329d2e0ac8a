package io.tessera.exec.view.samples;

import io.tessera.exec.value.StepGrid;

/**
 * What a sweep computes: {@code rate} ({@code counter} and {@code rate}), {@code increase}
 * ({@code counter}) or {@code delta} over windows of {@code windowMs} ending at each step of
 * {@code grid}.
 */
record SweptFunction(StepGrid grid, long windowMs, boolean counter, boolean rate) {

    /** The function named {@code function} (already known to be one a sample view answers). */
    static SweptFunction of(String function, StepGrid grid, long windowMs) {
        return new SweptFunction(grid, windowMs, !function.equals("delta"), function.equals("rate"));
    }
}
