package io.tessera.promql;

/** Lexical token kinds; the kind decides how a token is described in an error message. */
enum TokenType {
    EOF(Kind.EOF),
    ERROR(Kind.OTHER),
    IDENTIFIER(Kind.NAMED),
    METRIC_IDENTIFIER(Kind.NAMED),
    NUMBER(Kind.NAMED),
    DURATION(Kind.NAMED),
    STRING(Kind.NAMED),

    LEFT_PAREN(Kind.PUNCTUATION),
    RIGHT_PAREN(Kind.PUNCTUATION),
    LEFT_BRACE(Kind.PUNCTUATION),
    RIGHT_BRACE(Kind.PUNCTUATION),
    LEFT_BRACKET(Kind.PUNCTUATION),
    RIGHT_BRACKET(Kind.PUNCTUATION),
    COMMA(Kind.PUNCTUATION),
    COLON(Kind.PUNCTUATION),
    EQL(Kind.PUNCTUATION),
    START(Kind.PUNCTUATION),
    END(Kind.PUNCTUATION),

    ADD(Kind.OPERATOR),
    SUB(Kind.OPERATOR),
    MUL(Kind.OPERATOR),
    DIV(Kind.OPERATOR),
    MOD(Kind.OPERATOR),
    POW(Kind.OPERATOR),
    EQLC(Kind.OPERATOR),
    NEQ(Kind.OPERATOR),
    LTE(Kind.OPERATOR),
    LSS(Kind.OPERATOR),
    GTE(Kind.OPERATOR),
    GTR(Kind.OPERATOR),
    EQL_REGEX(Kind.OPERATOR),
    NEQ_REGEX(Kind.OPERATOR),
    AT(Kind.OPERATOR),
    LAND(Kind.OPERATOR),
    LOR(Kind.OPERATOR),
    LUNLESS(Kind.OPERATOR),
    ATAN2(Kind.OPERATOR),

    AGGREGATOR(Kind.AGGREGATOR),

    BOOL(Kind.KEYWORD),
    BY(Kind.KEYWORD),
    GROUP_LEFT(Kind.KEYWORD),
    GROUP_RIGHT(Kind.KEYWORD),
    IGNORING(Kind.KEYWORD),
    OFFSET(Kind.KEYWORD),
    ON(Kind.KEYWORD),
    WITHOUT(Kind.KEYWORD);

    enum Kind {
        EOF,
        NAMED,
        PUNCTUATION,
        OPERATOR,
        AGGREGATOR,
        KEYWORD,
        OTHER
    }

    final Kind kind;

    TokenType(Kind kind) {
        this.kind = kind;
    }

    /** The binary operator this token spells, or null. */
    BinaryOp binaryOp() {
        return switch (this) {
            case ADD -> BinaryOp.ADD;
            case SUB -> BinaryOp.SUB;
            case MUL -> BinaryOp.MUL;
            case DIV -> BinaryOp.DIV;
            case MOD -> BinaryOp.MOD;
            case POW -> BinaryOp.POW;
            case EQLC -> BinaryOp.EQL;
            case NEQ -> BinaryOp.NEQ;
            case LTE -> BinaryOp.LTE;
            case LSS -> BinaryOp.LSS;
            case GTE -> BinaryOp.GTE;
            case GTR -> BinaryOp.GTR;
            case LAND -> BinaryOp.AND;
            case LOR -> BinaryOp.OR;
            case LUNLESS -> BinaryOp.UNLESS;
            case ATAN2 -> BinaryOp.ATAN2;
            default -> null;
        };
    }
}
