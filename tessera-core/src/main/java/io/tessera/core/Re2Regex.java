package io.tessera.core;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;

/**
 * Compiles a regular expression in RE2 syntax, the dialect of Prometheus matchers, with RE2/J:
 * matching takes time linear in the input and never recurses over it. Callers match with
 * {@link com.google.re2j.Matcher#matches()}, which anchors at both ends; with {@code .} matching
 * a newline this is Prometheus' {@code ^(?s:re)$}.
 */
public final class Re2Regex {

    private Re2Regex() {}

    public static Pattern compile(String regex) {
        try {
            return Pattern.compile(regex, Pattern.DOTALL);
        } catch (PatternSyntaxException e) {
            throw new InvalidInputException(
                    "invalid regular expression \"" + regex + "\": " + messageQuotingTheExpression(regex, e), e);
        }
    }

    /** RE2/J's message quotes the expression with its flags spelled in front; RE2's quotes it as written. */
    private static String messageQuotingTheExpression(String regex, PatternSyntaxException withFlags) {
        try {
            Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            return e.getMessage();
        }
        return withFlags.getMessage();
    }
}
