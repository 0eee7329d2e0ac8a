package io.tessera.promql;

import static io.tessera.promql.ValueType.SCALAR;
import static io.tessera.promql.ValueType.STRING;
import static io.tessera.promql.ValueType.VECTOR;

import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/** The table of PromQL float functions and their signatures (Prometheus 3); range functions' come from {@link RangeFunctionKind}. */
public final class Functions {

    private static final Map<String, Function> TABLE = build();

    /** Functions that exist in Prometheus but only act on native histograms. */
    private static final Set<String> NATIVE_HISTOGRAM_ONLY = Set.of(
            "histogram_avg",
            "histogram_count",
            "histogram_sum",
            "histogram_stddev",
            "histogram_stdvar",
            "histogram_fraction",
            "histogram_quantiles");

    /** Functions that exist in Prometheus and are deliberately not offered here. */
    private static final Map<String, String> UNSUPPORTED =
            Map.of("info", "function \"info\" is not supported (it needs info metrics joined at query time)");

    private Functions() {}

    public static Optional<Function> lookup(String name) {
        return Optional.ofNullable(TABLE.get(name));
    }

    /** Every supported function, by name. */
    public static Collection<Function> all() {
        return TABLE.values();
    }

    /** Why a name that is not in the table is refused, when there is more to say than "unknown". */
    static Optional<String> refusal(String name) {
        if (NATIVE_HISTOGRAM_ONLY.contains(name)) {
            return Optional.of("native histograms are not supported: function \"" + name + "\" needs them");
        }
        return Optional.ofNullable(UNSUPPORTED.get(name));
    }

    private static Map<String, Function> build() {
        Map<String, Function> t = new TreeMap<>();
        for (String name : List.of(
                "abs",
                "absent",
                "ceil",
                "exp",
                "floor",
                "ln",
                "log2",
                "log10",
                "sgn",
                "sqrt",
                "sort",
                "sort_desc",
                "timestamp",
                "deg",
                "rad",
                "acos",
                "acosh",
                "asin",
                "asinh",
                "atan",
                "atanh",
                "cos",
                "cosh",
                "sin",
                "sinh",
                "tan",
                "tanh")) {
            add(t, name, VECTOR, 0, VECTOR);
        }
        for (String name : List.of(
                "day_of_month", "day_of_week", "day_of_year", "days_in_month", "hour", "minute", "month", "year")) {
            add(t, name, VECTOR, 1, VECTOR);
        }
        for (RangeFunctionKind range : RangeFunctionKind.values()) {
            t.put(range.promqlName(), range.signature());
        }
        add(t, "clamp", List.of(VECTOR, SCALAR, SCALAR), 0, VECTOR);
        add(t, "clamp_max", List.of(VECTOR, SCALAR), 0, VECTOR);
        add(t, "clamp_min", List.of(VECTOR, SCALAR), 0, VECTOR);
        add(t, "histogram_quantile", List.of(SCALAR, VECTOR), 0, VECTOR);
        add(t, "label_join", List.of(VECTOR, STRING, STRING, STRING), -1, VECTOR);
        add(t, "label_replace", List.of(VECTOR, STRING, STRING, STRING, STRING), 0, VECTOR);
        add(t, "pi", List.of(), 0, SCALAR);
        add(t, "round", List.of(VECTOR, SCALAR), 1, VECTOR);
        add(t, "scalar", List.of(VECTOR), 0, SCALAR);
        add(t, "sort_by_label", List.of(VECTOR, STRING), -1, VECTOR);
        add(t, "sort_by_label_desc", List.of(VECTOR, STRING), -1, VECTOR);
        add(t, "time", List.of(), 0, SCALAR);
        add(t, "vector", List.of(SCALAR), 0, VECTOR);
        return Collections.unmodifiableMap(t);
    }

    private static void add(Map<String, Function> t, String name, ValueType arg, int variadic, ValueType ret) {
        add(t, name, List.of(arg), variadic, ret);
    }

    private static void add(Map<String, Function> t, String name, List<ValueType> args, int variadic, ValueType ret) {
        t.put(name, new Function(name, args, variadic, ret));
    }
}
