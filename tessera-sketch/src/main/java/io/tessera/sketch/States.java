package io.tessera.sketch;

/** Checks shared by the families' {@code merge}. */
final class States {

    private States() {
    }

    static <T extends State> T sameFamily(State self, State other, Class<T> type) {
        if (other == null) {
            throw new IllegalArgumentException("cannot merge a null state into a " + self.family() + " state");
        }
        if (!type.isInstance(other)) {
            throw new IllegalArgumentException("cannot merge a " + other.family() + " state into a "
                    + self.family() + " state");
        }
        if (other == self) {
            throw new IllegalArgumentException("cannot merge a " + self.family() + " state into itself");
        }
        return type.cast(other);
    }
}
