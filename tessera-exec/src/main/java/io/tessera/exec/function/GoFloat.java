package io.tessera.exec.function;

/** Go's {@code strconv.ParseFloat(s, 64)} for the spellings label values use; NaN when it would fail. */
final class GoFloat {

    private GoFloat() {}

    /** The value of {@code s}, or NaN when Go would refuse it (callers tell a spelled "NaN" apart). */
    static double parse(String s) {
        if (s.isEmpty()) {
            return Double.NaN;
        }
        int i = 0;
        boolean negative = false;
        if (s.charAt(0) == '+' || s.charAt(0) == '-') {
            negative = s.charAt(0) == '-';
            i = 1;
        }
        String body = s.substring(i);
        if (body.equalsIgnoreCase("inf") || body.equalsIgnoreCase("infinity")) {
            return negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        if (body.equalsIgnoreCase("nan")) {
            return Double.NaN;
        }
        // Java also takes "Infinity", "NaN", trailing d/f suffixes and surrounding blanks; Go takes none of those here.
        for (int k = 0; k < body.length(); k++) {
            char c = body.charAt(k);
            boolean ok = (c >= '0' && c <= '9')
                    || c == '.'
                    || c == 'e'
                    || c == 'E'
                    || c == '+'
                    || c == '-'
                    || c == 'x'
                    || c == 'X'
                    || c == 'p'
                    || c == 'P'
                    || (c >= 'a' && c <= 'f')
                    || (c >= 'A' && c <= 'F')
                    || c == '_';
            if (!ok) {
                return Double.NaN;
            }
        }
        boolean hex = body.length() > 1 && body.charAt(0) == '0' && (body.charAt(1) == 'x' || body.charAt(1) == 'X');
        if (body.indexOf('_') >= 0) {
            if (!hex) {
                return Double.NaN;
            }
            body = body.replace("_", "");
        }
        if (!hex
                && (body.indexOf('d') >= 0
                        || body.indexOf('D') >= 0
                        || body.indexOf('f') >= 0
                        || body.indexOf('F') >= 0)) {
            return Double.NaN;
        }
        try {
            if (hex && body.indexOf('p') < 0 && body.indexOf('P') < 0) {
                return Double.NaN;
            }
            double v = Double.parseDouble(body);
            return negative ? -v : v;
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
