package io.tessera.exec.view.grid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tessera.sketch.ExtrapolatedRate;
import org.junit.jupiter.api.Test;

/** A counter moved from its grid point agrees with its exact value at the later time, and says when it has none. */
class CounterMoveTest {

    private static final long WINDOW_MS = 60_000;
    private static final long EXT_MS = 15_000;

    @Test
    void movedIncreaseEqualsTheExactOneAcrossAReset() {
        int count = 20;
        long[] ts = new long[count];
        double[] vs = new double[count];
        for (int i = 0; i < count; i++) {
            ts[i] = 5_000 + 10_000L * i;
            vs[i] = i < 10 ? 10.0 * i : 3 + 7.0 * (i - 10);
        }
        for (ExtrapolatedRate function : ExtrapolatedRate.values()) {
            CounterMove move = new CounterMove(function);
            long g = 120_000;
            CounterResult atG = new CounterResult();
            move.exactly(g, WINDOW_MS, ts, vs, count, atG);
            CounterResult atT = new CounterResult();
            move.exactly(g + EXT_MS, WINDOW_MS, ts, vs, count, atT);
            assertThat(atG.hasValue()).isTrue();
            assertThat(atT.hasValue()).isTrue();

            CounterSpans spans = new CounterSpans();
            spans.moving(g, g + EXT_MS);
            spans.entered(ts, vs, 0, count);
            spans.left(ts, vs, 0, count);
            CounterResult moved = new CounterResult();
            // six samples in (g - w, g]
            move.move(atG.value(), 6, WINDOW_MS, EXT_MS, null, 0, spans, moved);

            assertThat(moved.outcome()).as(function.name()).isEqualTo(CounterResult.Outcome.VALUE);
            assertThat(moved.value()).as(function.name()).isCloseTo(atT.value(), within(1e-9 * Math.abs(atT.value())));
        }
    }

    @Test
    void oneSampleInTheWindowHasNoValue() {
        CounterResult result = new CounterResult();
        new CounterMove(ExtrapolatedRate.RATE)
                .exactly(60_000, WINDOW_MS, new long[] {30_000}, new double[] {4}, 1, result);
        assertThat(result.outcome()).isEqualTo(CounterResult.Outcome.NONE);
        assertThat(result.hasValue()).isFalse();
    }
}
