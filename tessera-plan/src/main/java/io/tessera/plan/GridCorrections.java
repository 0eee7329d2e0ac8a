package io.tessera.plan;

import java.util.List;

/** The range functions a {@link GridCorrection} can move from a grid point to a later time. */
public final class GridCorrections {

    /**
     * Sums and counts are invertible; a maximum or minimum stays while no sample that left held
     * it; a quantile keeps its value within a rank bound computed per query; rate, increase and
     * delta sum increments of consecutive samples, extrapolated, which turns back into the sum.
     */
    public static final List<String> FUNCTIONS = List.of(
            "sum_over_time",
            "count_over_time",
            "avg_over_time",
            "quantile_over_time",
            "max_over_time",
            "min_over_time",
            "rate",
            "increase",
            "delta");

    private GridCorrections() {}

    public static boolean supports(String function) {
        return FUNCTIONS.contains(function);
    }
}
