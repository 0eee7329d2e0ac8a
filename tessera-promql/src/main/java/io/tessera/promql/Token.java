package io.tessera.promql;

import java.util.Locale;

/**
 * One token: its kind, its start offset, the source text, and for strings the unescaped value.
 * For {@code ERROR} tokens {@code text} is the message.
 */
record Token(TokenType type, int pos, String text, String value) {

    Token(TokenType type, int pos, String text) {
        this(type, pos, text, text);
    }

    boolean is(TokenType t) {
        return type == t;
    }

    /** The aggregation operator of an {@code AGGREGATOR} token. */
    AggregateOp aggregateOp() {
        return AggregateOp.valueOf(text.toUpperCase(Locale.ROOT));
    }

    /** How Prometheus names this token in "unexpected …" messages. */
    String describe() {
        return switch (type.kind) {
            case EOF -> "end of input";
            case KEYWORD -> "<" + text + ">";
            case OPERATOR -> "<op:" + text + ">";
            case AGGREGATOR -> "<aggr:" + text + ">";
            case PUNCTUATION -> Syntax.quote(text);
            case NAMED ->
                switch (type) {
                    case IDENTIFIER -> "identifier " + Syntax.quote(text);
                    case METRIC_IDENTIFIER -> "metric identifier " + Syntax.quote(text);
                    case NUMBER -> "number " + shortQuoted();
                    case DURATION -> "duration " + shortQuoted();
                    default -> "string " + shortQuoted();
                };
            case OTHER -> text;
        };
    }

    private String shortQuoted() {
        int cut = text.offsetByCodePoints(0, Math.min(10, text.codePointCount(0, text.length())));
        return cut < text.length() ? Syntax.quote(text.substring(0, cut)) + "..." : Syntax.quote(text);
    }
}
