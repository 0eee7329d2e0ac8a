package io.tessera.core;

import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Compiles a regular expression with RE2's meaning (the dialect of Prometheus matchers) onto
 * {@link java.util.regex.Pattern}. Constructs that mean the same are passed through, the few
 * that Java spells differently are rewritten, and those whose meaning would differ are rejected
 * with an {@link UnsupportedRegexException}. Matching is fully anchored and {@code .} matches a
 * newline, as Prometheus compiles {@code ^(?s:re)$}.
 */
public final class Re2Regex {

    private static final Map<String, String> POSIX_CLASSES = Map.ofEntries(
            Map.entry("alnum", "\\p{Alnum}"), Map.entry("alpha", "\\p{Alpha}"),
            Map.entry("ascii", "\\x00-\\x7F"), Map.entry("blank", "\\t "),
            Map.entry("cntrl", "\\p{Cntrl}"), Map.entry("digit", "0-9"),
            Map.entry("graph", "\\p{Graph}"), Map.entry("lower", "a-z"),
            Map.entry("print", "\\p{Print}"), Map.entry("punct", "\\p{Punct}"),
            Map.entry("space", "\\t\\n\\x0B\\f\\r "), Map.entry("upper", "A-Z"),
            Map.entry("word", "\\w"), Map.entry("xdigit", "0-9A-Fa-f"));

    private static final String RE2_SPACE = "\\t\\n\\f\\r ";

    private Re2Regex() {
    }

    public static Pattern compile(String regex) {
        String translated = translate(regex);
        try {
            return Pattern.compile(translated, Pattern.DOTALL);
        } catch (PatternSyntaxException e) {
            throw new InvalidInputException("invalid regular expression \"" + regex + "\": " + e.getDescription(), e);
        }
    }

    /** The Java spelling of an RE2 expression, or an exception naming what cannot be carried over. */
    static String translate(String re) {
        StringBuilder out = new StringBuilder(re.length() + 8);
        boolean inClass = false;
        int i = 0;
        while (i < re.length()) {
            char c = re.charAt(i);
            if (c == '\\') {
                i = escape(re, i, inClass, out);
                continue;
            }
            if (inClass) {
                if (c == ']') {
                    inClass = false;
                    out.append(c);
                } else if (c == '[' && re.startsWith("[:", i)) {
                    int close = re.indexOf(":]", i + 2);
                    if (close < 0) {
                        throw new UnsupportedRegexException(re, "unterminated POSIX class at offset " + i);
                    }
                    String name = re.substring(i + 2, close);
                    if (name.startsWith("^")) {
                        throw new UnsupportedRegexException(re, "the negated POSIX class [:" + name + ":]");
                    }
                    String body = POSIX_CLASSES.get(name);
                    if (body == null) {
                        throw new InvalidInputException("invalid regular expression \"" + re + "\": unknown character class [:" + name + ":]");
                    }
                    out.append(body);
                    i = close + 2;
                    continue;
                } else if (c == '[') {
                    out.append("\\[");
                } else if (c == '&' && i + 1 < re.length() && re.charAt(i + 1) == '&') {
                    out.append("&\\&");
                    i += 2;
                    continue;
                } else {
                    out.append(c);
                }
                i++;
                continue;
            }
            switch (c) {
                case '[' -> {
                    inClass = true;
                    out.append(c);
                    if (i + 1 < re.length() && re.charAt(i + 1) == '^') {
                        out.append('^');
                        i++;
                    }
                    if (i + 1 < re.length() && re.charAt(i + 1) == ']') {
                        out.append("\\]");
                        i++;
                    }
                }
                case '(' -> i = group(re, i, out) - 1;
                case '*', '+', '?', '}' -> {
                    out.append(c);
                    if (i + 1 < re.length() && re.charAt(i + 1) == '+') {
                        throw new UnsupportedRegexException(re, "the possessive quantifier " + c + "+");
                    }
                }
                default -> out.append(c);
            }
            i++;
        }
        return out.toString();
    }

    private static int group(String re, int i, StringBuilder out) {
        if (!re.startsWith("(?", i)) {
            out.append('(');
            return i + 1;
        }
        if (re.startsWith("(?P<", i) || (re.startsWith("(?<", i) && !re.startsWith("(?<=", i) && !re.startsWith("(?<!", i))) {
            int nameStart = re.charAt(i + 2) == 'P' ? i + 4 : i + 3;
            int close = re.indexOf('>', nameStart);
            if (close < 0) {
                throw new InvalidInputException("invalid regular expression \"" + re + "\": unterminated group name at offset " + i);
            }
            String name = re.substring(nameStart, close);
            if (!name.matches("[A-Za-z][A-Za-z0-9]*")) {
                throw new UnsupportedRegexException(re, "the group name \"" + name + "\" (letters and digits only)");
            }
            out.append("(?<").append(name).append('>');
            return close + 1;
        }
        if (re.startsWith("(?=", i) || re.startsWith("(?!", i) || re.startsWith("(?<=", i) || re.startsWith("(?<!", i)) {
            throw new UnsupportedRegexException(re, "lookaround at offset " + i);
        }
        if (re.startsWith("(?>", i)) {
            throw new UnsupportedRegexException(re, "an atomic group at offset " + i);
        }
        int j = i + 2;
        while (j < re.length() && re.charAt(j) != ')' && re.charAt(j) != ':') {
            char flag = re.charAt(j);
            if (flag != 'i' && flag != 'm' && flag != 's' && flag != '-') {
                throw new UnsupportedRegexException(re, "the flag '" + flag + "' at offset " + j);
            }
            j++;
        }
        out.append("(?");
        return i + 2;
    }

    private static int escape(String re, int i, boolean inClass, StringBuilder out) {
        if (i + 1 >= re.length()) {
            throw new InvalidInputException("invalid regular expression \"" + re + "\": trailing backslash");
        }
        char e = re.charAt(i + 1);
        switch (e) {
            case '1', '2', '3', '4', '5', '6', '7', '8', '9' ->
                    throw new UnsupportedRegexException(re, "the backreference \\" + e);
            case 'Z', 'G', 'h', 'H', 'V', 'R', 'X', 'e', 'c', 'N', 'k', 'C', 'u' ->
                    throw new UnsupportedRegexException(re, "the escape \\" + e);
            case 's' -> out.append(inClass ? RE2_SPACE : "[" + RE2_SPACE + "]");
            case 'S' -> {
                if (inClass) {
                    throw new UnsupportedRegexException(re, "\\S inside a character class");
                }
                out.append("[^" + RE2_SPACE + "]");
            }
            case 'v' -> out.append("\\x0B");
            case 'Q' -> {
                int end = re.indexOf("\\E", i + 2);
                String literal = end < 0 ? re.substring(i + 2) : re.substring(i + 2, end);
                out.append(inClass ? Pattern.quote(literal).replace("\\Q", "").replace("\\E", "") : Pattern.quote(literal));
                return end < 0 ? re.length() : end + 2;
            }
            case 'p', 'P' -> {
                if (i + 2 < re.length() && re.charAt(i + 2) == '{') {
                    int close = re.indexOf('}', i + 3);
                    if (close < 0) {
                        throw new InvalidInputException("invalid regular expression \"" + re + "\": unterminated \\" + e + "{");
                    }
                    String name = re.substring(i + 3, close);
                    boolean negate = name.startsWith("^");
                    if (negate) {
                        name = name.substring(1);
                    }
                    char kind = negate ? (e == 'p' ? 'P' : 'p') : e;
                    String javaName = name.length() <= 2 || name.equals("Any") ? name : "Is" + name;
                    if (name.equals("Any")) {
                        out.append(kind == 'p' ? (inClass ? "\\x{0}-\\x{10FFFF}" : "[\\x{0}-\\x{10FFFF}]") : "[^\\x{0}-\\x{10FFFF}]");
                    } else {
                        out.append('\\').append(kind).append('{').append(javaName).append('}');
                    }
                    return close + 1;
                }
                out.append('\\').append(e);
                if (i + 2 < re.length()) {
                    out.append(re.charAt(i + 2));
                }
                return i + 3;
            }
            default -> out.append('\\').append(e);
        }
        return i + 2;
    }
}
