package io.tessera.sketch;

/**
 * How far an approximate answer may be from the exact one: {@code error} in the given
 * {@link Kind}, holding with probability {@code confidence}.
 */
public record ErrorBound(Kind kind, double error, double confidence) {

    public enum Kind {
        /** the answer is exact */
        NONE,
        /** normalised rank error of a quantile (KLL) */
        RANK,
        /** relative error of the value (DDSketch quantiles, distinct counts) */
        RELATIVE_VALUE,
        /** additive error as a fraction of the total weight (Count-Min frequencies) */
        ADDITIVE_FRACTION_OF_TOTAL
    }

    public static final ErrorBound EXACT = new ErrorBound(Kind.NONE, 0.0, 1.0);

    public boolean isExact() {
        return kind == Kind.NONE;
    }

    /** A short human-readable form for responses, e.g. "rank error <= 1.33% at 99% confidence". */
    public String describe() {
        return switch (kind) {
            case NONE -> "exact";
            case RANK ->
                String.format(
                        java.util.Locale.ROOT,
                        "rank error <= %.3g%% at %.3g%% confidence",
                        error * 100,
                        confidence * 100);
            case RELATIVE_VALUE ->
                String.format(
                        java.util.Locale.ROOT,
                        "relative error <= %.3g%% at %.3g%% confidence",
                        error * 100,
                        confidence * 100);
            case ADDITIVE_FRACTION_OF_TOTAL ->
                String.format(
                        java.util.Locale.ROOT,
                        "error <= %.3g%% of the total at %.3g%% confidence",
                        error * 100,
                        confidence * 100);
        };
    }
}
