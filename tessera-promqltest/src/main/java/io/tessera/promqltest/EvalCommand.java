package io.tessera.promqltest;

import java.util.Objects;
import java.util.Optional;

/**
 * An {@code eval} command. {@code rangeVector} is the grid of an {@code expect range vector}
 * line: the instant query then runs at its end and must return a matrix on that grid.
 * {@code unsupported} says why this eval cannot run here (native histograms in its expected
 * result); evals over histogram data loaded earlier are recognised by the runner.
 *
 * @param text the command line as written, for reports
 */
record EvalCommand(
        int line,
        String text,
        String expr,
        QueryTime time,
        Optional<QueryTime.Range> rangeVector,
        Expectations expect,
        ExpectedResult expected,
        Optional<String> unsupported)
        implements Command {

    EvalCommand {
        Objects.requireNonNull(expr, "expr");
        Objects.requireNonNull(time, "time");
    }

    boolean isInstant() {
        return time instanceof QueryTime.Instant;
    }

    /** Whether promqltest would also run this instant eval as a range query. */
    boolean excludedFromRangeMode() {
        return rangeVector.isPresent() || expected instanceof ExpectedResult.Text;
    }
}
