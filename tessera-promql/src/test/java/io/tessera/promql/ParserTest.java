package io.tessera.promql;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.LabelMatcher;
import io.tessera.core.MatchType;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class ParserTest {

    private static VectorSelector sel(String name) {
        return VectorSelector.of(name, List.of());
    }

    private static NumberLiteral num(double v) {
        return new NumberLiteral(v);
    }

    private static BinaryExpr bin(Expr l, BinaryOp op, Expr r) {
        boolean vectors = l.type() == ValueType.VECTOR && r.type() == ValueType.VECTOR;
        VectorMatching m = VectorMatching.oneToOne();
        if (op.isSetOperator()) {
            m = new VectorMatching(Cardinality.MANY_TO_MANY, List.of(), false, List.of());
        }
        return new BinaryExpr(op, l, r, vectors ? m : null, false);
    }

    @Test
    void unaryMinusBindsLooserThanPower() {
        assertThat(Parser.parse("-2 ^ 2")).isEqualTo(new UnaryExpr(UnaryOp.MINUS, bin(num(2), BinaryOp.POW, num(2))));
        assertThat(Parser.parse("-2 * 3")).isEqualTo(bin(num(-2), BinaryOp.MUL, num(3)));
        assertThat(Parser.parse("-a * b"))
                .isEqualTo(bin(new UnaryExpr(UnaryOp.MINUS, sel("a")), BinaryOp.MUL, sel("b")));
    }

    @Test
    void signsFoldIntoNumbers() {
        assertThat(Parser.parse("- - - 1")).isEqualTo(num(-1));
        assertThat(Parser.parse("+1")).isEqualTo(num(1));
        assertThat(Parser.parse("-2^---1*3"))
                .isEqualTo(bin(new UnaryExpr(UnaryOp.MINUS, bin(num(2), BinaryOp.POW, num(-1))), BinaryOp.MUL, num(3)));
    }

    @Test
    void infinityAsTheBaseOfAPowerPrintsWithoutItsSign() {
        Expr e = Parser.parse("Inf ^ 2");
        assertThat(e).isEqualTo(bin(num(Double.POSITIVE_INFINITY), BinaryOp.POW, num(2)));
        assertThat(Printer.print(e)).isEqualTo("Inf ^ 2");
        assertThat(Printer.print(Parser.parse("-Inf ^ 2"))).isEqualTo("-Inf ^ 2");
        assertThat(Parser.parse(Printer.print(Parser.parse("-Inf ^ 2")))).isEqualTo(Parser.parse("-Inf ^ 2"));
    }

    static Stream<Arguments> binaryPrecedenceAndGrouping() {
        return Stream.of(
                Arguments.of("1 - 2 - 3", bin(bin(num(1), BinaryOp.SUB, num(2)), BinaryOp.SUB, num(3))),
                Arguments.of("2 ^ 3 ^ 2", bin(num(2), BinaryOp.POW, bin(num(3), BinaryOp.POW, num(2)))),
                Arguments.of("a or b and c", bin(sel("a"), BinaryOp.OR, bin(sel("b"), BinaryOp.AND, sel("c")))),
                Arguments.of("a and b unless c", bin(bin(sel("a"), BinaryOp.AND, sel("b")), BinaryOp.UNLESS, sel("c"))),
                Arguments.of("a + b * c", bin(sel("a"), BinaryOp.ADD, bin(sel("b"), BinaryOp.MUL, sel("c")))),
                Arguments.of("a atan2 b + c", bin(bin(sel("a"), BinaryOp.ATAN2, sel("b")), BinaryOp.ADD, sel("c"))),
                Arguments.of("a + b > c", bin(bin(sel("a"), BinaryOp.ADD, sel("b")), BinaryOp.GTR, sel("c"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("binaryPrecedenceAndGrouping")
    void binaryOperatorsGroupByPrecedenceAndAssociativity(String query, Expr expected) {
        assertThat(Parser.parse(query)).isEqualTo(expected);
    }

    @Test
    void setOperatorsBindLooserThanComparisons() {
        assertThat(Parser.parse("a > b or c == bool d"))
                .isInstanceOfSatisfying(
                        BinaryExpr.class, b -> assertThat(b.op()).isEqualTo(BinaryOp.OR));
    }

    @Test
    void modifiersMayComeInEitherOrder() {
        Expr expected = sel("foo").withOffset(300_000).withAt(AtModifier.at(100_000));
        assertThat(Parser.parse("foo offset 5m @ 100")).isEqualTo(expected);
        assertThat(Parser.parse("foo @ 100 offset 5m")).isEqualTo(expected);
        assertThat(Printer.print(expected)).isEqualTo("foo @ 100.000 offset 5m");
        assertThat(Parser.parse("foo[5m] offset -1h @ end()"))
                .isEqualTo(new MatrixSelector(sel("foo").withOffset(-3_600_000).withAt(AtModifier.end()), 300_000));
        assertThat(Printer.print(Parser.parse("foo[5m] offset -1h @ end()"))).isEqualTo("foo[5m] @ end() offset -1h");
        assertThat(Parser.parse("foo @ start()")).isEqualTo(sel("foo").withAt(AtModifier.start()));
        assertThat(Parser.parse("foo @ -1.5")).isEqualTo(sel("foo").withAt(AtModifier.at(-1500)));
        assertThat(Parser.parse("foo offset 10")).isEqualTo(sel("foo").withOffset(10_000));
    }

    @Test
    void modifiersBindToTheNearestSelector() {
        assertThat(Parser.parse("a + b offset 5m"))
                .isEqualTo(bin(sel("a"), BinaryOp.ADD, sel("b").withOffset(300_000)));
        assertThat(Parser.parse("-foo offset 5m"))
                .isEqualTo(new UnaryExpr(UnaryOp.MINUS, sel("foo").withOffset(300_000)));
    }

    @Test
    void subqueries() {
        Expr rate = new Call(Functions.lookup("rate").orElseThrow(), List.of(new MatrixSelector(sel("x"), 300_000)));
        assertThat(Parser.parse("rate(x[5m])[1h:5m]")).isEqualTo(new SubqueryExpr(rate, 3_600_000, 300_000, 0, null));
        assertThat(Parser.parse("x[1h:]")).isEqualTo(new SubqueryExpr(sel("x"), 3_600_000, 0, 0, null));
        assertThat(Parser.parse("x[1h:1m] @ 10 offset 2m"))
                .isEqualTo(new SubqueryExpr(sel("x"), 3_600_000, 60_000, 120_000, AtModifier.at(10_000)));
        assertThat(Parser.parse("x offset 5m [10m:1m]"))
                .isEqualTo(new SubqueryExpr(sel("x").withOffset(300_000), 600_000, 60_000, 0, null));
        assertThat(Printer.print(Parser.parse("max_over_time( rate(x[5m]) [ 1h : ] )")))
                .isEqualTo("max_over_time(rate(x[5m])[1h:])");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "foo[5m]      | 300000",
                "foo[1h30m]   | 5400000",
                "foo[1500ms]  | 1500",
                "foo[10]      | 10000",
                "foo[1.5]     | 1500",
                "foo[2d]      | 172800000",
                "foo[1w]      | 604800000",
                "foo[1y]      | 31536000000",
            })
    void rangeDurations(String query, long millis) {
        assertThat(Parser.parse(query)).isEqualTo(new MatrixSelector(sel("foo"), millis));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "foo[90d]       | foo[90d]",
                "foo[12w6d]     | foo[90d]",
                "foo[14d]       | foo[2w]",
                "foo[60s]       | foo[1m]",
                "foo[3601s]     | foo[1h1s]",
                "foo[1h30m5s1ms]| foo[1h30m5s1ms]",
                "foo[365d]      | foo[1y]",
            })
    void durationsPrintAsPrometheusDoes(String query, String printed) {
        assertThat(Printer.print(Parser.parse(query))).isEqualTo(printed);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "1         | 1",
                "0x1F      | 31",
                "0X1f      | 31",
                "1e3       | 1000",
                "1E-3      | 0.001",
                "12.34e+6  | 12340000",
                ".5        | 0.5",
                "5.        | 5",
                "1_000     | 1000",
                "017       | 15",
                "09        | 9",
                "Inf       | +Inf",
                "-inf      | -Inf",
                "+Inf      | +Inf",
                "nAn       | NaN",
                "1e20      | 100000000000000000000",
                "1e-7      | 0.0000001",
                "-0        | -0",
                "5m        | 300",
                "1h30m     | 5400",
            })
    void numbers(String query, String printed) {
        Expr e = parsedAndPrintedBack(query);
        assertThat(e).isInstanceOf(NumberLiteral.class);
        assertThat(Printer.print(e)).isEqualTo(printed);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '~',
            value = {
                "~\"a\\nb\"~          | ~a\nb~",
                "~'it\\'s'~           | ~it's~",
                "~\"say \\\"hi\\\"\"~ | ~say \"hi\"~",
                "~`raw\\n`~           | ~raw\\n~",
                "~\"\\u00e9\"~        | ~é~",
                "~\"\\U0001F600\"~    | ~\uD83D\uDE00~",
                "~\"\\xc3\\xa9\"~     | ~é~",
                "~\"\\101\\t\"~       | ~A\t~",
                "~\"\\a\\b\\f\\r\\v\\\\\"~ | ~\u0007\b\f\r\u000b\\~",
                "~'\"'~               | ~\"~",
            })
    void stringEscapes(String query, String value) {
        assertThat(parsedAndPrintedBack(query)).isEqualTo(new StringLiteral(value));
    }

    /** The expression {@code query} parses to, checked to parse back from its printed form. */
    private static Expr parsedAndPrintedBack(String query) {
        Expr e = Parser.parse(query);
        assertThat(Parser.parse(Printer.print(e))).isEqualTo(e);
        return e;
    }

    @Test
    void stringsPrintWithGoEscapes() {
        assertThat(Printer.print(new StringLiteral("a\nb\"c\\\u0001é\u00a0")))
                .isEqualTo("\"a\\nb\\\"c\\\\\\x01é\\u00a0\"");
    }

    @Test
    void aggregationModifierBeforeOrAfterTheBody() {
        Expr expected = new AggregateExpr(AggregateOp.SUM, null, sel("x"), List.of("job"), false);
        assertThat(Parser.parse("sum by (job) (x)")).isEqualTo(expected);
        assertThat(Parser.parse("sum(x) by (job)")).isEqualTo(expected);
        assertThat(Parser.parse("SUM(x) BY (job,)")).isEqualTo(expected);
        assertThat(Printer.print(expected)).isEqualTo("sum by (job) (x)");
        assertThat(Printer.print(Parser.parse("sum without (a, b) (x)"))).isEqualTo("sum without (a, b) (x)");
        assertThat(Printer.print(Parser.parse("sum by () (x)"))).isEqualTo("sum(x)");
        assertThat(Printer.print(Parser.parse("sum without () (x)"))).isEqualTo("sum without () (x)");
    }

    @Test
    void aggregationParameters() {
        assertThat(Parser.parse("topk(3, x)"))
                .isEqualTo(new AggregateExpr(AggregateOp.TOPK, num(3), sel("x"), List.of(), false));
        assertThat(Parser.parse("quantile(0.9, x)"))
                .isEqualTo(new AggregateExpr(AggregateOp.QUANTILE, num(0.9), sel("x"), List.of(), false));
        assertThat(Parser.parse("count_values(\"le\", x)"))
                .isEqualTo(new AggregateExpr(
                        AggregateOp.COUNT_VALUES, new StringLiteral("le"), sel("x"), List.of(), false));
        assertThat(Printer.print(Parser.parse("limitk by (a) (2, x)"))).isEqualTo("limitk by (a) (2, x)");
        assertThat(Printer.print(Parser.parse("limit_ratio(0.5, x)"))).isEqualTo("limit_ratio(0.5, x)");
    }

    @Test
    void canonicalFormOfATypicalDashboardQuery() {
        assertThat(Printer.print(Parser.parse("sum(rate(http_requests_total{job=\"api\"}[5m])) by (job)")))
                .isEqualTo("sum by (job) (rate(http_requests_total{job=\"api\"}[5m]))");
        assertThat(Printer.print(Parser.parse("foo{b='1', a=~\"x.*\" ,}"))).isEqualTo("foo{a=~\"x.*\",b=\"1\"}");
    }

    @Test
    void quotedUtf8MetricAndLabelNames() {
        Expr e = Parser.parse("{\"my.metric\", \"a.b\"=\"x\"}");
        assertThat(e).isEqualTo(VectorSelector.of("my.metric", List.of(LabelMatcher.equal("a.b", "x"))));
        assertThat(Printer.print(e)).isEqualTo("{\"my.metric\",\"a.b\"=\"x\"}");
        assertThat(Parser.parse("{\"foo\"}")).isEqualTo(sel("foo"));
        assertThat(Printer.print(Parser.parse("sum by (\"a.b\", c) (x)"))).isEqualTo("sum by (\"a.b\", c) (x)");
        assertThat(Printer.print(Parser.parse("{\"bool\"}"))).isEqualTo("{\"bool\"}");
        assertThat(Parser.parse("{__name__=~\"a|b\"}"))
                .isEqualTo(VectorSelector.of(null, List.of(LabelMatcher.of(MatchType.REGEX, "__name__", "a|b"))));
    }

    @Test
    void vectorMatching() {
        BinaryExpr e = (BinaryExpr) Parser.parse("a * on (x) group_left (y) b");
        assertThat(e.matching())
                .isEqualTo(new VectorMatching(Cardinality.MANY_TO_ONE, List.of("x"), true, List.of("y")));
        assertThat(Printer.print(e)).isEqualTo("a * on (x) group_left (y) b");
        assertThat(Printer.print(Parser.parse("a / IGNORING(x) GROUP_RIGHT b")))
                .isEqualTo("a / ignoring (x) group_right () b");
        assertThat(Printer.print(Parser.parse("a + ignoring() b"))).isEqualTo("a + b");
        assertThat(Printer.print(Parser.parse("a + on() b"))).isEqualTo("a + on () b");
        assertThat(((BinaryExpr) Parser.parse("a and b")).matching().card()).isEqualTo(Cardinality.MANY_TO_MANY);
        assertThat(((BinaryExpr) Parser.parse("a + 1")).matching()).isNull();
        BinaryExpr cmp = (BinaryExpr) Parser.parse("foo == bool 1");
        assertThat(cmp.returnBool()).isTrue();
        assertThat(Printer.print(cmp)).isEqualTo("foo == bool 1");
        assertThat(Printer.print(Parser.parse("1 < bool 2"))).isEqualTo("1 < bool 2");
    }

    @Test
    void keywordsMayNameMetrics() {
        assertThat(Parser.parse("sum + count")).isEqualTo(bin(sel("sum"), BinaryOp.ADD, sel("count")));
        assertThat(Parser.parse("foo and and")).isEqualTo(bin(sel("foo"), BinaryOp.AND, sel("and")));
        assertThat(Parser.parse("by{a=\"b\"}"))
                .isEqualTo(VectorSelector.of("by", List.of(LabelMatcher.equal("a", "b"))));
        assertThat(Parser.parse("offset offset 1m")).isEqualTo(sel("offset").withOffset(60_000));
        assertThat(Parser.parse("foo{and=\"x\", offset!=\"y\"}")).isInstanceOf(VectorSelector.class);
        assertThat(Parser.parse("sum by (and, offset, sum) (x)"))
                .isEqualTo(new AggregateExpr(AggregateOp.SUM, null, sel("x"), List.of("and", "offset", "sum"), false));
        assertThat(Parser.parse("job:request_rate:5m")).isEqualTo(sel("job:request_rate:5m"));
    }

    @Test
    void commentsAndLineBreaksAreIgnored() {
        assertThat(Parser.parse("sum( # the total\n  x{a=\"b\" # inside braces\n} ) # done"))
                .isEqualTo(Parser.parse("sum(x{a=\"b\"})"));
    }

    @Test
    void functionSignatures() {
        assertThat(Functions.lookup("label_join").orElseThrow().maxArgs()).isEqualTo(-1);
        assertThat(Functions.lookup("round").orElseThrow().maxArgs()).isEqualTo(2);
        assertThat(Functions.lookup("hour").orElseThrow().minArgs()).isZero();
        assertThat(Functions.lookup("holt_winters")).isEmpty();
        assertThat(Functions.lookup("histogram_count")).isEmpty();
        assertThat(Functions.all())
                .extracting(Function::name)
                .contains(
                        "double_exponential_smoothing",
                        "mad_over_time",
                        "sort_by_label_desc",
                        "pi",
                        "histogram_quantile")
                .isSorted();
        assertThat(Parser.parse("hour()").type()).isEqualTo(ValueType.VECTOR);
        assertThat(Parser.parse("scalar(x) + time()").type()).isEqualTo(ValueType.SCALAR);
        assertThat(Printer.print(Parser.parse("label_join(x, \"d\", \",\", \"a\", \"b\", \"c\")")))
                .isEqualTo("label_join(x, \"d\", \",\", \"a\", \"b\", \"c\")");
        assertThat(Printer.print(Parser.parse("histogram_quantile(0.9, sum by (le) (rate(x_bucket[5m])))")))
                .isEqualTo("histogram_quantile(0.9, sum by (le) (rate(x_bucket[5m])))");
    }

    @Test
    void allMatchersIncludeTheMetricName() {
        VectorSelector v = (VectorSelector) Parser.parse("foo{a=\"b\"}");
        assertThat(v.allMatchers())
                .containsExactly(LabelMatcher.equal("__name__", "foo"), LabelMatcher.equal("a", "b"));
    }

    @Test
    void selectorsKeepTheWrittenOrderBesideTheCanonicalOne() {
        VectorSelector written = (VectorSelector) Parser.parse("foo{b=\"2\", a!=\"1\", a=\"1\"}");
        VectorSelector sorted = (VectorSelector) Parser.parse("foo{a!=\"1\", a=\"1\", b=\"2\"}");
        assertThat(written.writtenMatchers())
                .containsExactly(
                        LabelMatcher.equal("b", "2"),
                        LabelMatcher.of(MatchType.NOT_EQUAL, "a", "1"),
                        LabelMatcher.equal("a", "1"));
        assertThat(written.matchers()).isEqualTo(sorted.matchers());
        assertThat(written).isEqualTo(sorted).hasSameHashCodeAs(sorted);
        assertThat(Printer.print(written)).isEqualTo(Printer.print(sorted));
        VectorSelector shifted = written.withOffset(60_000).withAt(AtModifier.at(5_000));
        assertThat(shifted.writtenMatchers()).isEqualTo(written.writtenMatchers());
        assertThat(((MatrixSelector) Parser.parse("foo{b=\"2\", a=\"1\"}[5m]"))
                        .selector()
                        .writtenMatchers())
                .containsExactly(LabelMatcher.equal("b", "2"), LabelMatcher.equal("a", "1"));
    }
}
