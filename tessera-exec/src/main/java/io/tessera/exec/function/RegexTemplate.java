package io.tessera.exec.function;

import com.google.re2j.Matcher;
import java.util.Map;

/**
 * Go's {@code regexp.Expand}: {@code $1}, {@code $name}, {@code ${1}} and {@code ${name}} are
 * replaced by the group's text (empty when there is no such group or it did not take part),
 * {@code $$} by a dollar; a name is the longest run of letters, digits and underscores, so
 * {@code $1x} names the group "1x". A malformed reference is copied as text.
 */
final class RegexTemplate {

    private RegexTemplate() {}

    static String expand(String template, Matcher m, Map<String, Integer> namedGroups) {
        StringBuilder out = new StringBuilder(template.length() + 16);
        int i = 0;
        int n = template.length();
        while (i < n) {
            char c = template.charAt(i);
            if (c != '$') {
                out.append(c);
                i++;
                continue;
            }
            if (i + 1 < n && template.charAt(i + 1) == '$') {
                out.append('$');
                i += 2;
                continue;
            }
            String name;
            int next;
            if (i + 1 < n && template.charAt(i + 1) == '{') {
                int close = template.indexOf('}', i + 2);
                name = close < 0 ? "" : template.substring(i + 2, close);
                if (close < 0 || name.isEmpty() || !isName(name, 0, name.length())) {
                    out.append('$');
                    i++;
                    continue;
                }
                next = close + 1;
            } else {
                int end = i + 1;
                while (end < n && isNameChar(template.codePointAt(end))) {
                    end += Character.charCount(template.codePointAt(end));
                }
                if (end == i + 1) {
                    out.append('$');
                    i++;
                    continue;
                }
                name = template.substring(i + 1, end);
                next = end;
            }
            String group = group(name, m, namedGroups);
            if (group != null) {
                out.append(group);
            }
            i = next;
        }
        return out.toString();
    }

    private static String group(String name, Matcher m, Map<String, Integer> namedGroups) {
        int num = number(name);
        if (num >= 0) {
            return num <= m.groupCount() ? m.group(num) : null;
        }
        Integer index = namedGroups.get(name);
        return index == null ? null : m.group(index);
    }

    /** The group number a name spells, or -1 (not all digits, a leading zero, or too large). */
    private static int number(String name) {
        if (name.length() > 1 && name.charAt(0) == '0') {
            return -1;
        }
        int num = 0;
        for (int k = 0; k < name.length(); k++) {
            char d = name.charAt(k);
            if (d < '0' || d > '9' || num >= 100_000_000) {
                return -1;
            }
            num = num * 10 + (d - '0');
        }
        return num;
    }

    private static boolean isName(String s, int from, int to) {
        for (int k = from; k < to; ) {
            int cp = s.codePointAt(k);
            if (!isNameChar(cp)) {
                return false;
            }
            k += Character.charCount(cp);
        }
        return true;
    }

    private static boolean isNameChar(int cp) {
        return Character.isLetter(cp) || Character.isDigit(cp) || cp == '_';
    }
}
