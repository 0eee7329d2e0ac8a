package io.tessera.core;

/** The four Prometheus label matcher operators. */
public enum MatchType {
    EQUAL("="),
    NOT_EQUAL("!="),
    REGEX("=~"),
    NOT_REGEX("!~");

    private final String symbol;

    MatchType(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }

    public static MatchType fromSymbol(String symbol) {
        for (MatchType t : values()) {
            if (t.symbol.equals(symbol)) {
                return t;
            }
        }
        throw new InvalidInputException("unknown match operator \"" + symbol + "\"");
    }
}
