package io.tessera.sketch;

/**
 * The state families. The numeric code is written into every serialized state, so codes are
 * never reused or renumbered.
 */
public enum StateFamily {
    SUM(1),
    COUNT(2),
    MIN(3),
    MAX(4),
    AVG(5),
    VARIANCE(6),
    LAST(7),
    PRESENT(8),
    COUNTER(9),
    /** The samples themselves ({@link SampleRunState}). */
    SAMPLES(10),
    /** A group's sum of a range function as a function of the evaluation time ({@link CurveState}). */
    CURVE(11),
    KLL(20),
    DDSKETCH(21),
    DISTINCT(22),
    FREQUENT(23);

    private final int code;

    StateFamily(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** False for the sketches, whose answers are approximations within their {@link ErrorBound}. */
    public boolean isExact() {
        return switch (this) {
            case KLL, DDSKETCH, DISTINCT, FREQUENT -> false;
            default -> true;
        };
    }

    public static StateFamily fromCode(int code) {
        for (StateFamily f : values()) {
            if (f.code == code) {
                return f;
            }
        }
        throw new StateFormatException("unknown state family code " + code);
    }
}
