package io.tessera.sketch;

/**
 * The state families. The numeric code is written into every serialized state, so codes are
 * never reused or renumbered.
 */
public enum StateFamily {
    SUM(1, true),
    COUNT(2, true),
    MIN(3, true),
    MAX(4, true),
    AVG(5, true),
    VARIANCE(6, true),
    LAST(7, true),
    PRESENT(8, true),
    COUNTER(9, true),
    /** The samples themselves ({@link SampleRunState}). */
    SAMPLES(10, true),
    /** A group's sum of a range function as a function of the evaluation time ({@link CurveState}). */
    CURVE(11, true),
    KLL(20, false),
    DDSKETCH(21, false),
    DISTINCT(22, false),
    FREQUENT(23, false);

    private final int code;
    private final boolean exact;

    StateFamily(int code, boolean exact) {
        this.code = code;
        this.exact = exact;
    }

    public int code() {
        return code;
    }

    public boolean isExact() {
        return exact;
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
