package io.tessera.sketch;

/**
 * Turns serialized state bytes back into a state of the right family.
 *
 * <p>Every serialized state starts with a three-byte header: the magic byte {@code 0x54}, the
 * family's {@link StateFamily#code() code}, and the family's format version; the family's
 * payload follows, little-endian. Truncated bytes, a wrong magic byte, an unknown family or
 * version, and trailing bytes all fail with a {@link StateFormatException} that says which.
 */
public final class StateCodec {

    static final byte MAGIC = 0x54;
    static final int HEADER_BYTES = 3;

    private StateCodec() {}

    public static State deserialize(byte[] bytes) {
        return switch (StateReader.peekFamily(bytes)) {
            case SUM -> SumState.deserialize(bytes);
            case COUNT -> CountState.deserialize(bytes);
            case MIN -> MinState.deserialize(bytes);
            case MAX -> MaxState.deserialize(bytes);
            case AVG -> AvgState.deserialize(bytes);
            case VARIANCE -> VarianceState.deserialize(bytes);
            case LAST -> LastState.deserialize(bytes);
            case PRESENT -> PresentState.deserialize(bytes);
            case COUNTER -> CounterState.deserialize(bytes);
            case SAMPLES -> SampleRunState.deserialize(bytes);
            case CURVE -> CurveState.deserialize(bytes);
            case KLL -> KllState.deserialize(bytes);
            case DDSKETCH -> DdSketchState.deserialize(bytes);
            case DISTINCT -> DistinctState.deserialize(bytes);
            case FREQUENT -> FrequentState.deserialize(bytes);
        };
    }

    /** The family named by the header, without decoding the payload. */
    public static StateFamily family(byte[] bytes) {
        return StateReader.peekFamily(bytes);
    }
}
