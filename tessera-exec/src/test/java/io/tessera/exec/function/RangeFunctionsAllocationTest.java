package io.tessera.exec.function;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.ThreadMXBean;
import io.tessera.core.Labels;
import io.tessera.exec.context.QueryLimits;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.value.RangeVector;
import io.tessera.exec.value.ScalarValues;
import io.tessera.exec.value.StepGrid;
import io.tessera.exec.value.Value;
import io.tessera.promql.RangeFunctionKind;
import io.tessera.promql.ValueType;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** The exact engine allocates per series and per result, never per window it evaluates. */
class RangeFunctionsAllocationTest {

    private static final long SCRAPE_MS = 10_000;
    private static final long STEP_MS = 1_000;
    private static final long WINDOW_MS = 60_000;

    @Test
    void evaluatingMoreStepsAllocatesOnlyTheirResults() {
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        RangeVector fewer = input(20_000);
        RangeVector more = input(40_000);
        for (RangeFunctionKind kind : RangeFunctionKind.values()) {
            if (!kind.perSeries()) {
                continue;
            }
            Value[] fewerParams = params(kind, fewer.grid());
            Value[] moreParams = params(kind, more.grid());
            for (int warm = 0; warm < 5; warm++) {
                evaluate(kind, fewer, fewerParams);
            }
            long before = threads.getCurrentThreadAllocatedBytes();
            evaluate(kind, fewer, fewerParams);
            long few = threads.getCurrentThreadAllocatedBytes() - before;
            before = threads.getCurrentThreadAllocatedBytes();
            evaluate(kind, more, moreParams);
            long many = threads.getCurrentThreadAllocatedBytes() - before;
            // a result takes a double and a bit per step, a sliding kernel a few arrays per sample; anything made per
            // step adds 16 or more
            assertThat((many - few) / 20_000.0)
                    .as(kind.promqlName() + ": bytes per further step")
                    .isLessThan(20);
        }
    }

    /** One series scraped every 10 s, evaluated every second over 1 m windows. */
    private static RangeVector input(int steps) {
        StepGrid grid = new StepGrid(WINDOW_MS, WINDOW_MS + (steps - 1) * STEP_MS, STEP_MS);
        int samples = (int) (grid.end() / SCRAPE_MS);
        long[] ts = new long[samples];
        double[] values = new double[samples];
        for (int i = 0; i < samples; i++) {
            ts[i] = (i + 1) * SCRAPE_MS;
            values[i] = i % 7 + 0.5 * (i % 3);
        }
        int[] from = new int[steps];
        int[] to = new int[steps];
        for (int i = 0; i < steps; i++) {
            long end = grid.time(i);
            to[i] = (int) Math.min(samples, end / SCRAPE_MS);
            from[i] = (int) Math.max(0, (end - WINDOW_MS) / SCRAPE_MS);
        }
        return new RangeVector(
                grid,
                WINDOW_MS,
                new Labels[] {Labels.of("__name__", "x_total")},
                new long[][] {ts},
                new double[][] {values},
                new int[][] {from},
                new int[][] {to},
                1,
                null);
    }

    /** Every scalar parameter 0.5 at every step. */
    private static Value[] params(RangeFunctionKind kind, StepGrid grid) {
        int scalars = 0;
        for (ValueType t : kind.signature().argTypes()) {
            scalars += t == ValueType.SCALAR ? 1 : 0;
        }
        Value[] params = new Value[scalars];
        for (int k = 0; k < scalars; k++) {
            params[k] = ScalarValues.constant(grid, 0.5);
        }
        return params;
    }

    private static void evaluate(RangeFunctionKind kind, RangeVector in, Value[] params) {
        RangeFunctions.evaluate(kind, in, params, new RunContext(0, in.grid().end(), 60_000, QueryLimits.DEFAULTS));
    }
}
