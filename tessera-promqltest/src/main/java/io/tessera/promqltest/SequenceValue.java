package io.tessera.promqltest;

/** One position of an expanded point sequence: a value, or an omitted point ({@code _}). */
record SequenceValue(double value, boolean omitted) {

    static final SequenceValue OMITTED = new SequenceValue(0, true);

    static SequenceValue of(double value) {
        return new SequenceValue(value, false);
    }

    @Override
    public String toString() {
        return omitted ? "_" : Floats.format(value);
    }
}
