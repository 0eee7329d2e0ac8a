package io.tessera.promqltest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

class ReferenceScriptsTest {

    private static List<Path> referenceFiles() {
        Path dir = ReferenceTests.directory().orElse(null);
        Assumptions.assumeTrue(dir != null, "no shared/reference/promql-tests folder above the working directory");
        List<Path> files = ReferenceTests.files(dir);
        assertThat(files).isNotEmpty();
        return files;
    }

    @Test
    void everyReferenceScriptParses() {
        int evals = 0;
        for (Path file : referenceFiles()) {
            TestScript script = TestScript.read(file);
            long histogramEvals = script.evals().stream()
                    .filter(e -> e.unsupported().isPresent())
                    .count();
            System.out.printf(
                    "%s: %d commands, %d loads, %d evals (%d expect native histograms)%n",
                    script.name(),
                    script.commands().size(),
                    script.loads().size(),
                    script.evals().size(),
                    histogramEvals);
            assertThat(script.evals()).as(script.name()).isNotEmpty();
            evals += script.evals().size();
        }
        assertThat(evals).isGreaterThan(500);
    }

    /** An engine that knows nothing: every eval gets a verdict, and only histogram evals are skipped. */
    @Test
    void everyEvalOfEveryScriptGetsAVerdict() {
        PromqlEngine empty = new PromqlEngine() {
            @Override
            public void load(List<PointSeries> series) {}

            @Override
            public QueryOutcome instant(String expr, long t) {
                return QueryOutcome.of(new QueryResult.Vector(t, List.of()));
            }

            @Override
            public QueryOutcome range(String expr, long start, long end, long step) {
                return QueryOutcome.of(new QueryResult.Matrix(List.of()));
            }
        };
        for (Path file : referenceFiles()) {
            TestScript script = TestScript.read(file);
            ScriptReport report = new ConformanceRunner(empty, RunnerOptions.PROMQLTEST, script).runAll();
            System.out.println(report.summary());
            assertThat(report.outcomes()).hasSameSizeAs(script.evals());
            assertThat(report.outcomes())
                    .filteredOn(o -> o.status() == EvalOutcome.Status.SKIPPED)
                    .allSatisfy(o -> assertThat(o.detail()).contains("histogram"));
            assertThat(report.failures())
                    .allSatisfy(o -> assertThat(o.describe()).startsWith(script.name() + ":"));
        }
    }

    @Test
    void withoutAnEngineTheConformanceTestsAreSkipped() {
        Assumptions.assumeTrue(Engines.engine() == null, "an engine is plugged in");
        referenceFiles();
        assertThatThrownBy(() -> new PromqlConformanceTest().referenceScripts())
                .isInstanceOf(TestAbortedException.class)
                .hasMessageContaining("no PromQL engine yet");
    }
}
