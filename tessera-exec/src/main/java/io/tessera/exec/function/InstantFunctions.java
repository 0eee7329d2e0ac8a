package io.tessera.exec.function;

import io.tessera.core.InvalidInputException;
import io.tessera.exec.RunContext;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.ScalarValues;
import io.tessera.exec.value.StepGrid;
import io.tessera.exec.value.Value;
import io.tessera.plan.InstantFunction;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;

/** Functions evaluated independently at each step: math on values, time(), vector(), scalar()… */
public final class InstantFunctions {

    private static final Map<String, DoubleUnaryOperator> MATH = Map.ofEntries(
            Map.entry("abs", Math::abs),
            Map.entry("ceil", Math::ceil),
            Map.entry("floor", Math::floor),
            Map.entry("exp", Math::exp),
            Map.entry("sqrt", Math::sqrt),
            Map.entry("ln", Math::log),
            Map.entry("log2", x -> Math.log(x) / Math.log(2)),
            Map.entry("log10", Math::log10));

    private InstantFunctions() {
    }

    public static Value evaluate(InstantFunction f, Value[] args, StepGrid grid, RunContext context) {
        String name = f.function();
        DoubleUnaryOperator math = MATH.get(name);
        if (math != null) {
            return mapValues((InstantVector) args[0], math);
        }
        return switch (name) {
            case "time" -> {
                double[] out = new double[grid.size()];
                for (int i = 0; i < out.length; i++) {
                    out[i] = grid.time(i) / 1000.0;
                }
                yield new ScalarValues(grid, out);
            }
            case "vector" -> {
                ScalarValues s = (ScalarValues) args[0];
                InstantVector out = new InstantVector(grid, 1);
                int o = out.addSeries(io.tessera.core.Labels.EMPTY);
                for (int i = 0; i < grid.size(); i++) {
                    out.set(o, i, s.at(i));
                }
                yield out;
            }
            case "scalar" -> {
                InstantVector v = (InstantVector) args[0];
                double[] out = new double[grid.size()];
                for (int i = 0; i < out.length; i++) {
                    int found = 0;
                    double value = Double.NaN;
                    for (int s = 0; s < v.size(); s++) {
                        if (v.has(s, i)) {
                            found++;
                            value = v.value(s, i);
                        }
                    }
                    out[i] = found == 1 ? value : Double.NaN;
                }
                yield new ScalarValues(grid, out);
            }
            default -> throw new InvalidInputException("function " + name + " is not supported yet");
        };
    }

    private static InstantVector mapValues(InstantVector in, DoubleUnaryOperator fn) {
        InstantVector out = new InstantVector(in.grid(), in.size());
        for (int s = 0; s < in.size(); s++) {
            int o = out.addSeries(in.labels(s).withoutMetricName());
            for (int i = 0; i < in.steps(); i++) {
                if (in.has(s, i)) {
                    out.set(o, i, fn.applyAsDouble(in.value(s, i)));
                }
            }
        }
        return out;
    }
}
