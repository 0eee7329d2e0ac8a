package io.tessera.core;

/**
 * A regular expression uses a construct whose meaning in Java differs from RE2's (the dialect
 * Prometheus uses) or that RE2 does not have. Rejecting it is better than answering differently.
 */
public final class UnsupportedRegexException extends InvalidInputException {

    public UnsupportedRegexException(String regex, String construct) {
        super("regex " + quote(regex) + ": " + construct + " is not supported (matchers follow RE2 semantics)");
    }

    private static String quote(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
