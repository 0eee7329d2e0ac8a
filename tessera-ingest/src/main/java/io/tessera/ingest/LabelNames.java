package io.tessera.ingest;

/** The name charsets of {@link NameValidation}. */
final class LabelNames {

    private LabelNames() {}

    static boolean isValidLabelName(String name, NameValidation validation) {
        return isValid(name, validation, false);
    }

    static boolean isValidMetricName(String name, NameValidation validation) {
        return isValid(name, validation, true);
    }

    /** Legacy names are {@code [a-zA-Z_][a-zA-Z0-9_]*}, metric names also with colons; UTF-8 names any well-formed text. */
    private static boolean isValid(String name, NameValidation validation, boolean colons) {
        if (name.isEmpty()) {
            return false;
        }
        if (validation == NameValidation.UTF8) {
            return isWellFormed(name);
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = c == '_'
                    || (colons && c == ':')
                    || (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (i > 0 && c >= '0' && c <= '9');
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** False for a string with an unpaired surrogate, which has no UTF-8 form. */
    static boolean isWellFormed(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c)) {
                if (i + 1 == s.length() || !Character.isLowSurrogate(s.charAt(i + 1))) {
                    return false;
                }
                i++;
            } else if (Character.isLowSurrogate(c)) {
                return false;
            }
        }
        return true;
    }
}
