package io.tessera.sketch;

/**
 * The word layouts of the fixed-width families (how many 64-bit words a state of the family
 * takes, and the state that words written by {@link FixedWidthState#writeWords} stand for) and
 * of compact states ({@link CompactState}).
 * Doubles are kept as their raw bits, so a state read back serializes to the same bytes.
 */
public final class StateWords {

    private StateWords() {}

    /** The words a state of {@code family} takes; 0 when the family has no fixed width. */
    public static int width(StateFamily family) {
        return switch (family) {
            case COUNT, PRESENT -> 1;
            case MIN, MAX -> 2;
            case LAST -> 3;
            case SUM -> 4;
            case AVG -> 5;
            case VARIANCE -> 9;
            case COUNTER -> 8;
            default -> 0;
        };
    }

    /** The approximate heap footprint in bytes of a state object of a fixed-width {@code family}. */
    static long heapBytes(StateFamily family) {
        return switch (family) {
            case PRESENT -> 16;
            case COUNT -> 24;
            case MIN, MAX, LAST -> 32;
            case SUM, AVG -> 48;
            case COUNTER -> 72;
            case VARIANCE -> 112;
            default -> throw new IllegalArgumentException("family " + family + " has no fixed width");
        };
    }

    /**
     * The version of the bytes of a {@code family} state whose payload is its words
     * ({@link StateWriter#ofWords}); the families with a payload of their own have none here.
     */
    static int version(StateFamily family) {
        return switch (family) {
            case COUNT -> CountState.VERSION;
            case MIN, MAX -> ExtremumState.VERSION;
            case LAST -> LastState.VERSION;
            case SUM -> SumState.VERSION;
            case VARIANCE -> VarianceState.VERSION;
            default -> throw new IllegalArgumentException("family " + family + " has a payload other than its words");
        };
    }

    /** The state of {@code family} that {@code words[at, at + width(family))} hold. */
    public static State read(StateFamily family, long[] words, int at) {
        if (width(family) == 0) {
            throw new IllegalArgumentException("family " + family + " has no fixed width");
        }
        return load((FixedWidthState) ExactStates.empty(family), words, at);
    }

    /** {@code into}, set to the state that {@code words[at, ...)} hold. */
    static <S extends FixedWidthState> S load(S into, long[] words, int at) {
        into.readWords(words, at);
        return into;
    }

    /**
     * {@code into}, a state of {@code state}'s family, set to an independent copy of {@code state}
     * (whatever it held before).
     */
    static <S extends FixedWidthState> S copy(S state, S into) {
        long[] words = new long[width(state.family())];
        state.writeWords(words, 0);
        return load(into, words, 0);
    }

    /**
     * The state of {@code family} whose compact form ({@link CompactState#writeCompact}) is
     * {@code words[at, at + length)}.
     */
    public static State readCompact(StateFamily family, long[] words, int at, int length) {
        if (family == StateFamily.KLL) {
            return KllState.fromCompact(words, at, length);
        }
        throw new IllegalArgumentException("family " + family + " has no compact form");
    }

    static long bits(double v) {
        return Double.doubleToRawLongBits(v);
    }

    static double value(long bits) {
        return Double.longBitsToDouble(bits);
    }
}
