package io.tessera.promqltest;

import java.util.List;
import java.util.Optional;

/**
 * Checks one query outcome against an eval, in promqltest's order: the expected failure (or
 * none), then the annotations, then the result. Annotations are checked only as far as the
 * eval asks: {@code eval_warn}/{@code eval_info} want at least one; {@code expect warn} and
 * {@code expect info} lines must each match an annotation and together cover all of that kind;
 * {@code expect no_warn}/{@code no_info} want none. A plain eval does not look at annotations.
 */
final class OutcomeCheck {

    private OutcomeCheck() {}

    /** The first problem, or empty; {@code expr} is the query as run (it may be rewritten). */
    static Optional<String> check(EvalCommand eval, String expr, QueryOutcome outcome) {
        Expectations expect = eval.expect();
        return switch (outcome) {
            case QueryOutcome.Failure(String message) ->
                expect.isFail()
                        ? expectedFailure(expect, message)
                        : Optional.of("error evaluating query " + quote(expr) + ": " + message);
            case QueryOutcome.Success s
            when expect.isFail() ->
                Optional.of("expected error evaluating query " + quote(expr) + " but got none (result "
                        + Describe.result(s.result()) + ")");
            case QueryOutcome.Success s ->
                annotations(expect, s)
                        .or(() -> ResultComparison.compare(eval, s.result())
                                .map(problem -> problem + "\n" + Describe.expectedAndGot(eval, s.result())));
        };
    }

    private static Optional<String> expectedFailure(Expectations expect, String actual) {
        Optional<MessageMatch> legacy = expect.legacyFailMatch();
        if (legacy.isPresent() && !legacy.get().matches(actual)) {
            return Optional.of("expected error " + legacy.get() + ", but got: " + actual);
        }
        List<MessageMatch> lines = expect.lines(ExpectKind.FAIL);
        if (!lines.isEmpty() && !lines.getFirst().matches(actual)) {
            return Optional.of("expected error matching " + lines.getFirst() + ", but got: " + actual);
        }
        return Optional.empty();
    }

    private static Optional<String> annotations(Expectations expect, QueryOutcome.Success s) {
        if (expect.legacy().contains(ExpectKind.WARN) && s.warnings().isEmpty()) {
            return Optional.of("expected warnings but got none" + all(s));
        }
        if (expect.legacy().contains(ExpectKind.INFO) && s.infos().isEmpty()) {
            return Optional.of("expected info annotations but got none" + all(s));
        }
        Optional<String> problem = ofKind("warn", expect.lines(ExpectKind.WARN), s.warnings(), s)
                .or(() -> ofKind("info", expect.lines(ExpectKind.INFO), s.infos(), s));
        if (problem.isPresent()) {
            return problem;
        }
        if (expect.has(ExpectKind.NO_WARN) && !s.warnings().isEmpty()) {
            return Optional.of("unexpected warning annotations" + all(s));
        }
        if (expect.has(ExpectKind.NO_INFO) && !s.infos().isEmpty()) {
            return Optional.of("unexpected info annotations" + all(s));
        }
        return Optional.empty();
    }

    private static Optional<String> ofKind(
            String kind, List<MessageMatch> expected, List<String> actual, QueryOutcome.Success s) {
        if (expected.isEmpty()) {
            return Optional.empty();
        }
        if (actual.isEmpty()) {
            return Optional.of("expected " + kind + " annotations but none were found" + all(s));
        }
        for (MessageMatch e : expected) {
            if (actual.stream().noneMatch(e::matches)) {
                return Optional.of("expected " + kind + " annotation matching " + e
                        + " but no matching annotation was found" + all(s));
            }
        }
        for (String a : actual) {
            if (expected.stream().noneMatch(e -> e.matches(a))) {
                return Optional.of("unexpected " + kind + " annotation " + quote(a) + all(s));
            }
        }
        return Optional.empty();
    }

    private static String all(QueryOutcome.Success s) {
        return "; warnings: " + s.warnings() + ", infos: " + s.infos();
    }

    private static String quote(String s) {
        return "\"" + s + "\"";
    }
}
