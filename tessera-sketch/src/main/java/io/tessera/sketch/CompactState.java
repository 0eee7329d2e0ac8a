package io.tessera.sketch;

/**
 * A state that, while it is small, can be written as a variable number of 64-bit words, so that
 * a store can keep many of them in one primitive array rather than as objects (a KLL state that
 * still holds its values as given). {@link StateWords#readCompact} turns the words back into an
 * equal state.
 */
public interface CompactState extends State {

    /** The number of words of this state's compact form, or -1 when it has none now. */
    int compactWords();

    /** Writes the compact form into {@code words[at, at + compactWords())}, bit for bit. */
    void writeCompact(long[] words, int at);
}
