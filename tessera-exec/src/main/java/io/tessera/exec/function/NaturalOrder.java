package io.tessera.exec.function;

/**
 * The natural string order of sort_by_label (Go's facette/natsort): strings split into runs of
 * digits and of non-digits, digit runs compared as integers, other runs as strings.
 */
final class NaturalOrder {

    private NaturalOrder() {}

    /** natsort.Compare: true when {@code a} sorts before {@code b}. */
    static boolean less(String a, String b) {
        String[] ca = chunks(a);
        String[] cb = chunks(b);
        for (int i = 0; i < ca.length; i++) {
            if (i >= cb.length) {
                return false;
            }
            long na = integer(ca[i]);
            long nb = integer(cb[i]);
            boolean equal;
            if (na >= 0 && nb >= 0) {
                if (na != nb) {
                    return na < nb;
                }
                equal = true;
            } else {
                equal = ca[i].equals(cb[i]);
                if (!equal) {
                    return ca[i].compareTo(cb[i]) < 0;
                }
            }
            if (equal) {
                if (i == ca.length - 1) {
                    return true;
                } else if (i == cb.length - 1) {
                    return false;
                }
            }
        }
        return false;
    }

    private static String[] chunks(String s) {
        java.util.ArrayList<String> out = new java.util.ArrayList<>();
        int start = 0;
        for (int i = 1; i <= s.length(); i++) {
            if (i == s.length() || isDigit(s.charAt(i)) != isDigit(s.charAt(i - 1))) {
                out.add(s.substring(start, i));
                start = i;
            }
        }
        return out.toArray(new String[0]);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** The value of an all-digit chunk that fits Go's int (strconv.Atoi), else -1. */
    private static long integer(String chunk) {
        if (chunk.isEmpty() || !isDigit(chunk.charAt(0)) || chunk.length() > 19) {
            return -1;
        }
        try {
            return Long.parseLong(chunk);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
