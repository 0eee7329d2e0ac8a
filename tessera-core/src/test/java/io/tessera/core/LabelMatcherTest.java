package io.tessera.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LabelMatcherTest {

    private static final Labels SERIES =
            Labels.of("__name__", "http_requests_total", "job", "api-server", "code", "200");

    @ParameterizedTest(name = "{1} {0} \"{2}\": {3}")
    @CsvSource({
        // a missing label has the value ""
        "EQUAL, env, '', true",
        "NOT_EQUAL, env, '', false",
        "REGEX, env, .*, true",
        "REGEX, env, .+, false",
        "NOT_REGEX, env, prod, true",
        // regexes are fully anchored
        "REGEX, job, api, false",
        "REGEX, job, api.*, true",
        "REGEX, job, .*server, true",
        "REGEX, code, 2..|5.., true",
        "REGEX, code, 2|200, true",
        "NOT_REGEX, code, 2.., false"
    })
    void matchesTheSeriesAsPrometheusDoes(MatchType type, String name, String value, boolean expected) {
        assertThat(LabelMatcher.of(type, name, value).matches(SERIES)).isEqualTo(expected);
    }

    @Test
    void anEmptyRegexSelectsSeriesWithoutTheLabel() {
        assertThat(LabelMatcher.regex("env", "").matchesEmpty()).isTrue();
    }

    @Test
    void dotMatchesNewlineAsPrometheusCompilesWithS() {
        assertThat(LabelMatcher.regex("v", "a.b").matches("a\nb")).isTrue();
    }

    @Test
    void caseInsensitiveFlagIsHonoured() {
        assertThat(LabelMatcher.regex("job", "(?i)API-SERVER").matches(SERIES)).isTrue();
    }

    @Test
    void printsAsPrometheusDoes() {
        assertThat(LabelMatcher.notRegex("job", "a\"b").toString()).isEqualTo("job!~\"a\\\"b\"");
        assertThat(MatchType.fromSymbol("=~")).isEqualTo(MatchType.REGEX);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "(a)\\1|invalid escape sequence",
                "a(?=b)|invalid or unsupported Perl syntax",
                "a(?!b)|invalid or unsupported Perl syntax",
                "(?<=a)b|invalid named capture",
                "(?>ab)|invalid or unsupported Perl syntax",
                "a*+|invalid nested repetition operator",
                "a++|invalid nested repetition operator",
                "(?x)a b|invalid or unsupported Perl syntax",
                "a\\Z|invalid escape sequence",
                "\\h|invalid escape sequence"
            })
    void rejectsWhatRe2RejectsWithItsMessage(String regex, String message) {
        assertThatThrownBy(() -> LabelMatcher.regex("l", regex))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("invalid regular expression")
                .hasMessageContaining("error parsing regexp: " + message);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                // regex | value (' ' is a space, VT a vertical tab) | RE2's answer for a fully anchored match
                "[[:digit:]]+|123|true",
                "[[:digit:]]+|12a|false",
                "[[:alpha:][:digit:]]+|ab12|true",
                "[a&&b]+|a&&b|true",
                "[a&&b]+|&|true",
                "[a[b]|[|true",
                "[a[b]|b|true",
                "\\s|' '|true",
                "\\s|VT|false",
                "[\\s]|VT|false",
                "\\S+|abc|true",
                "\\v|VT|true",
                "(?P<x>a)b|ab|true",
                "(?i:A)b|ab|true",
                "\\Qa.b\\E|a.b|true",
                "\\Qa.b\\E|axb|false",
                "\\p{Greek}+|αβγ|true",
                "\\pL+|abc|true",
                "[]a]+|]a|true",
                "[^]a]|b|true",
                "x{2,3}|xxx|true",
                "\\d+|١٢|false",
                "[[:^alpha:]]+|12|true",
                "[[:^alpha:]]+|a|false",
                "(?P<my_name>a)b|ab|true",
                "(?U)a*|aaa|true"
            })
    void translatesRe2SpellingsFaithfully(String regex, String value, boolean expected) {
        String v = switch (value) {
            case "' '" -> " ";
            case "VT" -> "\u000B";
            default -> value;
        };
        assertThat(LabelMatcher.regex("l", regex).matches(v))
                .as("%s on %s", regex, v)
                .isEqualTo(expected);
    }

    @Test
    void invalidRegexIsAnInputError() {
        assertThatThrownBy(() -> LabelMatcher.regex("l", "a(b"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("invalid regular expression \"a(b\": error parsing regexp: missing closing ): `a(b`");
        assertThatThrownBy(() -> LabelMatcher.equal("", "x")).isInstanceOf(InvalidInputException.class);
    }
}
