package io.tessera.promqltest;

/** {@code clear}: removes all data loaded so far. */
record ClearCommand(int line) implements Command {}
