package io.tessera.sketch;

/**
 * A state whose whole content is a fixed number of 64-bit words for its family
 * ({@link StateWords#width}), so that a store can keep many of them in one primitive column
 * instead of as an object each, and read each back as an equal state ({@link StateWords#read}).
 * Copies go through the words, and so do the bytes of the families whose payload is their words
 * ({@link StateWriter#ofWords}, {@link StateReader#finishWords}); the others override {@link #serialize}.
 */
public interface FixedWidthState extends State {

    /** Writes this state into {@code words[at, at + StateWords.width(family()))}, bit for bit. */
    void writeWords(long[] words, int at);

    /** Sets this state to the one that {@code words[at, at + StateWords.width(family()))} hold: the inverse of {@link #writeWords}. */
    void readWords(long[] words, int at);

    /** An independent copy: a new state of the family set to this one's words. */
    @Override
    default FixedWidthState copy() {
        return StateWords.copy(this, (FixedWidthState) ExactStates.empty(family()));
    }

    /** This state's words, in the layout version of its family's bytes ({@link StateWords#version}). */
    @Override
    default byte[] serialize() {
        return StateWriter.ofWords(this, StateWords.version(family()));
    }

    /** The heap footprint of a state of the family ({@link StateWords#heapBytes}). */
    @Override
    default long memoryBytes() {
        return StateWords.heapBytes(family());
    }

    /** A state that is its words loses nothing: answers from it are exact. */
    @Override
    default ErrorBound errorBound() {
        return ErrorBound.EXACT;
    }
}
