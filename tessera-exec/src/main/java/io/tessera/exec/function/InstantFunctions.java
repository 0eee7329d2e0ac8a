package io.tessera.exec.function;

import io.tessera.core.InvalidInputException;
import io.tessera.core.Labels;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.RangeVector;
import io.tessera.exec.value.ScalarValues;
import io.tessera.exec.value.StepGrid;
import io.tessera.exec.value.StringValue;
import io.tessera.exec.value.Value;
import io.tessera.plan.InstantFunction;
import io.tessera.promql.RangeFunctionKind;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;

/**
 * Functions evaluated independently at each step: math on values, clamp, round, time(),
 * vector(), scalar(), timestamp(), the date functions, the label functions, sorting, absent and
 * histogram_quantile. Value functions drop the metric name; label and sort functions keep it.
 */
public final class InstantFunctions {

    private static final Map<String, DoubleUnaryOperator> MATH = Map.ofEntries(
            Map.entry("abs", Math::abs),
            Map.entry("ceil", Math::ceil),
            Map.entry("floor", Math::floor),
            Map.entry("exp", Math::exp),
            Map.entry("sqrt", Math::sqrt),
            Map.entry("ln", Math::log),
            Map.entry("log2", GoMath::log2),
            Map.entry("log10", Math::log10),
            Map.entry("sgn", x -> x < 0 ? -1 : x > 0 ? 1 : x),
            Map.entry("sin", Math::sin),
            Map.entry("cos", Math::cos),
            Map.entry("tan", Math::tan),
            Map.entry("asin", Math::asin),
            Map.entry("acos", Math::acos),
            Map.entry("atan", Math::atan),
            Map.entry("sinh", Math::sinh),
            Map.entry("cosh", Math::cosh),
            Map.entry("tanh", Math::tanh),
            Map.entry("asinh", GoMath::asinh),
            Map.entry("acosh", GoMath::acosh),
            Map.entry("atanh", GoMath::atanh),
            Map.entry("deg", x -> x * 180 / Math.PI),
            Map.entry("rad", x -> x * Math.PI / 180));

    private InstantFunctions() {}

    public static Value evaluate(InstantFunction f, Value[] args, StepGrid grid, RunContext context) {
        String name = f.function();
        DoubleUnaryOperator math = MATH.get(name);
        if (math != null) {
            return mapValues((InstantVector) args[0], math);
        }
        RangeFunctionKind range = RangeFunctionKind.byName(name).orElse(null);
        if (range == RangeFunctionKind.ABSENT_OVER_TIME) {
            return Absent.absentOverTime((RangeVector) args[0], f.absentLabels());
        }
        if (DateFunctions.supports(name)) {
            return DateFunctions.evaluate(name, args.length == 0 ? null : (InstantVector) args[0], grid);
        }
        return switch (name) {
            case "time" -> {
                double[] out = new double[grid.size()];
                for (int i = 0; i < out.length; i++) {
                    out[i] = grid.time(i) / 1000.0;
                }
                yield new ScalarValues(grid, out);
            }
            case "pi" -> ScalarValues.constant(grid, Math.PI);
            case "vector" -> {
                ScalarValues s = (ScalarValues) args[0];
                InstantVector out = new InstantVector(grid, 1);
                int o = out.addSeries(Labels.EMPTY);
                for (int i = 0; i < grid.size(); i++) {
                    out.set(o, i, s.at(i));
                }
                yield out;
            }
            case "scalar" -> scalar((InstantVector) args[0], grid);
            case "timestamp" -> timestamp((InstantVector) args[0]);
            case "round" -> round((InstantVector) args[0], args.length > 1 ? (ScalarValues) args[1] : null);
            case "clamp" -> clamp((InstantVector) args[0], (ScalarValues) args[1], (ScalarValues) args[2]);
            case "clamp_min" -> clamp((InstantVector) args[0], (ScalarValues) args[1], null);
            case "clamp_max" -> clamp((InstantVector) args[0], null, (ScalarValues) args[1]);
            case "label_replace" ->
                LabelFunctions.replace(
                        (InstantVector) args[0], string(args[1]), string(args[2]), string(args[3]), string(args[4]));
            case "label_join" ->
                LabelFunctions.join((InstantVector) args[0], string(args[1]), string(args[2]), strings(args, 3));
            case "sort", "sort_desc" ->
                SortFunctions.byValue((InstantVector) args[0], name.equals("sort_desc"), context);
            case "sort_by_label", "sort_by_label_desc" ->
                SortFunctions.byLabels(
                        (InstantVector) args[0], strings(args, 1), name.equals("sort_by_label_desc"), context);
            case "absent" -> Absent.absent((InstantVector) args[0], f.absentLabels());
            case "histogram_quantile" ->
                HistogramQuantile.evaluate((ScalarValues) args[0], (InstantVector) args[1], context);
            default -> throw new InvalidInputException("function " + name + " is not supported yet");
        };
    }

    private static String string(Value v) {
        return ((StringValue) v).value();
    }

    private static String[] strings(Value[] args, int first) {
        String[] out = new String[Math.max(0, args.length - first)];
        for (int i = 0; i < out.length; i++) {
            out[i] = string(args[first + i]);
        }
        return out;
    }

    /** What a function gives the point of series {@code s} at step {@code i} of its input. */
    private interface PointFunction {
        double at(InstantVector in, int s, int i);
    }

    /** The input's points through {@code fn}, the metric name dropped. */
    private static InstantVector mapPoints(InstantVector in, PointFunction fn) {
        InstantVector out = new InstantVector(in.grid(), in.size());
        for (int s = 0; s < in.size(); s++) {
            int o = out.addSeries(in.labels(s).withoutMetricName());
            for (int i = 0; i < in.steps(); i++) {
                if (in.has(s, i)) {
                    out.set(o, i, fn.at(in, s, i));
                }
            }
        }
        return out;
    }

    private static InstantVector mapValues(InstantVector in, DoubleUnaryOperator fn) {
        return mapPoints(in, (v, s, i) -> fn.applyAsDouble(v.value(s, i)));
    }

    /** The only point of each step as a scalar, or NaN when there are none or several. */
    private static ScalarValues scalar(InstantVector v, StepGrid grid) {
        double[] out = new double[grid.size()];
        for (int i = 0; i < out.length; i++) {
            int found = 0;
            double value = Double.NaN;
            for (int s = 0; s < v.size() && found < 2; s++) {
                if (v.has(s, i)) {
                    found++;
                    value = v.value(s, i);
                }
            }
            out[i] = found == 1 ? value : Double.NaN;
        }
        return new ScalarValues(grid, out);
    }

    /** Each point's sample time in seconds: as a selector found it, else the evaluation time. */
    private static InstantVector timestamp(InstantVector in) {
        return mapPoints(in, (v, s, i) -> v.sampleTs(s, i) / 1000.0);
    }

    /** Rounds half up to a multiple of {@code toNearest} (default 1), as Prometheus. */
    private static InstantVector round(InstantVector in, ScalarValues toNearest) {
        return mapPoints(in, (v, s, i) -> {
            double inverse = 1.0 / (toNearest == null ? 1.0 : toNearest.at(i));
            return Math.floor(v.value(s, i) * inverse + 0.5) / inverse;
        });
    }

    /** Clamps to {@code [min, max]}; a step where max < min has no points. */
    private static InstantVector clamp(InstantVector in, ScalarValues min, ScalarValues max) {
        InstantVector out = new InstantVector(in.grid(), in.size());
        for (int s = 0; s < in.size(); s++) {
            int o = out.addSeries(in.labels(s).withoutMetricName());
            for (int i = 0; i < in.steps(); i++) {
                double lo = min == null ? Double.NEGATIVE_INFINITY : min.at(i);
                double hi = max == null ? Double.POSITIVE_INFINITY : max.at(i);
                if (in.has(s, i) && !(hi < lo)) {
                    out.set(o, i, Math.max(lo, Math.min(hi, in.value(s, i))));
                }
            }
        }
        return out;
    }
}
