package io.tessera.promql;

/** The unary operators. */
public enum UnaryOp {
    PLUS("+"),
    MINUS("-");

    private final String symbol;

    UnaryOp(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }
}
