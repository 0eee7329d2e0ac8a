package io.tessera.sql;

import static io.tessera.sql.SqlFrontend.unquote;
import static io.tessera.sql.SqlFrontend.unsupported;

import io.tessera.core.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.AnalyticType;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.IntervalExpression;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.Parenthesis;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.TimeKeyExpression;
import net.sf.jsqlparser.expression.TimestampValue;
import net.sf.jsqlparser.expression.operators.arithmetic.Addition;
import net.sf.jsqlparser.expression.operators.arithmetic.Subtraction;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.ComparisonOperator;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.GreaterThan;
import net.sf.jsqlparser.expression.operators.relational.GreaterThanEquals;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.MinorThan;
import net.sf.jsqlparser.expression.operators.relational.MinorThanEquals;
import net.sf.jsqlparser.expression.operators.relational.NotEqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.statement.select.OrderByElement;

/** Converts JSqlParser expressions to {@link SqlExpr} and {@link SqlPredicate}, folding time constants. */
record ExprConverter(Resolver resolver, long nowMs) {

    /** The expression of the SELECT item called {@code name}, or null. */
    SqlExpr alias(String name, List<SqlQuery.SelectItem> select) {
        SqlExpr found = null;
        for (SqlQuery.SelectItem item : select) {
            if (item.name().equals(name)) {
                if (found != null && !found.equals(item.expr())) {
                    throw new InvalidInputException("output name \"" + name + "\" is ambiguous");
                }
                found = item.expr();
            }
        }
        return found;
    }

    SqlExpr value(Expression e, boolean aggregates) {
        return switch (e) {
            case net.sf.jsqlparser.schema.Column c ->
                resolver.column(
                        c.getTable() == null || c.getTable().getName() == null
                                ? null
                                : unquote(c.getTable().getName()),
                        unquote(c.getColumnName()));
            case Parenthesis p -> value(p.getExpression(), aggregates);
            case ParenthesedExpressionList<?> list when list.size() == 1 -> value(list.getFirst(), aggregates);
            case Function f -> function(f, aggregates);
            case AnalyticExpression a -> analytic(a, aggregates);
            case LongValue l -> new SqlExpr.Literal(l.getValue(), SqlType.BIGINT);
            case DoubleValue d -> new SqlExpr.Literal(d.getValue(), SqlType.DOUBLE);
            case StringValue s -> new SqlExpr.Literal(s.getValue().replace("''", "'"), SqlType.VARCHAR);
            case SignedExpression s
            when s.getSign() == '-'
                    && value(s.getExpression(), false) instanceof SqlExpr.Literal l
                    && l.type() != SqlType.VARCHAR -> negate(l);
            case TimestampValue t ->
                new SqlExpr.Literal(TimeLiterals.timestamp(t.getRawValue().replace("'", "")), SqlType.TIMESTAMP);
            default -> throw unsupported(describe(e));
        };
    }

    private static SqlExpr.Literal negate(SqlExpr.Literal l) {
        return l.type() == SqlType.DOUBLE
                ? new SqlExpr.Literal(-(Double) l.value(), SqlType.DOUBLE)
                : new SqlExpr.Literal(Math.negateExact((Long) l.value()), l.type());
    }

    private SqlExpr function(Function f, boolean aggregates) {
        String name = f.getName().toLowerCase(Locale.ROOT);
        if (f.getKeep() != null
                || f.getOrderByElements() != null
                || f.getHavingClause() != null
                || f.getNullHandling() != null) {
            throw unsupported("modifiers of " + name + "()");
        }
        List<Expression> args = arguments(f);
        boolean parametric = name.endsWith(ParametricCalls.SUFFIX);
        String base = parametric ? name.substring(0, name.length() - ParametricCalls.SUFFIX.length()) : name;
        switch (base) {
            case "date_trunc" -> {
                requireArgs(name, args, 2);
                if (!(args.get(0) instanceof StringValue unit)) {
                    throw new InvalidInputException(
                            "date_trunc needs a unit string first, e.g. date_trunc('minute', ts)");
                }
                long width = TimeLiterals.unitMs(unit.getValue(), "date_trunc");
                return new SqlExpr.Bucket(timeColumn(args.get(1), "date_trunc"), width, TimeLiterals.BUCKET_ORIGIN_MS);
            }
            case "time_bucket" -> {
                if (args.size() != 2 && args.size() != 3) {
                    throw new InvalidInputException("time_bucket takes (interval, time column[, origin])");
                }
                long width = intervalMs(args.get(0));
                long origin = args.size() == 3 ? timestamp(args.get(2)) : TimeLiterals.BUCKET_ORIGIN_MS;
                return new SqlExpr.Bucket(timeColumn(args.get(1), "time_bucket"), width, origin);
            }
            case "tostartofinterval" -> {
                requireArgs(name, args, 2);
                return new SqlExpr.Bucket(timeColumn(args.get(0), name), intervalMs(args.get(1)), 0);
            }
            case "tostartofsecond",
                    "tostartofminute",
                    "tostartoffiveminutes",
                    "tostartoffiveminute",
                    "tostartoftenminutes",
                    "tostartoffifteenminutes",
                    "tostartofhour",
                    "tostartofday" -> {
                requireArgs(name, args, 1);
                long width = switch (base) {
                    case "tostartofsecond" -> 1_000L;
                    case "tostartofminute" -> 60_000L;
                    case "tostartoffiveminutes", "tostartoffiveminute" -> 300_000L;
                    case "tostartoftenminutes" -> 600_000L;
                    case "tostartoffifteenminutes" -> 900_000L;
                    case "tostartofhour" -> 3_600_000L;
                    default -> 86_400_000L;
                };
                return new SqlExpr.Bucket(timeColumn(args.getFirst(), name), width, 0);
            }
            case "todatetime", "todatetime64" -> {
                if (!args.isEmpty()
                        && value(args.getFirst(), false) instanceof SqlExpr.Column c
                        && c.name().equals(resolver.timeColumn())) {
                    return c;
                }
                throw new InvalidInputException(base + "() is supported on the time column and in time comparisons");
            }
            default -> {}
        }
        AggregateFunction function;
        double fraction = Double.NaN;
        Expression arg;
        if (parametric) {
            switch (base) {
                case "quantile", "quantileexact", "quantileexactinclusive" -> function = AggregateFunction.QUANTILE;
                case "topk" -> function = AggregateFunction.TOP_K;
                case "topkweighted" -> throw unsupported("topKWeighted(k)(x, w)");
                default -> throw unsupported("parametric function " + base + "()()");
            }
            if (function == AggregateFunction.TOP_K) {
                requireArgs("topK(k)(x)", args, 2);
                fraction = topK(args.get(0));
            } else {
                requireArgs(base + "(q)(x)", args, 2);
                fraction = fraction(args.get(0), base);
            }
            arg = args.get(1);
        } else {
            switch (base) {
                case "count" -> function = f.isDistinct() ? AggregateFunction.COUNT_DISTINCT : AggregateFunction.COUNT;
                case "uniqexact" -> function = AggregateFunction.COUNT_DISTINCT;
                case "approx_count_distinct", "uniq" -> function = AggregateFunction.APPROX_COUNT_DISTINCT;
                case "sum" -> function = AggregateFunction.SUM;
                case "avg" -> function = AggregateFunction.AVG;
                case "min" -> function = AggregateFunction.MIN;
                case "max" -> function = AggregateFunction.MAX;
                case "median", "quantile_cont" -> function = AggregateFunction.QUANTILE;
                case "topk" -> {
                    function = AggregateFunction.TOP_K;
                    fraction = DEFAULT_TOP_K;
                }
                case "topkweighted" -> throw unsupported("topKWeighted(k)(x, w)");
                case "now", "current_timestamp" ->
                    throw new InvalidInputException(base + "() is only supported in comparisons with the time column");
                default -> throw unsupported("function " + base + "()");
            }
            if (f.isDistinct() && function != AggregateFunction.COUNT_DISTINCT) {
                throw unsupported(base + "(DISTINCT ...)");
            }
            if (f.isAllColumns()
                    || (args.size() == 1 && args.getFirst() instanceof net.sf.jsqlparser.statement.select.AllColumns)
                    || (args.isEmpty() && function == AggregateFunction.COUNT)) {
                if (function != AggregateFunction.COUNT) {
                    throw new InvalidInputException(base + "(*) is not an aggregate; only count(*) is");
                }
                return aggregate(function, null, fraction, aggregates);
            }
            if (base.equals("median")) {
                requireArgs(base, args, 1);
                fraction = 0.5;
            } else if (base.equals("quantile_cont")) {
                requireArgs(base, args, 2);
                fraction = fraction(args.get(1), base);
            } else {
                requireArgs(base, args, 1);
            }
            arg = args.getFirst();
        }
        SqlExpr argument = value(arg, false);
        if (!(argument instanceof SqlExpr.Column column)) {
            throw unsupported("expression " + arg + " inside " + base + "() (aggregates take a column)");
        }
        return aggregate(function, column, fraction, aggregates);
    }

    private SqlExpr analytic(AnalyticExpression a, boolean aggregates) {
        String name = a.getName().toLowerCase(Locale.ROOT);
        if (a.getType() != AnalyticType.WITHIN_GROUP
                || a.getWindowElement() != null
                || a.getPartitionExpressionList() != null) {
            throw unsupported("window function " + name + "() OVER");
        }
        if (!name.equals("percentile_cont")) {
            throw unsupported(name + "() WITHIN GROUP");
        }
        List<OrderByElement> order = a.getFuncOrderBy() != null ? a.getFuncOrderBy() : a.getOrderByElements();
        if (order == null || order.size() != 1) {
            throw new InvalidInputException("percentile_cont needs WITHIN GROUP (ORDER BY one column)");
        }
        if (order.getFirst().isAscDescPresent() && !order.getFirst().isAsc()) {
            throw unsupported("percentile_cont ... WITHIN GROUP (ORDER BY x DESC)");
        }
        double fraction = fraction(a.getExpression(), name);
        if (!(value(order.getFirst().getExpression(), false) instanceof SqlExpr.Column column)) {
            throw unsupported("expression inside percentile_cont (it takes a column)");
        }
        return aggregate(AggregateFunction.QUANTILE, column, fraction, aggregates);
    }

    private static SqlExpr aggregate(
            AggregateFunction function, SqlExpr.Column column, double fraction, boolean allowed) {
        String name = function.name().toLowerCase(Locale.ROOT);
        if (!allowed) {
            throw new InvalidInputException("aggregate " + name + "() is not allowed here");
        }
        SqlType type = switch (function) {
            case COUNT, COUNT_DISTINCT, APPROX_COUNT_DISTINCT -> SqlType.BIGINT;
            case SUM -> numeric(column, name) == SqlType.BIGINT ? SqlType.BIGINT : SqlType.DOUBLE;
            case AVG, QUANTILE -> {
                numeric(column, name);
                yield SqlType.DOUBLE;
            }
            case MIN, MAX -> column.type();
            case TOP_K -> column.type().array();
        };
        return new SqlExpr.Aggregate(function, column, fraction, type);
    }

    /** ClickHouse's default k of {@code topK(x)}. */
    static final int DEFAULT_TOP_K = 10;

    static final int MAX_TOP_K = 10_000;

    private static double topK(Expression e) {
        if (!(e instanceof net.sf.jsqlparser.expression.LongValue v) || v.getValue() < 1 || v.getValue() > MAX_TOP_K) {
            throw new InvalidInputException("topK(k)(x) needs a whole number k from 1 to " + MAX_TOP_K + ", got " + e);
        }
        return v.getValue();
    }

    private static SqlType numeric(SqlExpr.Column column, String function) {
        if (column.type() != SqlType.BIGINT && column.type() != SqlType.DOUBLE) {
            throw new InvalidInputException(
                    function + "() needs a numeric column; \"" + column.name() + "\" is " + column.type());
        }
        return column.type();
    }

    private static double fraction(Expression e, String function) {
        double q = switch (e) {
            case DoubleValue d -> d.getValue();
            case LongValue l -> l.getValue();
            default -> Double.NaN;
        };
        if (!(q >= 0 && q <= 1)) {
            throw new InvalidInputException(function + " needs a constant quantile in [0, 1], got " + e);
        }
        return q;
    }

    private SqlExpr.Column timeColumn(Expression e, String function) {
        SqlExpr v = value(e, false);
        if (!(v instanceof SqlExpr.Column c) || !c.name().equals(resolver.timeColumn())) {
            throw unsupported(
                    function + " of " + e + " (it buckets the time column \"" + resolver.timeColumn() + "\")");
        }
        return c;
    }

    private static List<Expression> arguments(Function f) {
        List<Expression> args = new ArrayList<>();
        ExpressionList<?> params = f.getParameters();
        if (params != null) {
            for (Expression p : params) {
                args.add(p);
            }
        }
        if (f.getNamedParameters() != null) {
            throw unsupported("named arguments of " + f.getName() + "()");
        }
        return args;
    }

    private static void requireArgs(String function, List<Expression> args, int n) {
        if (args.size() != n) {
            throw new InvalidInputException(
                    function + " takes " + n + " argument" + (n == 1 ? "" : "s") + ", got " + args.size());
        }
    }

    // ---- predicates

    SqlPredicate predicate(Expression e, boolean having, List<SqlQuery.SelectItem> select) {
        return switch (e) {
            case AndExpression a ->
                new SqlPredicate.And(
                        predicate(a.getLeftExpression(), having, select),
                        predicate(a.getRightExpression(), having, select));
            case OrExpression o ->
                new SqlPredicate.Or(
                        predicate(o.getLeftExpression(), having, select),
                        predicate(o.getRightExpression(), having, select));
            case NotExpression n -> new SqlPredicate.Not(predicate(n.getExpression(), having, select));
            case Parenthesis p -> predicate(p.getExpression(), having, select);
            case ParenthesedExpressionList<?> list when list.size() == 1 -> predicate(list.getFirst(), having, select);
            case ComparisonOperator c -> compare(c, having, select);
            case InExpression in
            when absorbedCondition(in) instanceof BinaryExpression rotated -> predicate(rotated, having, select);
            case InExpression in -> in(in, having, select);
            case Between b -> {
                SqlExpr left = operand(b.getLeftExpression(), having, select);
                SqlExpr.Literal lo = constant(b.getBetweenExpressionStart(), left);
                SqlExpr.Literal hi = constant(b.getBetweenExpressionEnd(), left);
                yield b.isNot()
                        ? new SqlPredicate.Or(
                                new SqlPredicate.Compare(left, SqlPredicate.Op.LT, lo),
                                new SqlPredicate.Compare(left, SqlPredicate.Op.GT, hi))
                        : new SqlPredicate.And(
                                new SqlPredicate.Compare(left, SqlPredicate.Op.GE, lo),
                                new SqlPredicate.Compare(left, SqlPredicate.Op.LE, hi));
            }
            default -> throw unsupported(describe(e) + " as a condition");
        };
    }

    private SqlPredicate compare(ComparisonOperator c, boolean having, List<SqlQuery.SelectItem> select) {
        SqlPredicate.Op op = switch (c) {
            case EqualsTo x -> SqlPredicate.Op.EQ;
            case NotEqualsTo x -> SqlPredicate.Op.NE;
            case GreaterThan x -> SqlPredicate.Op.GT;
            case GreaterThanEquals x -> SqlPredicate.Op.GE;
            case MinorThan x -> SqlPredicate.Op.LT;
            case MinorThanEquals x -> SqlPredicate.Op.LE;
            default -> throw unsupported("operator " + c.getStringExpression());
        };
        Expression l = c.getLeftExpression();
        Expression r = c.getRightExpression();
        if (isConstant(l) && !isConstant(r)) {
            SqlExpr left = operand(r, having, select);
            return new SqlPredicate.Compare(left, op.flipped(), constant(l, left));
        }
        SqlExpr left = operand(l, having, select);
        if (!isConstant(r)) {
            throw unsupported("comparison of " + l + " with " + r + " (one side must be a constant)");
        }
        return new SqlPredicate.Compare(left, op, constant(r, left));
    }

    /**
     * JSqlParser 5.3 reads {@code x IN (a, b) OR y > 1} as {@code x IN ((a, b) OR y > 1)}: the
     * condition after the list is taken into the IN. This puts the IN back around its list, the
     * leftmost operand of that condition tree, and returns the tree (null when nothing was taken in).
     */
    private static Expression absorbedCondition(InExpression in) {
        if (!(in.getRightExpression() instanceof AndExpression || in.getRightExpression() instanceof OrExpression)) {
            return null;
        }
        BinaryExpression parent = (BinaryExpression) in.getRightExpression();
        while (parent.getLeftExpression() instanceof AndExpression
                || parent.getLeftExpression() instanceof OrExpression) {
            parent = (BinaryExpression) parent.getLeftExpression();
        }
        if (!(parent.getLeftExpression() instanceof ParenthesedExpressionList<?>)) {
            return null;
        }
        InExpression fixed = new InExpression(in.getLeftExpression(), parent.getLeftExpression());
        fixed.setNot(in.isNot());
        parent.setLeftExpression(fixed);
        return in.getRightExpression();
    }

    private SqlPredicate in(InExpression in, boolean having, List<SqlQuery.SelectItem> select) {
        if (in.isGlobal() || in.getOldOracleJoinSyntax() != 0) {
            throw unsupported("GLOBAL IN");
        }
        SqlExpr left = operand(in.getLeftExpression(), having, select);
        if (!(in.getRightExpression() instanceof ExpressionList<?> list)) {
            throw unsupported("IN (" + describe(in.getRightExpression()) + ")");
        }
        List<SqlExpr.Literal> values = new ArrayList<>();
        for (Expression v : list) {
            if (!isConstant(v)) {
                throw unsupported("IN list item " + v + " (constants only)");
            }
            values.add(constant(v, left));
        }
        return new SqlPredicate.In(left, values, in.isNot());
    }

    /** The non-constant side of a condition: a column, in HAVING also an aggregate or an output name. */
    private SqlExpr operand(Expression e, boolean having, List<SqlQuery.SelectItem> select) {
        if (having && e instanceof net.sf.jsqlparser.schema.Column c && c.getTable() == null) {
            String name = unquote(c.getColumnName());
            SqlExpr alias = alias(name, select);
            if (alias != null && !resolver.has(name)) {
                return alias;
            }
        }
        SqlExpr v = value(e, having);
        if (v instanceof SqlExpr.Literal) {
            throw unsupported("condition on constants only");
        }
        return v;
    }

    private static final java.util.Set<String> TIME_FUNCTIONS = java.util.Set.of(
            "now",
            "current_timestamp",
            "epoch_ms",
            "to_timestamp",
            "todatetime",
            "todatetime64",
            "fromunixtimestamp64milli");

    private static boolean isConstant(Expression e) {
        return switch (e) {
            case LongValue x -> true;
            case DoubleValue x -> true;
            case StringValue x -> true;
            case TimestampValue x -> true;
            case TimeKeyExpression x -> true;
            case IntervalExpression x -> true;
            case CastExpression x -> isConstant(x.getLeftExpression());
            case SignedExpression s -> isConstant(s.getExpression());
            case Parenthesis p -> isConstant(p.getExpression());
            case ParenthesedExpressionList<?> list -> list.size() == 1 && isConstant(list.getFirst());
            case Addition a -> isConstant(a.getLeftExpression()) && isConstant(a.getRightExpression());
            case Subtraction s -> isConstant(s.getLeftExpression()) && isConstant(s.getRightExpression());
            case Function f ->
                TIME_FUNCTIONS.contains(f.getName().toLowerCase(Locale.ROOT))
                        && (f.getParameters() == null
                                || f.getParameters().isEmpty()
                                || isConstant(f.getParameters().getFirst()));
            default -> false;
        };
    }

    /** A constant compared with {@code against}, in its type: time constants are folded to epoch milliseconds. */
    private SqlExpr.Literal constant(Expression e, SqlExpr against) {
        if (against.type() == SqlType.TIMESTAMP) {
            return new SqlExpr.Literal(timestamp(e), SqlType.TIMESTAMP);
        }
        SqlExpr v = value(e, false);
        if (!(v instanceof SqlExpr.Literal l)) {
            throw unsupported("non-constant " + e);
        }
        boolean numericColumn = against.type() == SqlType.BIGINT || against.type() == SqlType.DOUBLE;
        boolean numericLiteral = l.type() == SqlType.BIGINT || l.type() == SqlType.DOUBLE;
        if (numericColumn != numericLiteral) {
            throw new InvalidInputException(
                    "cannot compare " + against.toSql() + " (" + against.type() + ") with " + e);
        }
        return l;
    }

    /** Epoch milliseconds of a time constant: a timestamp literal or string, a number of ms, now(), ± intervals. */
    long timestamp(Expression e) {
        return switch (e) {
            case TimestampValue t -> TimeLiterals.timestamp(t.getRawValue().replace("'", ""));
            case StringValue s -> TimeLiterals.timestamp(s.getValue());
            case LongValue l -> l.getValue();
            case TimeKeyExpression k when k.getStringValue().equalsIgnoreCase("current_timestamp") -> nowMs;
            case Function f
            when f.getName().equalsIgnoreCase("now") || f.getName().equalsIgnoreCase("current_timestamp") -> {
                if (f.getParameters() != null && !f.getParameters().isEmpty()) {
                    throw new InvalidInputException(f.getName() + "() takes no arguments");
                }
                yield nowMs;
            }
            case Function f
            when (f.getName().equalsIgnoreCase("epoch_ms") || f.getName().equalsIgnoreCase("fromUnixTimestamp64Milli"))
                    && f.getParameters() != null
                    && f.getParameters().size() == 1 ->
                timestamp(f.getParameters().getFirst());
            case Function f
            when (f.getName().equalsIgnoreCase("to_timestamp")
                            || f.getName().equalsIgnoreCase("toDateTime")
                            || f.getName().equalsIgnoreCase("toDateTime64"))
                    && f.getParameters() != null
                    && !f.getParameters().isEmpty() -> {
                Expression arg = f.getParameters().getFirst();
                yield switch (arg) {
                    case LongValue l -> Math.multiplyExact(l.getValue(), 1000L);
                    case DoubleValue d -> Math.round(d.getValue() * 1000);
                    case StringValue s -> TimeLiterals.timestamp(s.getValue());
                    default ->
                        throw new InvalidInputException(
                                f.getName() + "() needs epoch seconds or a timestamp string, got " + arg);
                };
            }
            case CastExpression c
            when c.getColDataType().getDataType().toLowerCase(Locale.ROOT).startsWith("timestamp") ->
                timestamp(c.getLeftExpression());
            case Parenthesis p -> timestamp(p.getExpression());
            case ParenthesedExpressionList<?> list when list.size() == 1 -> timestamp(list.getFirst());
            case Addition a -> Math.addExact(timestamp(a.getLeftExpression()), intervalMs(a.getRightExpression()));
            case Subtraction s ->
                Math.subtractExact(timestamp(s.getLeftExpression()), intervalMs(s.getRightExpression()));
            default ->
                throw new InvalidInputException(
                        "expected a time constant (TIMESTAMP '...', now() - INTERVAL ..., epoch ms), got " + e);
        };
    }

    private static long intervalMs(Expression e) {
        if (!(e instanceof IntervalExpression i)) {
            throw new InvalidInputException("expected an INTERVAL, got " + e);
        }
        String amount = i.getParameter() != null
                ? i.getParameter()
                : i.getExpression() != null ? i.getExpression().toString() : "";
        amount = amount.replace("'", "");
        long ms = TimeLiterals.interval(amount, i.getIntervalType());
        if (ms <= 0) {
            throw new InvalidInputException("an interval must be positive, got " + e);
        }
        return ms;
    }

    private static String describe(Expression e) {
        String kind = e.getClass().getSimpleName();
        return switch (kind) {
            case "Addition", "Subtraction", "Multiplication", "Division", "Modulo", "IntegerDivision" ->
                "arithmetic (" + e + ")";
            case "CaseExpression" -> "CASE";
            case "ParenthesedSelect", "Select", "PlainSelect" -> "subquery";
            case "IsNullExpression" -> "IS NULL";
            case "LikeExpression" -> "LIKE";
            case "RegExpMatchOperator", "SimilarToExpression" -> "regular expression match";
            case "CastExpression" -> "CAST";
            case "NullValue" -> "NULL";
            case "ExistsExpression" -> "EXISTS";
            case "IntervalExpression" -> "INTERVAL outside a time comparison";
            case "TimeKeyExpression" -> e + " outside a time comparison";
            default -> kind.replaceAll("(Expression|Value)$", "") + " (" + e + ")";
        };
    }
}
