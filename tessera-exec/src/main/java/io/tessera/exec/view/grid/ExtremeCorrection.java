package io.tessera.exec.view.grid;

/**
 * The kept maximum (minimum) stays the window's while no sample that left reaches it: it was then
 * taken in {@code (T - w, g]}, which both windows hold, and the samples that entered may only
 * raise (lower) it. NaN never wins unless it is all there is, as in Prometheus. Otherwise that
 * series' window is read exactly.
 */
record ExtremeCorrection(boolean max, ExactWindows exact) {

    double move(SeriesStep step, MovedSamples in, MovedSamples gone) {
        double v0 = step.keptValue;
        if (step.keptCount == 0) {
            return in.numbers > 0 ? (max ? in.max : in.min) : Double.NaN;
        }
        boolean reached = gone.numbers > 0 && (max ? gone.max >= v0 : gone.min <= v0);
        if (Double.isNaN(v0) || reached) {
            return exact.extreme(step, "a sample that left the window held its kept " + (max ? "maximum" : "minimum"));
        }
        if (in.numbers == 0) {
            return v0;
        }
        return max ? Math.max(v0, in.max) : Math.min(v0, in.min);
    }
}
