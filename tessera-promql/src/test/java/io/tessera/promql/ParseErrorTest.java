package io.tessera.promql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.InvalidInputException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ParseErrorTest {

    static Stream<Arguments> errors() {
        return Stream.of(
                // syntax, in the lexer
                Arguments.of("(1", "1:3: parse error: unclosed left parenthesis"),
                Arguments.of("(1))", "1:5: parse error: unexpected right parenthesis ')'"),
                Arguments.of("foo{", "1:5: parse error: unexpected end of input inside braces"),
                Arguments.of("foo[5m", "1:7: parse error: unclosed left bracket"),
                Arguments.of("0deadbeef", "1:1: parse error: bad number or duration syntax: \"0de\""),
                Arguments.of("foo[5m x]", "1:8: parse error: unexpected character in duration expression: 'x'"),
                Arguments.of("foo =~ bar", "1:5: parse error: unexpected character after '=': '~'"),
                Arguments.of("foo ! bar", "1:5: parse error: unexpected character after '!': ' '"),
                Arguments.of("foo $ bar", "1:5: parse error: unexpected character: '$'"),
                Arguments.of("\"\\q\"", "1:1: parse error: unknown escape sequence U+0071 'q'"),
                Arguments.of("\"\\xg0\"", "1:1: parse error: illegal character U+0067 'g' in escape sequence"),
                Arguments.of("\"\\ud800\"", "1:1: parse error: escape sequence is an invalid Unicode code point"),
                Arguments.of("\"abc", "1:1: parse error: unterminated quoted string"),
                Arguments.of("`abc", "1:1: parse error: unterminated raw string"),
                Arguments.of(
                        "\"\\xff\"",
                        "1:1: parse error: invalid UTF-8 in string: escape sequences must spell valid UTF-8"),
                // syntax, in the parser
                Arguments.of("", "1:1: parse error: no expression found in input"),
                Arguments.of("1 +", "1:4: parse error: unexpected end of input"),
                Arguments.of("*1", "1:1: parse error: unexpected <op:*>"),
                Arguments.of("foo bar", "1:5: parse error: unexpected identifier \"bar\""),
                Arguments.of("foo +\n  bar baz", "2:7: parse error: unexpected identifier \"baz\""),
                Arguments.of("sum(foo bar)", "1:9: parse error: unexpected identifier \"bar\" in aggregation"),
                Arguments.of("sum foo", "1:5: parse error: unexpected identifier \"foo\""),
                Arguments.of(
                        "sum by foo (x)",
                        "1:8: parse error: unexpected identifier \"foo\" in grouping opts, expected \"(\""),
                Arguments.of(
                        "sum by (a b) (x)",
                        "1:11: parse error: unexpected identifier \"b\" in grouping opts, expected \",\" or \")\""),
                Arguments.of(
                        "sum by (1) (x)", "1:9: parse error: unexpected number \"1\" in grouping opts, expected label"),
                Arguments.of(
                        "foo{a}",
                        "1:6: parse error: unexpected \"}\" in label matching, expected label matching operator"),
                Arguments.of("foo{a=}", "1:7: parse error: unexpected \"}\" in label matching, expected string"),
                Arguments.of(
                        "foo{a=\"b\" c=\"d\"}",
                        "1:11: parse error: unexpected identifier \"c\" in label matching, expected \",\" or \"}\""),
                Arguments.of(
                        "foo{=\"b\"}",
                        "1:5: parse error: unexpected \"=\" in label matching, expected identifier or \"}\""),
                Arguments.of(
                        "foo offset bar",
                        "1:12: parse error: unexpected identifier \"bar\" in offset, expected number or duration"),
                Arguments.of("foo @ bar", "1:7: parse error: unexpected identifier \"bar\" in @, expected timestamp"),
                Arguments.of(
                        "foo[]",
                        "1:5: parse error: unexpected \"]\" in subquery selector, expected number or duration"),
                Arguments.of("foo[5m:1m:]", "1:10: parse error: unexpected repeated colon in duration expression"),
                Arguments.of(
                        "foo[5m-1m]",
                        "1:7: parse error: unexpected <op:-> in subquery or range, expected \":\" or \"]\""),
                Arguments.of("rate(foo[5m],)", "1:13: parse error: trailing commas not allowed in function call args"),
                Arguments.of("foo[1.5h]", "1:5: parse error: not a valid duration string: \"1.5h\""),
                Arguments.of("1 + 2 )", "1:8: parse error: unexpected right parenthesis ')'"),
                // modifiers
                Arguments.of("foo offset 5m offset 1m", "1:1: parse error: offset may not be set multiple times"),
                Arguments.of("foo @ 1 @ 2", "1:1: parse error: @ <timestamp> may not be set multiple times"),
                Arguments.of("foo offset 5m[5m]", "1:14: parse error: no offset modifiers allowed before range"),
                Arguments.of("foo @ 5 [5m]", "1:9: parse error: no @ modifiers allowed before range"),
                Arguments.of("(foo)[5m]", "1:6: parse error: ranges only allowed for vector selectors"),
                Arguments.of(
                        "sum(foo) offset 5m",
                        "1:1: parse error: offset modifier must be preceded by an instant vector selector or range vector selector or a subquery"),
                Arguments.of(
                        "1 @ 5",
                        "1:1: parse error: @ modifier must be preceded by an instant vector selector or range vector selector or a subquery"),
                Arguments.of("foo @ Inf", "1:1: parse error: timestamp out of bounds for @ modifier: +Inf"),
                // functions and aggregations
                Arguments.of("foo(1)", "1:1: parse error: unknown function with name \"foo\""),
                Arguments.of(
                        "holt_winters(x[5m], 0.1, 0.1)",
                        "1:1: parse error: unknown function with name \"holt_winters\""),
                Arguments.of(
                        "histogram_count(x)",
                        "1:1: parse error: native histograms are not supported: function \"histogram_count\" needs them"),
                Arguments.of(
                        "info(x)",
                        "1:1: parse error: function \"info\" is not supported (it needs info metrics joined at query time)"),
                Arguments.of(
                        "topk(foo)",
                        "1:1: parse error: wrong number of arguments for aggregate expression provided, expected 2, got 1"),
                Arguments.of("sum()", "1:1: parse error: no arguments for aggregate expression provided"),
                Arguments.of("clamp(foo, 1)", "1:1: parse error: expected 3 argument(s) in call to \"clamp\", got 2"),
                Arguments.of(
                        "round(foo, 1, 2)",
                        "1:1: parse error: expected at most 2 argument(s) in call to \"round\", got 3"),
                Arguments.of(
                        "label_join(foo, \"a\")",
                        "1:1: parse error: expected at least 3 argument(s) in call to \"label_join\", got 2"),
                // types
                Arguments.of(
                        "rate(foo)",
                        "1:6: parse error: expected type range vector in call to function \"rate\", got instant vector"),
                Arguments.of(
                        "abs(foo[5m])",
                        "1:5: parse error: expected type instant vector in call to function \"abs\", got range vector"),
                Arguments.of(
                        "label_join(x, \"a\", \",\", 1)",
                        "1:25: parse error: expected type string in call to function \"label_join\", got scalar"),
                Arguments.of(
                        "sum(1)",
                        "1:5: parse error: expected type instant vector in aggregation expression, got scalar"),
                Arguments.of(
                        "topk(\"a\", foo)",
                        "1:6: parse error: expected type scalar in aggregation parameter, got string"),
                Arguments.of(
                        "count_values(1, foo)",
                        "1:14: parse error: expected type string in aggregation parameter, got scalar"),
                Arguments.of("{}", "1:1: parse error: vector selector must contain at least one non-empty matcher"),
                Arguments.of(
                        "{job=~\".*\", a=\"\"}",
                        "1:1: parse error: vector selector must contain at least one non-empty matcher"),
                Arguments.of(
                        "rate({a!~\".+\"}[5m])",
                        "1:6: parse error: vector selector must contain at least one non-empty matcher"),
                Arguments.of(
                        "foo{__name__=\"bar\"}",
                        "1:1: parse error: metric name must not be set twice: \"foo\" or \"bar\""),
                Arguments.of(
                        "{\"foo\", \"bar\"}",
                        "1:1: parse error: metric name must not be set twice: \"foo\" or \"bar\""),
                Arguments.of("1 == 1", "1:3: parse error: comparisons between scalars must use BOOL modifier"),
                Arguments.of(
                        "foo + bool bar", "1:5: parse error: bool modifier can only be used on comparison operators"),
                Arguments.of(
                        "1 and foo", "1:1: parse error: set operator \"and\" not allowed in binary scalar expression"),
                Arguments.of(
                        "foo or on(a) group_left bar", "1:1: parse error: no grouping allowed for \"or\" operation"),
                Arguments.of(
                        "foo[5m] + 1",
                        "1:1: parse error: binary expression must contain only scalar and instant vector types"),
                Arguments.of(
                        "1 + \"a\"",
                        "1:5: parse error: binary expression must contain only scalar and instant vector types"),
                Arguments.of("1 + on(a) foo", "1:1: parse error: vector matching only allowed between instant vectors"),
                Arguments.of(
                        "foo * on(a) group_left(a) bar",
                        "1:5: parse error: label \"a\" must not occur in ON and GROUP clause at once"),
                Arguments.of(
                        "foo[5m][10m:1m]",
                        "1:1: parse error: subquery is only allowed on instant vector, got matrix instead"),
                Arguments.of(
                        "-foo[5m]",
                        "1:1: parse error: unary expression only allowed on expressions of type scalar or instant vector, got \"range vector\""),
                // native histograms
                Arguments.of(
                        "foo{{schema:1 sum:3}}",
                        "1:4: parse error: native histograms are not supported: unexpected \"{{\""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("errors")
    void reportsPositionAndReason(String query, String message) {
        assertThatThrownBy(() -> Parser.parse(query))
                .isInstanceOf(ParseException.class)
                .isInstanceOf(InvalidInputException.class)
                .hasMessage(message);
    }

    @Test
    void positionsCountUtf8BytesAndExposeTheirParts() {
        ParseException e = (ParseException)
                org.assertj.core.api.Assertions.catchThrowable(() -> Parser.parse("{\"é\"=\"x\"} bar"));
        assertThat(e.getMessage()).isEqualTo("1:12: parse error: unexpected identifier \"bar\"");
        assertThat(e.position()).isEqualTo(new ParseException.Position(10, 1, 12));
        assertThat(e.detail()).isEqualTo("unexpected identifier \"bar\"");
    }

    @Test
    void invalidRegexIsAParseError() {
        assertThatThrownBy(() -> Parser.parse("foo{a=~\"(\"}"))
                .isInstanceOf(ParseException.class)
                .hasMessageStartingWith("1:5: parse error: ");
    }
}
