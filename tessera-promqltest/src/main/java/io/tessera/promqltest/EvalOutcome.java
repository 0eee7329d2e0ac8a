package io.tessera.promqltest;

/** The verdict on one eval command; {@code detail} says why it failed or was skipped. */
record EvalOutcome(String script, EvalCommand eval, Status status, String detail) {

    enum Status {
        PASS,
        FAIL,
        SKIPPED
    }

    static EvalOutcome pass(String script, EvalCommand eval) {
        return new EvalOutcome(script, eval, Status.PASS, "");
    }

    /** {@code file:line: eval ...} and, unless it passed, the reason on the following lines. */
    String describe() {
        String head = script + ":" + eval.line() + ": " + eval.text();
        return switch (status) {
            case PASS -> head;
            case FAIL -> head + "\n" + detail;
            case SKIPPED -> head + "\nskipped: " + detail;
        };
    }
}
