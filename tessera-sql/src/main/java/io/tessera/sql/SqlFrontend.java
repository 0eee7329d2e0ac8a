package io.tessera.sql;

import io.tessera.core.InvalidInputException;
import io.tessera.core.TableCatalog;
import io.tessera.core.TableSchema;
import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.GroupByElement;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SetOperationList;

/**
 * The SQL frontend: parses one SELECT with JSqlParser and converts it to a {@link SqlQuery},
 * names resolved against the catalog (a name that is no table is a metric; {@code metrics.name}
 * always is), time predicates on the time column taken out as {@link TimeBounds}, and every
 * construct it does not support rejected with an error naming it.
 */
public final class SqlFrontend {

    /** The schema under which every metric is a table. */
    public static final String METRICS_SCHEMA = "metrics";

    private SqlFrontend() {}

    /**
     * @param nowMs what {@code now()} means, epoch milliseconds
     * @throws InvalidInputException for a syntax error, an unknown column or an unsupported construct
     */
    /**
     * Parsed statements by their text: dashboards and rules send the same text again and again,
     * and the conversion below only reads a statement, so a cached one is shared. Bounded. A
     * text with {@code IN} is not kept: converting it may repair the statement's tree in place.
     */
    private static final java.util.Map<String, Statement> PARSED =
            java.util.Collections.synchronizedMap(new java.util.LinkedHashMap<>(64, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(java.util.Map.Entry<String, Statement> eldest) {
                    return size() > 512;
                }
            });

    private static final java.util.regex.Pattern MUTATED_BY_CONVERSION =
            java.util.regex.Pattern.compile("(?i)\\bIN\\b");

    public static SqlQuery parse(String sql, TableCatalog catalog, long nowMs) {
        if (sql == null || sql.isBlank()) {
            throw new InvalidInputException("empty SQL query");
        }
        Statement statement = PARSED.get(sql);
        try {
            if (statement == null) {
                statement = CCJSqlParserUtil.parse(
                        ParametricCalls.rewrite(SqlText.splitFormat(sql).query()));
                if (!MUTATED_BY_CONVERSION.matcher(sql).find()) {
                    PARSED.put(sql, statement);
                }
            }
        } catch (JSQLParserException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            String message = String.valueOf(cause.getMessage()).strip();
            int nl = message.indexOf('\n');
            throw new InvalidInputException("SQL syntax error: " + (nl < 0 ? message : message.substring(0, nl)));
        }
        if (!(statement instanceof Select select)) {
            throw unsupported(statement.getClass().getSimpleName().toUpperCase(java.util.Locale.ROOT) + " statement");
        }
        if (select.getWithItemsList() != null && !select.getWithItemsList().isEmpty()) {
            throw unsupported("WITH");
        }
        if (select instanceof SetOperationList set) {
            throw unsupported(
                    set.getOperations().isEmpty()
                            ? "set operation"
                            : set.getOperations().getFirst().toString());
        }
        if (!(select instanceof PlainSelect plain)) {
            throw unsupported(select.getClass().getSimpleName());
        }
        if (select.getOrderByElements() != null && plain.getOrderByElements() == null) {
            throw unsupported("ORDER BY outside the SELECT");
        }
        rejectDeepExpressions(plain);
        try {
            return convert(plain, catalog, nowMs);
        } catch (NumberFormatException e) {
            throw new InvalidInputException(
                    "number out of range: " + literalOf(e) + " does not fit a 64-bit integer (BIGINT)");
        } catch (ArithmeticException e) {
            throw new InvalidInputException(
                    "number out of range: a time, interval or integer in the query overflows 64 bits");
        }
    }

    /** The text Long.parseLong refused, which its message quotes. */
    private static String literalOf(NumberFormatException e) {
        String m = String.valueOf(e.getMessage());
        int open = m.indexOf('"');
        int close = m.lastIndexOf('"');
        return open >= 0 && close > open ? m.substring(open + 1, close) : "a number";
    }

    /** Expressions deeper than this are refused: every later stage walks them recursively. */
    static final int MAX_EXPRESSION_DEPTH = 1_000;

    private static void rejectDeepExpressions(PlainSelect s) {
        int depth = Math.max(SqlExpressionDepth.of(s.getWhere()), SqlExpressionDepth.of(s.getHaving()));
        for (net.sf.jsqlparser.statement.select.SelectItem<?> item : s.getSelectItems()) {
            depth = Math.max(depth, SqlExpressionDepth.of(item.getExpression()));
        }
        if (depth > MAX_EXPRESSION_DEPTH) {
            throw unsupported("an expression " + depth + " levels deep (at most " + MAX_EXPRESSION_DEPTH
                    + "; a chain of OR, AND or arithmetic is one level per operator)");
        }
    }

    private static SqlQuery convert(PlainSelect s, TableCatalog catalog, long nowMs) {
        rejectClauses(s);
        Resolver resolver = resolveTable(s, catalog);
        ExprConverter exprs = new ExprConverter(resolver, nowMs);

        List<SqlQuery.SelectItem> select = new ArrayList<>();
        for (net.sf.jsqlparser.statement.select.SelectItem<?> item : s.getSelectItems()) {
            Expression e = item.getExpression();
            if (e instanceof AllColumns all) {
                if (all.getExceptColumns() != null || all.getReplaceExpressions() != null) {
                    throw unsupported("SELECT * EXCEPT/REPLACE");
                }
                if (resolver.metric()) {
                    throw unsupported("SELECT * on a metric (name the columns: ts, value and the labels you want)");
                }
                for (String column : resolver.allColumns()) {
                    select.add(new SqlQuery.SelectItem(resolver.column(column), column));
                }
                continue;
            }
            SqlExpr expr = exprs.value(e, true);
            String name = item.getAlias() != null
                    ? unquote(item.getAlias().getName())
                    : expr instanceof SqlExpr.Column c ? c.name() : e.toString().replace(ParametricCalls.SUFFIX, "");
            select.add(new SqlQuery.SelectItem(expr, name));
        }

        TimeBounds time = TimeBounds.ALL;
        SqlPredicate where = null;
        if (s.getWhere() != null) {
            List<SqlPredicate> rest = new ArrayList<>();
            for (SqlPredicate conjunct : conjuncts(exprs.predicate(s.getWhere(), false, select), new ArrayList<>())) {
                TimeBounds narrowed = narrow(time, conjunct, resolver.timeColumn());
                if (narrowed == null) {
                    rest.add(conjunct);
                } else {
                    time = narrowed;
                }
            }
            for (SqlPredicate p : rest) {
                where = where == null ? p : new SqlPredicate.And(where, p);
            }
        }

        List<SqlExpr> groupBy = new ArrayList<>();
        GroupByElement g = s.getGroupBy();
        if (g != null) {
            if (g.getGroupingSets() != null && !g.getGroupingSets().isEmpty()) {
                throw unsupported("GROUPING SETS");
            }
            if (g.isMysqlWithRollup()) {
                throw unsupported("WITH ROLLUP");
            }
            for (Object o : g.getGroupByExpressionList()) {
                SqlExpr key = outputReference((Expression) o, select, exprs, false, "GROUP BY");
                if (containsAggregate(key)) {
                    throw new InvalidInputException("aggregate " + key.toSql() + " in GROUP BY");
                }
                if (!groupBy.contains(key)) {
                    groupBy.add(key);
                }
            }
        }

        SqlPredicate having = s.getHaving() == null ? null : exprs.predicate(s.getHaving(), true, select);
        List<SqlQuery.OrderItem> orderBy = new ArrayList<>();
        if (s.getOrderByElements() != null) {
            for (OrderByElement o : s.getOrderByElements()) {
                if (o.getNullOrdering() != null) {
                    throw unsupported("NULLS FIRST/LAST");
                }
                orderBy.add(new SqlQuery.OrderItem(
                        outputReference(o.getExpression(), select, exprs, true, "ORDER BY"), !o.isAsc()));
            }
        }

        boolean aggregate = !groupBy.isEmpty() || having != null;
        for (SqlQuery.SelectItem item : select) {
            aggregate |= containsAggregate(item.expr());
        }
        for (SqlQuery.OrderItem o : orderBy) {
            aggregate |= containsAggregate(o.expr());
        }
        if (aggregate) {
            for (SqlQuery.SelectItem item : select) {
                requireGrouped(item.expr(), groupBy, "SELECT");
            }
            for (SqlQuery.OrderItem o : orderBy) {
                requireGrouped(o.expr(), groupBy, "ORDER BY");
            }
            if (having != null) {
                requireGrouped(having, groupBy);
            }
        }
        return new SqlQuery(
                resolver.schema(),
                resolver.metric(),
                select,
                time,
                where,
                aggregate,
                groupBy,
                having,
                orderBy,
                limit(s.getLimit()));
    }

    private static void rejectClauses(PlainSelect s) {
        if (s.getDistinct() != null) {
            throw unsupported("SELECT DISTINCT");
        }
        if (s.getJoins() != null && !s.getJoins().isEmpty()) {
            throw unsupported("JOIN");
        }
        if (s.getFromItem() == null) {
            throw unsupported("SELECT without FROM");
        }
        if (!(s.getFromItem() instanceof Table)) {
            throw unsupported("subquery in FROM");
        }
        if (s.getOffset() != null || (s.getLimit() != null && s.getLimit().getOffset() != null)) {
            throw unsupported("OFFSET");
        }
        if (s.getFetch() != null) {
            throw unsupported("FETCH");
        }
        if (s.getTop() != null) {
            throw unsupported("TOP");
        }
        if (s.getQualify() != null) {
            throw unsupported("QUALIFY");
        }
        if (s.getWindowDefinitions() != null && !s.getWindowDefinitions().isEmpty()) {
            throw unsupported("WINDOW");
        }
        if (s.getIntoTables() != null) {
            throw unsupported("SELECT INTO");
        }
        if (s.getLateralViews() != null && !s.getLateralViews().isEmpty()) {
            throw unsupported("LATERAL VIEW");
        }
        if (s.getSampleClause() != null || ((Table) s.getFromItem()).getSampleClause() != null) {
            throw unsupported("TABLESAMPLE");
        }
    }

    private static Resolver resolveTable(PlainSelect s, TableCatalog catalog) {
        Table t = (Table) s.getFromItem();
        String schema = t.getSchemaName() == null ? null : unquote(t.getSchemaName());
        String name = unquote(t.getName());
        String alias = t.getAlias() == null ? null : unquote(t.getAlias().getName());
        if (t.getDatabaseName() != null
                && t.getSchemaName() != null
                && !t.getDatabaseName().equals(t.getSchemaName())) {
            throw new InvalidInputException("unknown table " + t.getFullyQualifiedName());
        }
        if (METRICS_SCHEMA.equals(schema)) {
            return Resolver.metric(name, alias);
        }
        if (schema != null) {
            throw new InvalidInputException("unknown schema \"" + schema + "\" (tables have none; metrics are under \""
                    + METRICS_SCHEMA + "\")");
        }
        TableSchema table = catalog.find(name).orElse(null);
        return table == null ? Resolver.metric(name, alias) : Resolver.table(table, alias);
    }

    /** A GROUP BY or ORDER BY item: a 1-based position in the SELECT list, an output alias, or an expression. */
    private static SqlExpr outputReference(
            Expression e, List<SqlQuery.SelectItem> select, ExprConverter exprs, boolean aggregates, String clause) {
        if (e instanceof LongValue position) {
            long p = position.getValue();
            if (p < 1 || p > select.size()) {
                throw new InvalidInputException(
                        clause + " position " + p + " is not in the SELECT list (1.." + select.size() + ")");
            }
            return select.get((int) p - 1).expr();
        }
        if (e instanceof net.sf.jsqlparser.schema.Column c && c.getTable() == null) {
            String name = unquote(c.getColumnName());
            SqlExpr alias = exprs.alias(name, select);
            if (alias != null && !(exprs.resolver().has(name) && clause.equals("GROUP BY"))) {
                return alias;
            }
        }
        return exprs.value(e, aggregates);
    }

    private static long limit(Limit limit) {
        if (limit == null || limit.isLimitAll() || limit.isLimitNull()) {
            return -1;
        }
        if (limit.getByExpressions() != null) {
            throw unsupported("LIMIT BY");
        }
        if (!(limit.getRowCount() instanceof LongValue n) || n.getValue() < 0) {
            throw new InvalidInputException("LIMIT must be a non-negative whole number, got " + limit.getRowCount());
        }
        return n.getValue();
    }

    private static List<SqlPredicate> conjuncts(SqlPredicate p, List<SqlPredicate> out) {
        if (p instanceof SqlPredicate.And(SqlPredicate l, SqlPredicate r)) {
            conjuncts(l, out);
            conjuncts(r, out);
        } else {
            out.add(p);
        }
        return out;
    }

    /** {@code bounds} narrowed by {@code p} when {@code p} bounds the time column, else null. */
    private static TimeBounds narrow(TimeBounds bounds, SqlPredicate p, String timeColumn) {
        if (!(p instanceof SqlPredicate.Compare(SqlExpr.Column col, SqlPredicate.Op op, SqlExpr.Literal lit))
                || !col.name().equals(timeColumn)
                || lit.type() != SqlType.TIMESTAMP) {
            return null;
        }
        long v = (Long) lit.value();
        return switch (op) {
            case GT -> bounds.after(v);
            case GE -> v == Long.MIN_VALUE ? bounds : bounds.after(v - 1);
            case LT -> bounds.atOrBefore(v - 1);
            case LE -> bounds.atOrBefore(v);
            case EQ -> bounds.after(v - 1).atOrBefore(v);
            case NE -> null;
        };
    }

    static boolean containsAggregate(SqlExpr e) {
        return e instanceof SqlExpr.Aggregate;
    }

    private static void requireGrouped(SqlExpr e, List<SqlExpr> groupBy, String clause) {
        if (e instanceof SqlExpr.Column || e instanceof SqlExpr.Bucket) {
            if (!groupBy.contains(e)) {
                throw new InvalidInputException(
                        clause + " expression " + e.toSql() + " must appear in GROUP BY or be inside an aggregate");
            }
        }
    }

    private static void requireGrouped(SqlPredicate p, List<SqlExpr> groupBy) {
        p.comparedOperands().forEach(e -> requireGrouped(e, groupBy, "HAVING"));
    }

    static String unquote(String identifier) {
        if (identifier.length() >= 2) {
            char first = identifier.charAt(0);
            char last = identifier.charAt(identifier.length() - 1);
            if ((first == '"' && last == '"') || (first == '`' && last == '`')) {
                return identifier
                        .substring(1, identifier.length() - 1)
                        .replace(String.valueOf(first) + first, String.valueOf(first));
            }
        }
        return identifier;
    }

    static InvalidInputException unsupported(String construct) {
        return new InvalidInputException("unsupported SQL: " + construct);
    }
}
