package io.tessera.promql;

import java.util.List;
import java.util.Objects;

/** A function call. */
public record Call(Function function, List<Expr> args) implements Expr {

    public Call {
        Objects.requireNonNull(function, "function");
        args = List.copyOf(args);
    }

    @Override
    public ValueType type() {
        return function.returnType();
    }
}
