package io.tessera.promqltest;

/** One command of a test script; {@code line} is 1-based. */
sealed interface Command permits LoadCommand, ClearCommand, EvalCommand {

    int line();
}
