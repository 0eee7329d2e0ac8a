package io.tessera.core;

import java.util.Locale;

/** Byte sizes written as {@code 512MiB}, {@code 4GB}, {@code 1048576} (binary and decimal units). */
public final class ByteSizes {

    private ByteSizes() {}

    public static long parse(String text) {
        String t = text.trim();
        int i = 0;
        while (i < t.length() && (Character.isDigit(t.charAt(i)) || t.charAt(i) == '.')) {
            i++;
        }
        if (i == 0) {
            throw new InvalidInputException("not a valid byte size: \"" + text + "\"");
        }
        double amount;
        try {
            amount = Double.parseDouble(t.substring(0, i));
        } catch (NumberFormatException e) {
            throw new InvalidInputException("not a valid byte size: \"" + text + "\"");
        }
        long unit = switch (t.substring(i).trim().toUpperCase(Locale.ROOT)) {
            case "", "B" -> 1L;
            case "KB" -> 1_000L;
            case "MB" -> 1_000_000L;
            case "GB" -> 1_000_000_000L;
            case "TB" -> 1_000_000_000_000L;
            case "KIB" -> 1L << 10;
            case "MIB" -> 1L << 20;
            case "GIB" -> 1L << 30;
            case "TIB" -> 1L << 40;
            default ->
                throw new InvalidInputException(
                        "unknown byte size unit in \"" + text + "\" (use B, KB, MB, GB, KiB, MiB, GiB)");
        };
        double bytes = amount * unit;
        if (bytes > Long.MAX_VALUE) {
            throw new InvalidInputException("byte size out of range: \"" + text + "\"");
        }
        return (long) bytes;
    }
}
