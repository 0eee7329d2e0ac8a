package io.tessera.promqltest;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * How an expected error or annotation text is matched: exactly ({@code msg:}), or by a regular
 * expression found anywhere in it ({@code regex:}); a bare {@code expect warn} matches any text.
 */
record MessageMatch(String message, Pattern regex) {

    static MessageMatch exact(String message) {
        return new MessageMatch(Objects.requireNonNull(message), null);
    }

    static MessageMatch regex(String pattern) {
        return new MessageMatch(null, Pattern.compile(pattern));
    }

    static MessageMatch any() {
        return regex("^.*$");
    }

    boolean matches(String text) {
        return regex == null ? message.equals(text) : regex.matcher(text).find();
    }

    @Override
    public String toString() {
        return regex == null ? "message \"" + message + "\"" : "pattern \"" + regex.pattern() + "\"";
    }
}
