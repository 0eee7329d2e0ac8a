package io.tessera.promqltest;

import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * Prometheus' PromQL test scripts against our engine: one test per eval command, in script
 * order, each applying the loads and clears before it. A skipped eval is aborted with its
 * reason. {@code -Dconformance.rangeMode=false} turns off promqltest's range-mode cross-check.
 * Evals listed in {@link KnownFailures} are reported as skipped while they fail.
 */
class PromqlConformanceTest {

    @TestFactory
    Stream<DynamicNode> referenceScripts() {
        Path dir = ReferenceTests.directory().orElse(null);
        Assumptions.assumeTrue(dir != null, "no shared/reference/promql-tests folder above the working directory");
        PromqlEngine engine = Engines.engine();
        Assumptions.assumeTrue(engine != null, "no PromQL engine yet");
        RunnerOptions options = Boolean.parseBoolean(System.getProperty("conformance.rangeMode", "true"))
                ? RunnerOptions.PROMQLTEST
                : RunnerOptions.INSTANT_ONLY;
        KnownFailures known = KnownFailures.load();
        Stream<DynamicNode> scripts = ReferenceTests.files(dir).stream().map(file -> {
            TestScript script = TestScript.read(file);
            ConformanceRunner runner = new ConformanceRunner(engine, options, script);
            return dynamicContainer(
                    script.name(),
                    file.toUri(),
                    script.evals().stream()
                            .map(eval -> dynamicTest(
                                    "line " + eval.line() + ": " + eval.expr(),
                                    () -> verdict(runner.runThrough(eval), known))));
        });
        return Stream.concat(
                scripts, Stream.of(dynamicTest("write the known-failures list if asked", known::writeIfAsked)));
    }

    private static void verdict(EvalOutcome outcome, KnownFailures known) {
        switch (outcome.status()) {
            case PASS -> {
                if (known.isListed(outcome) && !known.writing()) {
                    Assertions.fail(
                            KnownFailures.key(outcome) + " passes now: remove it from conformance-known-failures.txt");
                }
            }
            case SKIPPED -> Assumptions.abort(outcome.describe());
            case FAIL -> {
                known.recordFailure(outcome);
                if (known.isListed(outcome) || known.writing()) {
                    Assumptions.abort("known failure: " + outcome.describe());
                }
                Assertions.fail(outcome.describe());
            }
        }
    }
}
