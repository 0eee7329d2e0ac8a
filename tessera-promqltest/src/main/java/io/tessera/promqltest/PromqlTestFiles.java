package io.tessera.promqltest;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs files in Prometheus' PromQL test format against Tessera's engine, printing every failing
 * eval with what was expected and what came back, and a closing count.
 */
public final class PromqlTestFiles {

    /** The totals over all files. */
    public record Summary(long passed, long failed, long skipped) {
        public String line() {
            return passed + " passed, " + failed + " failed, " + skipped + " skipped";
        }
    }

    private PromqlTestFiles() {}

    /**
     * Runs every eval of {@code files}. With {@code rangeMode}, each passing instant eval is also
     * checked as a range query around its time, as Prometheus' own runner does.
     */
    public static Summary run(List<Path> files, boolean rangeMode, boolean verbose, PrintStream out) {
        RunnerOptions options = rangeMode ? RunnerOptions.PROMQLTEST : RunnerOptions.INSTANT_ONLY;
        long passed = 0;
        long failed = 0;
        long skipped = 0;
        for (Path file : files) {
            TestScript script = TestScript.read(file);
            ScriptReport report = new ConformanceRunner(new TesseraEngineAdapter(), options, script).runAll();
            for (EvalOutcome outcome : report.outcomes()) {
                if (outcome.status() == EvalOutcome.Status.FAIL
                        || (verbose && outcome.status() == EvalOutcome.Status.SKIPPED)) {
                    out.println(outcome.describe());
                    out.println();
                }
            }
            out.println(report.summary());
            passed += report.count(EvalOutcome.Status.PASS);
            failed += report.count(EvalOutcome.Status.FAIL);
            skipped += report.count(EvalOutcome.Status.SKIPPED);
        }
        Summary summary = new Summary(passed, failed, skipped);
        out.println(summary.line());
        return summary;
    }
}
