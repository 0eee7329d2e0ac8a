package io.tessera.exec.context;

import io.tessera.core.LimitExceededException;
import io.tessera.spi.ReadContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What one run carries besides its data: the query range, the lookback and subquery defaults,
 * limits, the deadline and cancellation. Shared by every operator of the run.
 */
public final class RunContext implements ReadContext {

    private final long queryStart;
    private final long queryEnd;
    private final long defaultSubqueryStepMs;
    private final QueryLimits limits;
    private final long deadlineNanos;
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final AtomicLong samples = new AtomicLong();
    private final Set<String> warnings = ConcurrentHashMap.newKeySet();
    private final Set<String> infos = ConcurrentHashMap.newKeySet();

    public RunContext(long queryStart, long queryEnd, long defaultSubqueryStepMs, QueryLimits limits) {
        this.queryStart = queryStart;
        this.queryEnd = queryEnd;
        this.defaultSubqueryStepMs = defaultSubqueryStepMs;
        this.limits = limits;
        this.deadlineNanos = System.nanoTime() + limits.timeoutMs() * 1_000_000L;
    }

    /** The query's start: what {@code @ start()} pins to. */
    public long queryStart() {
        return queryStart;
    }

    /** The query's end: what {@code @ end()} pins to. */
    public long queryEnd() {
        return queryEnd;
    }

    public long defaultSubqueryStepMs() {
        return defaultSubqueryStepMs;
    }

    public QueryLimits limits() {
        return limits;
    }

    public void cancel() {
        cancelled.set(true);
    }

    /** Throws when the run was cancelled or is past its deadline; operators call it between units of work. */
    @Override
    public void checkAlive() {
        if (cancelled.get()) {
            throw new QueryCancelledException("query cancelled");
        }
        if (System.nanoTime() - deadlineNanos > 0) {
            throw new QueryTimeoutException("query timed out in expression evaluation");
        }
    }

    /**
     * {@link #checkAlive()} once every 65,536 iterations of a loop over steps or samples, so that a
     * single long series stops promptly too; {@code i} is the loop's index.
     */
    public void checkAliveEvery(int i) {
        if ((i & 0xFFFF) == 0) {
            checkAlive();
        }
    }

    /** Counts {@code n} more samples loaded or points about to be held, failing past the limit. */
    public void addSamples(long n) {
        long total = samples.addAndGet(n);
        if (total > limits.maxSamples() || total < 0) {
            throw tooManySamples();
        }
    }

    /**
     * Fails before anything is allocated when one series over {@code grid} would alone hold more
     * points than the run may: a subquery of a tiny step, or a grid longer than any array.
     */
    public void checkGrid(io.tessera.exec.value.StepGrid grid) {
        long points = grid.points();
        if (points > limits.maxSamples() || points > Integer.MAX_VALUE - 8) {
            throw tooManySamples();
        }
    }

    private static LimitExceededException tooManySamples() {
        return new LimitExceededException(
                "query processing would load too many samples into memory in query execution");
    }

    public long samplesLoaded() {
        return samples.get();
    }

    /** Records a warning annotation ("PromQL warning: …"); repeats are kept once. */
    public void warn(String message) {
        warnings.add(message);
    }

    /** Records an info annotation ("PromQL info: …"); repeats are kept once. */
    public void info(String message) {
        infos.add(message);
    }

    /** The warnings recorded so far, sorted. */
    public List<String> warnings() {
        return sorted(warnings);
    }

    /** The infos recorded so far, sorted. */
    public List<String> infos() {
        return sorted(infos);
    }

    private static List<String> sorted(Set<String> set) {
        List<String> list = new ArrayList<>(set);
        Collections.sort(list);
        return List.copyOf(list);
    }
}
