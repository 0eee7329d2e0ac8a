package io.tessera.exec.value;

/** One value at each evaluation time of a grid. */
public record ScalarValues(StepGrid grid, double[] values) implements Value {

    public static ScalarValues constant(StepGrid grid, double v) {
        double[] values = new double[grid.size()];
        java.util.Arrays.fill(values, v);
        return new ScalarValues(grid, values);
    }

    public double at(int step) {
        return values[step];
    }
}
