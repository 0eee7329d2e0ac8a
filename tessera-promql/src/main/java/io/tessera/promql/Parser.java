package io.tessera.promql;

import io.tessera.core.InvalidInputException;
import io.tessera.core.LabelMatcher;
import io.tessera.core.MatchType;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * Parses PromQL into an {@link Expr}: a Pratt parser over the binary operators, with
 * {@code offset}, {@code @} and {@code [...]} as postfix operators that bind tightest and unary
 * signs that bind looser than {@code ^} only. The tree is then type-checked as Prometheus does.
 */
public final class Parser {

    /**
     * How deeply expressions may nest (parentheses, operands of unary and right-associative
     * operators, arguments): far beyond any real query, and well within a thread's stack.
     */
    public static final int MAX_NESTING = 256;

    /**
     * How deep the expression tree may be, a chain of binary operators counting one level per
     * operator: every later stage walks the tree recursively.
     */
    public static final int MAX_DEPTH = 1_200;

    private final String input;
    private final Lexer lexer;
    private final List<Token> lookahead = new ArrayList<>(2);
    private final Map<Expr, Integer> starts = new IdentityHashMap<>();
    private final Map<BinaryExpr, Checker.Operator> operators = new IdentityHashMap<>();
    private int aggregationDepth;
    private int nesting;

    private Parser(String input) {
        this.input = input;
        this.lexer = new Lexer(input);
    }

    /** The expression {@code query} spells; a {@link ParseException} says where and why it does not. */
    public static Expr parse(String query) {
        Parser p = new Parser(query);
        Expr e = p.parseQuery();
        int depth = ExprDepth.of(e);
        if (depth > MAX_DEPTH) {
            throw p.error(
                    0,
                    "expression is " + depth + " levels deep, more than the " + MAX_DEPTH
                            + " allowed (a chain of binary operators is one level per operator)");
        }
        new Checker(query, p.starts, p.operators).check(e);
        return e;
    }

    private Expr parseQuery() {
        if (peek().is(TokenType.EOF)) {
            throw error(0, "no expression found in input");
        }
        Expr e = parseExpr(0);
        Token t = next();
        if (!t.is(TokenType.EOF)) {
            throw unexpected(t, null, null);
        }
        return e;
    }

    private Expr parseExpr(int minPrecedence) {
        if (++nesting > MAX_NESTING) {
            throw error(peek().pos(), "expression nests more than " + MAX_NESTING + " levels deep");
        }
        try {
            return parseOperators(minPrecedence);
        } finally {
            nesting--;
        }
    }

    private Expr parseOperators(int minPrecedence) {
        Expr left = parseUnary();
        while (true) {
            Token t = peek();
            BinaryOp op = t.type().binaryOp();
            if (op == null || op.precedence() < minPrecedence) {
                return left;
            }
            next();
            boolean returnBool = accept(TokenType.BOOL);
            VectorMatching matching = VectorMatching.oneToOne();
            if (peek().is(TokenType.ON) || peek().is(TokenType.IGNORING)) {
                boolean on = next().is(TokenType.ON);
                List<String> labels = groupingLabels();
                Cardinality card = Cardinality.ONE_TO_ONE;
                List<String> include = List.of();
                if (peek().is(TokenType.GROUP_LEFT) || peek().is(TokenType.GROUP_RIGHT)) {
                    card = next().is(TokenType.GROUP_LEFT) ? Cardinality.MANY_TO_ONE : Cardinality.ONE_TO_MANY;
                    if (peek().is(TokenType.LEFT_PAREN)) {
                        include = groupingLabels();
                    }
                }
                matching = new VectorMatching(card, labels, on, include);
            }
            Expr right = parseExpr(op.rightAssociative() ? op.precedence() : op.precedence() + 1);
            left = binary(op, left, right, matching, returnBool, t.pos());
        }
    }

    private BinaryExpr binary(BinaryOp op, Expr lhs, Expr rhs, VectorMatching written, boolean returnBool, int opPos) {
        VectorMatching matching = written;
        if (op.isSetOperator() && matching.card() == Cardinality.ONE_TO_ONE) {
            matching = matching.withCard(Cardinality.MANY_TO_MANY);
        }
        boolean vectors = lhs.type() == ValueType.VECTOR && rhs.type() == ValueType.VECTOR;
        BinaryExpr b = new BinaryExpr(op, lhs, rhs, vectors ? matching : null, returnBool);
        operators.put(b, new Checker.Operator(opPos, matching));
        return at(b, starts.get(lhs));
    }

    private Expr parseUnary() {
        Token t = peek();
        if (!t.is(TokenType.ADD) && !t.is(TokenType.SUB)) {
            return parsePostfix(parsePrimary());
        }
        next();
        Expr operand = parseExpr(BinaryOp.POW.precedence());
        boolean minus = t.is(TokenType.SUB);
        if (operand instanceof NumberLiteral n) {
            return at(new NumberLiteral(minus ? -n.value() : n.value()), t.pos());
        }
        return at(new UnaryExpr(minus ? UnaryOp.MINUS : UnaryOp.PLUS, operand), t.pos());
    }

    private Expr parsePrimary() {
        Token t = peek();
        return switch (t.type()) {
            case NUMBER -> at(new NumberLiteral(NumberLiterals.number(next(), input)), t.pos());
            case DURATION -> at(new NumberLiteral(NumberLiterals.durationMillis(next(), input) / 1000.0), t.pos());
            case STRING -> at(new StringLiteral(next().value()), t.pos());
            case LEFT_PAREN -> {
                next();
                Expr inner = parseExpr(0);
                Token close = next();
                if (!close.is(TokenType.RIGHT_PAREN)) {
                    throw unexpected(close, null, null);
                }
                yield at(new ParenExpr(inner), t.pos());
            }
            case LEFT_BRACE -> selector(null, t.pos());
            case IDENTIFIER -> peek(1).is(TokenType.LEFT_PAREN) ? call() : selector(next().text(), t.pos());
            case AGGREGATOR ->
                switch (peek(1).type()) {
                    case LEFT_PAREN, BY, WITHOUT -> aggregate();
                    default -> selector(next().text(), t.pos());
                };
            case METRIC_IDENTIFIER, BY, WITHOUT, LAND, LOR, LUNLESS, OFFSET, START, END ->
                selector(next().text(), t.pos());
            default -> throw unexpected(t, null, null);
        };
    }

    private Expr parsePostfix(Expr expr) {
        while (true) {
            switch (peek().type()) {
                case LEFT_BRACKET -> expr = rangeOrSubquery(expr);
                case OFFSET -> expr = offset(expr);
                case AT -> expr = atModifier(expr);
                default -> {
                    return expr;
                }
            }
        }
    }

    private Expr rangeOrSubquery(Expr expr) {
        Token open = next();
        Token rangeToken = next();
        if (!isNumberOrDuration(rangeToken)) {
            throw unexpected(rangeToken, "subquery selector", "number or duration");
        }
        long range = NumberLiterals.durationMillis(rangeToken, input);
        Token t = next();
        if (t.is(TokenType.RIGHT_BRACKET)) {
            if (!(expr instanceof VectorSelector vs)) {
                throw error(open.pos(), "ranges only allowed for vector selectors");
            }
            if (vs.offsetMillis() != 0) {
                throw error(open.pos(), "no offset modifiers allowed before range");
            }
            if (vs.at() != null) {
                throw error(open.pos(), "no @ modifiers allowed before range");
            }
            return at(new MatrixSelector(vs, range), starts.get(expr));
        }
        if (!t.is(TokenType.COLON)) {
            throw unexpected(t, "subquery or range", "\":\" or \"]\"");
        }
        long step = 0;
        Token s = next();
        if (isNumberOrDuration(s)) {
            step = NumberLiterals.durationMillis(s, input);
            Token close = next();
            if (!close.is(TokenType.RIGHT_BRACKET)) {
                throw unexpected(close, "subquery selector", "\"]\"");
            }
        } else if (!s.is(TokenType.RIGHT_BRACKET)) {
            throw unexpected(s, "subquery selector", "number or duration or \"]\"");
        }
        return at(new SubqueryExpr(expr, range, step, 0, null), starts.get(expr));
    }

    private Expr offset(Expr expr) {
        next();
        boolean negative = accept(TokenType.SUB);
        Token t = next();
        if (!isNumberOrDuration(t)) {
            throw unexpected(t, "offset", "number or duration");
        }
        long offset = NumberLiterals.durationMillis(t, input) * (negative ? -1 : 1);
        return withModifier(
                expr,
                "offset",
                "offset may not be set multiple times",
                vs -> vs.offsetMillis() != 0,
                vs -> vs.withOffset(offset),
                sq -> sq.offsetMillis() != 0,
                sq -> sq.withOffset(offset));
    }

    private Expr atModifier(Expr expr) {
        next();
        AtModifier modifier;
        Token t = next();
        if (t.is(TokenType.START) || t.is(TokenType.END)) {
            Token open = next();
            if (!open.is(TokenType.LEFT_PAREN)) {
                throw unexpected(open, null, null);
            }
            Token close = next();
            if (!close.is(TokenType.RIGHT_PAREN)) {
                throw unexpected(close, null, null);
            }
            modifier = t.is(TokenType.START) ? AtModifier.start() : AtModifier.end();
        } else {
            double sign = 1;
            if (t.is(TokenType.ADD) || t.is(TokenType.SUB)) {
                sign = t.is(TokenType.SUB) ? -1 : 1;
                t = next();
            }
            if (!isNumberOrDuration(t)) {
                throw unexpected(t, "@", "timestamp");
            }
            double seconds = sign
                    * (t.is(TokenType.NUMBER)
                            ? NumberLiterals.number(t, input)
                            : NumberLiterals.durationMillis(t, input) / 1000.0);
            if (Double.isNaN(seconds) || Double.isInfinite(seconds) || seconds >= 0x1p63 || seconds <= -0x1p63) {
                throw error(
                        starts.get(expr), "timestamp out of bounds for @ modifier: " + NumberLiterals.goFloat(seconds));
            }
            modifier = AtModifier.at(NumberLiterals.secondsToMillis(seconds));
        }
        return withModifier(
                expr,
                "@",
                "@ <timestamp> may not be set multiple times",
                vs -> vs.at() != null,
                vs -> vs.withAt(modifier),
                sq -> sq.at() != null,
                sq -> sq.withAt(modifier));
    }

    /**
     * {@code expr} with a modifier (offset or @) set, given how to tell whether a selector or a
     * subquery already has it and how to set it; only selectors and subqueries take modifiers,
     * and each at most once.
     */
    private Expr withModifier(
            Expr expr,
            String modifier,
            String setTwice,
            Predicate<VectorSelector> selectorHasIt,
            UnaryOperator<VectorSelector> setOnSelector,
            Predicate<SubqueryExpr> subqueryHasIt,
            UnaryOperator<SubqueryExpr> setOnSubquery) {
        int start = starts.get(expr);
        Expr result = switch (expr) {
            case VectorSelector vs when !selectorHasIt.test(vs) -> setOnSelector.apply(vs);
            case MatrixSelector ms
            when !selectorHasIt.test(ms.selector()) ->
                new MatrixSelector(setOnSelector.apply(ms.selector()), ms.rangeMillis());
            case SubqueryExpr sq when !subqueryHasIt.test(sq) -> setOnSubquery.apply(sq);
            case VectorSelector _, MatrixSelector _, SubqueryExpr _ -> throw error(start, setTwice);
            default ->
                throw error(
                        start,
                        modifier + " modifier must be preceded by an instant vector selector "
                                + "or range vector selector or a subquery");
        };
        return at(result, start);
    }

    private VectorSelector selector(String name, int start) {
        List<LabelMatcher> matchers = new ArrayList<>();
        if (peek().is(TokenType.LEFT_BRACE)) {
            next();
            name = labelMatchers(name, matchers);
        }
        return at(new VectorSelector(name, matchers, 0, null), start);
    }

    /** Reads matchers up to the closing brace; returns the metric name, which a bare string may set. */
    private String labelMatchers(String name, List<LabelMatcher> matchers) {
        if (accept(TokenType.RIGHT_BRACE)) {
            return name;
        }
        while (true) {
            Token label = next();
            if (!label.is(TokenType.IDENTIFIER) && !label.is(TokenType.STRING)) {
                throw unexpected(label, "label matching", "identifier or \"}\"");
            }
            MatchType type = matchType(peek());
            if (type != null) {
                next();
                Token value = next();
                if (!value.is(TokenType.STRING)) {
                    throw unexpected(value, "label matching", "string");
                }
                matchers.add(matcher(type, label.value(), value.value(), label.pos()));
            } else if (!label.is(TokenType.STRING)) {
                throw unexpected(peek(), "label matching", "label matching operator");
            } else if (name == null) {
                name = label.value();
            } else {
                matchers.add(matcher(MatchType.EQUAL, "__name__", label.value(), label.pos()));
            }
            if (listEnds(TokenType.RIGHT_BRACE, "label matching", "\",\" or \"}\"")) {
                return name;
            }
        }
    }

    private LabelMatcher matcher(MatchType type, String name, String value, int pos) {
        try {
            return LabelMatcher.of(type, name, value);
        } catch (InvalidInputException e) {
            throw error(pos, e.getMessage());
        }
    }

    private static MatchType matchType(Token t) {
        return switch (t.type()) {
            case EQL -> MatchType.EQUAL;
            case NEQ -> MatchType.NOT_EQUAL;
            case EQL_REGEX -> MatchType.REGEX;
            case NEQ_REGEX -> MatchType.NOT_REGEX;
            default -> null;
        };
    }

    private Expr call() {
        Token name = next();
        List<Expr> args = arguments();
        Function f = Functions.lookup(name.text())
                .orElseThrow(() -> error(
                        name.pos(),
                        Functions.refusal(name.text())
                                .orElse("unknown function with name " + Syntax.quote(name.text()))));
        return at(new Call(f, args), name.pos());
    }

    private Expr aggregate() {
        Token opToken = next();
        AggregateOp op = opToken.aggregateOp();
        List<String> grouping = List.of();
        boolean without = false;
        boolean modifierFirst = peek().is(TokenType.BY) || peek().is(TokenType.WITHOUT);
        if (modifierFirst) {
            without = next().is(TokenType.WITHOUT);
            grouping = groupingLabels();
        }
        if (!peek().is(TokenType.LEFT_PAREN)) {
            throw unexpected(peek(), "aggregation", null);
        }
        aggregationDepth++;
        List<Expr> args = arguments();
        aggregationDepth--;
        if (!modifierFirst && (peek().is(TokenType.BY) || peek().is(TokenType.WITHOUT))) {
            without = next().is(TokenType.WITHOUT);
            grouping = groupingLabels();
        }
        if (args.isEmpty()) {
            throw error(opToken.pos(), "no arguments for aggregate expression provided");
        }
        int wanted = op.hasParam() ? 2 : 1;
        if (args.size() != wanted) {
            throw error(
                    opToken.pos(),
                    "wrong number of arguments for aggregate expression provided, expected " + wanted + ", got "
                            + args.size());
        }
        Expr param = op.hasParam() ? args.get(0) : null;
        return at(new AggregateExpr(op, param, args.get(wanted - 1), grouping, without), opToken.pos());
    }

    /** {@code ( [expr {, expr}] )} of a call or an aggregation. */
    private List<Expr> arguments() {
        next();
        List<Expr> args = new ArrayList<>();
        if (accept(TokenType.RIGHT_PAREN)) {
            return args;
        }
        while (true) {
            args.add(parseExpr(0));
            Token t = next();
            if (t.is(TokenType.RIGHT_PAREN)) {
                return args;
            }
            if (!t.is(TokenType.COMMA)) {
                throw unexpected(t, null, null);
            }
            if (peek().is(TokenType.RIGHT_PAREN)) {
                throw error(t.pos(), "trailing commas not allowed in function call args");
            }
        }
    }

    /** {@code ( [label {, label}] [,] )} after {@code by}, {@code without}, {@code on}, … */
    private List<String> groupingLabels() {
        Token open = next();
        if (!open.is(TokenType.LEFT_PAREN)) {
            throw unexpected(open, "grouping opts", "\"(\"");
        }
        List<String> labels = new ArrayList<>();
        if (accept(TokenType.RIGHT_PAREN)) {
            return labels;
        }
        while (true) {
            Token label = next();
            if (label.is(TokenType.STRING)) {
                if (label.value().isEmpty()) {
                    throw error(label.pos(), "invalid label name for grouping: \"\"");
                }
                labels.add(label.value());
            } else if (isLabelWord(label)) {
                labels.add(label.text());
            } else {
                throw unexpected(label, "grouping opts", "label");
            }
            if (listEnds(TokenType.RIGHT_PAREN, "grouping opts", "\",\" or \")\"")) {
                return labels;
            }
        }
    }

    /** Words the lexer may have read as keywords that still name a label in a grouping list. */
    /**
     * Reads what follows an item of a list closed by {@code close}: whether the list ends there,
     * a trailing comma allowed, or goes on after a comma.
     */
    private boolean listEnds(TokenType close, String context, String expected) {
        Token separator = next();
        if (separator.is(close)) {
            return true;
        }
        if (!separator.is(TokenType.COMMA)) {
            throw unexpected(separator, context, expected);
        }
        return accept(close);
    }

    private static boolean isLabelWord(Token t) {
        return switch (t.type()) {
            case IDENTIFIER,
                    METRIC_IDENTIFIER,
                    AGGREGATOR,
                    BOOL,
                    BY,
                    GROUP_LEFT,
                    GROUP_RIGHT,
                    IGNORING,
                    OFFSET,
                    ON,
                    WITHOUT,
                    LAND,
                    LOR,
                    LUNLESS,
                    ATAN2,
                    START,
                    END -> true;
            default -> false;
        };
    }

    private static boolean isNumberOrDuration(Token t) {
        return t.is(TokenType.NUMBER) || t.is(TokenType.DURATION);
    }

    private <E extends Expr> E at(E e, int start) {
        starts.put(e, start);
        return e;
    }

    private Token peek() {
        return peek(0);
    }

    private Token peek(int ahead) {
        while (lookahead.size() <= ahead) {
            Token t = lexer.next();
            if (t.is(TokenType.ERROR)) {
                throw error(t.pos(), t.text());
            }
            lookahead.add(t);
        }
        return lookahead.get(ahead);
    }

    private Token next() {
        Token t = peek();
        lookahead.remove(0);
        return t;
    }

    private boolean accept(TokenType type) {
        if (peek().is(type)) {
            next();
            return true;
        }
        return false;
    }

    private ParseException unexpected(Token t, String context, String expected) {
        StringBuilder b = new StringBuilder("unexpected ").append(t.describe());
        if (context == null && aggregationDepth > 0) {
            context = "aggregation";
        }
        if (context != null) {
            b.append(" in ").append(context);
        }
        if (expected != null) {
            b.append(", expected ").append(expected);
        }
        return error(t.pos(), b.toString());
    }

    private ParseException error(int pos, String message) {
        return ParseException.at(input, pos, message);
    }
}
