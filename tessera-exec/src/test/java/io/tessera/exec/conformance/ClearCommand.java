package io.tessera.exec.conformance;

/** {@code clear}: removes all data loaded so far. */
record ClearCommand(int line) implements Command {
}
