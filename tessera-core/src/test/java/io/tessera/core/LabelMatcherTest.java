package io.tessera.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LabelMatcherTest {

    private static final Labels SERIES = Labels.of("__name__", "http_requests_total", "job", "api-server", "code", "200");

    @Test
    void aMissingLabelMatchesTheEmptyValue() {
        assertThat(LabelMatcher.equal("env", "").matches(SERIES)).isTrue();
        assertThat(LabelMatcher.notEqual("env", "").matches(SERIES)).isFalse();
        assertThat(LabelMatcher.regex("env", ".*").matches(SERIES)).isTrue();
        assertThat(LabelMatcher.regex("env", ".+").matches(SERIES)).isFalse();
        assertThat(LabelMatcher.notRegex("env", "prod").matches(SERIES)).isTrue();
        assertThat(LabelMatcher.regex("env", "").matchesEmpty()).isTrue();
    }

    @Test
    void regexesAreFullyAnchored() {
        assertThat(LabelMatcher.regex("job", "api").matches(SERIES)).isFalse();
        assertThat(LabelMatcher.regex("job", "api.*").matches(SERIES)).isTrue();
        assertThat(LabelMatcher.regex("job", ".*server").matches(SERIES)).isTrue();
        assertThat(LabelMatcher.regex("code", "2..|5..").matches(SERIES)).isTrue();
        assertThat(LabelMatcher.regex("code", "2|200").matches(SERIES)).isTrue();
        assertThat(LabelMatcher.notRegex("code", "2..").matches(SERIES)).isFalse();
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
    @CsvSource(delimiter = '|', value = {
        "(a)\\1|the backreference",
        "a(?=b)|lookaround",
        "a(?!b)|lookaround",
        "(?<=a)b|lookaround",
        "(?>ab)|an atomic group",
        "a*+|possessive",
        "a++|possessive",
        "(?x)a b|the flag 'x'",
        "(?U)a*|the flag 'U'",
        "a\\Z|the escape \\Z",
        "\\h|the escape \\h",
        "[[:^alpha:]]|negated POSIX class",
        "(?P<my_name>a)|group name"})
    void rejectsConstructsWhoseMeaningDiffersFromRe2(String regex, String construct) {
        assertThatThrownBy(() -> LabelMatcher.regex("l", regex))
                .isInstanceOf(UnsupportedRegexException.class)
                .hasMessageContaining(construct)
                .hasMessageContaining("RE2");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
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
        "\\d+|١٢|false"})
    void translatesRe2SpellingsFaithfully(String regex, String value, boolean expected) {
        String v = switch (value) {
            case "' '" -> " ";
            case "VT" -> "\u000B";
            default -> value;
        };
        assertThat(LabelMatcher.regex("l", regex).matches(v)).as("%s on %s", regex, v).isEqualTo(expected);
    }

    @Test
    void invalidRegexIsAnInputError() {
        assertThatThrownBy(() -> LabelMatcher.regex("l", "a(b"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("invalid regular expression \"a(b\"");
        assertThatThrownBy(() -> LabelMatcher.equal("", "x")).isInstanceOf(InvalidInputException.class);
    }
}
