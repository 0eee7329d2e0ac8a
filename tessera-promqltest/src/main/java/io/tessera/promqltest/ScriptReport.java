package io.tessera.promqltest;

import java.util.List;

/** The outcomes of every eval of one script, in script order. */
record ScriptReport(String script, List<EvalOutcome> outcomes) {

    ScriptReport {
        outcomes = List.copyOf(outcomes);
    }

    long count(EvalOutcome.Status status) {
        return outcomes.stream().filter(o -> o.status() == status).count();
    }

    List<EvalOutcome> failures() {
        return outcomes.stream()
                .filter(o -> o.status() == EvalOutcome.Status.FAIL)
                .toList();
    }

    String summary() {
        return script + ": " + outcomes.size() + " evals, " + count(EvalOutcome.Status.PASS) + " passed, "
                + count(EvalOutcome.Status.FAIL) + " failed, " + count(EvalOutcome.Status.SKIPPED) + " skipped";
    }
}
