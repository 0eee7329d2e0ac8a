package io.tessera.sketch;

/** Checks shared by the families' {@code merge}. */
final class States {

    private States() {}

    static <T extends State> T sameFamily(State self, State other, Class<T> type) {
        if (other == null) {
            throw new IllegalArgumentException("cannot merge a null state into a " + self.family() + " state");
        }
        if (!type.isInstance(other)) {
            throw new IllegalArgumentException(
                    "cannot merge a " + other.family() + " state into a " + self.family() + " state");
        }
        if (other == self) {
            throw new IllegalArgumentException("cannot merge a " + self.family() + " state into itself");
        }
        return type.cast(other);
    }

    /**
     * Merges {@code other} into {@code self} when either is empty (nothing to add, or {@code self}
     * becomes a copy of {@code other}); false, with nothing done, when both hold samples.
     */
    static <S extends FixedWidthState> boolean mergedWhenEitherEmpty(S self, S other) {
        if (other.isEmpty()) {
            return true;
        }
        if (self.isEmpty()) {
            StateWords.copy(other, self);
            return true;
        }
        return false;
    }

    /** {@code a + b} for a count a state keeps in an int; past its range, a clear error rather than a wrong count. */
    static int addCounts(int a, int b) {
        int sum = a + b;
        if (sum < 0) {
            throw new io.tessera.core.InvalidInputException(
                    "a state would count more than " + Integer.MAX_VALUE + " samples of one series; narrow the range");
        }
        return sum;
    }
}
