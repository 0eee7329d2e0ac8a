package io.tessera.promql;

import java.util.List;
import java.util.Objects;

/**
 * The signature of a PromQL function.
 *
 * @param argTypes the types of the arguments; with {@code variadic != 0} the last one repeats
 * @param variadic 0 for a fixed argument count, n &gt; 0 when the last argument may appear 0 to n
 *                 times, -1 when it may appear any number of times (at least 0)
 */
public record Function(String name, List<ValueType> argTypes, int variadic, ValueType returnType) {

    public Function {
        Objects.requireNonNull(name, "name");
        argTypes = List.copyOf(argTypes);
        Objects.requireNonNull(returnType, "returnType");
    }

    public int minArgs() {
        return variadic == 0 ? argTypes.size() : argTypes.size() - 1;
    }

    /** The largest argument count, or -1 when unbounded. */
    public int maxArgs() {
        if (variadic < 0) {
            return -1;
        }
        return variadic == 0 ? argTypes.size() : argTypes.size() - 1 + variadic;
    }

    /** The type argument {@code i} must have. */
    public ValueType argType(int i) {
        return argTypes.get(Math.min(i, argTypes.size() - 1));
    }
}
