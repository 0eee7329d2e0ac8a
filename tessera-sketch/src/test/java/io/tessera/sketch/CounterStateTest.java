package io.tessera.sketch;

import static io.tessera.sketch.Close.assertClose;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.StaleMarker;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CounterStateTest {

    private static final long MIN = 60_000;

    /**
     * Prometheus 3's extrapolatedRate for float samples, straight from its algorithm, over the raw
     * samples in (start, end]: the reference the pane-merged CounterState must match.
     */
    static double referenceExtrapolatedRate(Series s, long start, long end, boolean isCounter, boolean isRate) {
        List<long[]> tsList = new ArrayList<>();
        List<Double> vList = new ArrayList<>();
        for (int i = 0; i < s.size(); i++) {
            if (s.ts()[i] > start && s.ts()[i] <= end && !StaleMarker.isStale(s.values()[i])) {
                tsList.add(new long[] {s.ts()[i]});
                vList.add(s.values()[i]);
            }
        }
        int n = vList.size();
        if (n < 2) {
            return Double.NaN;
        }
        long firstT = tsList.get(0)[0];
        long lastT = tsList.get(n - 1)[0];
        double result = vList.get(n - 1) - vList.get(0);
        if (isCounter) {
            double prev = vList.get(0);
            for (int i = 1; i < n; i++) {
                double cur = vList.get(i);
                if (cur < prev) {
                    result += prev;
                }
                prev = cur;
            }
        }
        double durationToStart = (firstT - start) / 1000.0;
        double durationToEnd = (end - lastT) / 1000.0;
        double sampledInterval = (lastT - firstT) / 1000.0;
        double averageDurationBetweenSamples = sampledInterval / (n - 1);
        double extrapolationThreshold = averageDurationBetweenSamples * 1.1;
        if (durationToStart >= extrapolationThreshold) {
            durationToStart = averageDurationBetweenSamples / 2;
        }
        if (isCounter) {
            double durationToZero = durationToStart;
            if (result > 0 && vList.get(0) >= 0) {
                durationToZero = sampledInterval * (vList.get(0) / result);
            }
            if (durationToZero < durationToStart) {
                durationToStart = durationToZero;
            }
        }
        if (durationToEnd >= extrapolationThreshold) {
            durationToEnd = averageDurationBetweenSamples / 2;
        }
        double factor = (sampledInterval + durationToStart + durationToEnd) / sampledInterval;
        if (isRate) {
            factor /= (end - start) / 1000.0;
        }
        return result * factor;
    }

    /** Prometheus' resets() and changes() over the raw samples in (start, end]; -1 when there is no sample. */
    static long[] referenceResetsChanges(Series s, long start, long end) {
        long resets = 0;
        long changes = 0;
        boolean any = false;
        double prev = 0;
        for (int i = 0; i < s.size(); i++) {
            double cur = s.values()[i];
            if (s.ts()[i] <= start || s.ts()[i] > end || StaleMarker.isStale(cur)) {
                continue;
            }
            if (any) {
                if (cur < prev) {
                    resets++;
                }
                if (cur != prev && !(Double.isNaN(cur) && Double.isNaN(prev))) {
                    changes++;
                }
            }
            any = true;
            prev = cur;
        }
        return any ? new long[] {resets, changes} : new long[] {-1, -1};
    }

    static List<Arguments> seeds() {
        return DistributionSeeds.of(104729);
    }

    /** A state over the raw samples in (from, to]. */
    private static CounterState stateOver(Series s, long from, long to) {
        CounterState c = new CounterState();
        for (int i = 0; i < s.size(); i++) {
            if (s.ts()[i] > from && s.ts()[i] <= to) {
                c.update(s.ts()[i], s.values()[i]);
            }
        }
        return c;
    }

    @ParameterizedTest(name = "{0} seed {1}")
    @MethodSource("seeds")
    void windowOfMergedPanesMatchesReference(Distribution dist, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        long t0 = 1_700_000_000_000L;
        Series s = rnd.nextBoolean()
                ? Series.counter(dist, rnd, rnd.nextInt(2, 600), t0, rnd.nextDouble(0, 0.08))
                : withOddities(Series.of(dist, rnd, rnd.nextInt(2, 600), t0, 0), rnd);
        long span = s.ts()[s.size() - 1] - t0 + 60_000;
        long pane = new long[] {MIN, 5 * MIN, 150_000}[rnd.nextInt(3)];
        for (int trial = 0; trial < 8; trial++) {
            long start = t0 + rnd.nextLong(-2 * MIN, span / 2);
            long end = start + rnd.nextLong(1, span);
            boolean onGrid = rnd.nextBoolean();
            if (onGrid) {
                start = Math.floorDiv(start, pane) * pane;
                end = start + pane * Math.max(1, (end - start) / pane);
            }
            // Panes of the grid that lie inside the window, plus exact head and tail states from raw data.
            List<State> parts = new ArrayList<>();
            long firstEdge = Math.floorDiv(start + pane - 1, pane) * pane;
            long cursor = start;
            if (firstEdge > start && firstEdge <= end) {
                parts.add(stateOver(s, start, firstEdge));
                cursor = firstEdge;
            }
            while (cursor + pane <= end) {
                parts.add(stateOver(s, cursor, cursor + pane));
                cursor += pane;
            }
            if (cursor < end) {
                parts.add(stateOver(s, cursor, end));
            }
            CounterState merged = (CounterState) Series.mergeTree(parts.toArray(State[]::new), 0, parts.size(), rnd);
            String what = dist + " window (" + start + ", " + end + "] in " + parts.size() + " parts";
            double scale = 1e-9;
            assertClose(
                    merged.increase(start, end),
                    referenceExtrapolatedRate(s, start, end, true, false),
                    scale,
                    what + " increase");
            assertClose(
                    merged.rate(start, end),
                    referenceExtrapolatedRate(s, start, end, true, true),
                    scale,
                    what + " rate");
            assertCloseAbs(merged.delta(start, end), referenceExtrapolatedRate(s, start, end, false, false), s, what);
            long[] rc = referenceResetsChanges(s, start, end);
            if (rc[0] < 0) {
                assertThat(merged.isEmpty()).as(what).isTrue();
            } else {
                assertThat(merged.resets()).as(what + " resets").isEqualTo(rc[0]);
                assertThat(merged.changes()).as(what + " changes").isEqualTo(rc[1]);
            }
            CounterState direct = stateOver(s, start, end);
            assertThat(merged.resetCorrection())
                    .as(what + " correction")
                    .isCloseTo(direct.resetCorrection(), org.assertj.core.data.Percentage.withPercentage(1e-7));
        }
    }

    /** delta of a gauge may cancel to near zero: compare relative to the size of the values involved. */
    private static void assertCloseAbs(double actual, double expected, Series s, String what) {
        if (Double.isNaN(expected) || Double.isNaN(actual)) {
            assertThat(Double.isNaN(actual))
                    .as(what + " delta " + actual + " vs " + expected)
                    .isEqualTo(Double.isNaN(expected));
            return;
        }
        double magnitude = 0;
        for (double v : s.ordinaryValues()) {
            if (Double.isFinite(v)) {
                magnitude = Math.max(magnitude, Math.abs(v));
            }
        }
        assertThat(Math.abs(actual - expected))
                .as(what + " delta " + actual + " vs " + expected)
                .isLessThanOrEqualTo(1e-9 * Math.max(Math.abs(expected), magnitude) + 1e-300);
    }

    /** Adds stale markers and NaN values to a gauge. */
    private static Series withOddities(Series s, SplittableRandom rnd) {
        double[] v = s.values().clone();
        for (int i = 0; i < v.length; i++) {
            int r = rnd.nextInt(100);
            if (r < 3) {
                v[i] = StaleMarker.VALUE;
            } else if (r < 5) {
                v[i] = Double.NaN;
            }
        }
        return new Series(s.ts(), v);
    }

    // ---- Cases hand-copied from Prometheus' functions.test ----

    /** Expands a load line such as "0+10x10 0 10" at the given step, as the test language does. */
    private static Series load(long step, String spec) {
        List<Double> values = new ArrayList<>();
        for (String token : spec.trim().split("\\s+")) {
            int x = token.indexOf('x');
            if (x > 0) {
                String head = token.substring(0, x);
                int sign = Math.max(head.lastIndexOf('+'), head.lastIndexOf('-'));
                double a = Double.parseDouble(head.substring(0, sign));
                double b = Double.parseDouble(head.substring(sign));
                int times = Integer.parseInt(token.substring(x + 1));
                for (int i = 0; i <= times; i++) {
                    values.add(a + i * b);
                }
            } else {
                values.add(Double.parseDouble(token));
            }
        }
        long[] ts = new long[values.size()];
        double[] v = new double[values.size()];
        for (int i = 0; i < v.length; i++) {
            ts[i] = i * step;
            v[i] = values.get(i);
        }
        return new Series(ts, v);
    }

    /** The state for {@code fn(x[range])} at time {@code at}, built from two panes split in the middle and merged backwards. */
    /**
     * Checks {@code function} of foo, bar and biz ({@code series}) at {@code t}: each row is a
     * range in minutes followed by the value expected of each series over it.
     */
    private static void assertPerRange(
            String function, ToLongFunction<CounterState> f, Series[] series, long t, long[][] rows) {
        String[] names = {"foo", "bar", "biz"};
        for (long[] row : rows) {
            for (int i = 0; i < series.length; i++) {
                assertThat(f.applyAsLong(at(series[i], t, row[0] * MIN)))
                        .as("%s %s[%dm]", names[i], function, row[0])
                        .isEqualTo(row[i + 1]);
            }
        }
    }

    private static CounterState at(Series s, long at, long range) {
        long mid = at - range / 2;
        CounterState later = stateOver(s, mid, at);
        later.merge(stateOver(s, at - range, mid));
        return later;
    }

    @Test
    void resetsAndChangesFromFunctionsTest() {
        Series foo = load(5 * MIN, "1 2 3 0 1 0 0 1 2 0");
        Series bar = load(5 * MIN, "1 2 3 4 5 1 2 3 4 5");
        Series biz = load(5 * MIN, "0 0 0 0 0 1 1 1 1 1");
        long t = 50 * MIN;
        assertThat(at(foo, t, 5 * MIN).isEmpty()).isTrue();
        Series[] series = {foo, bar, biz};
        long[][] resets = {{10, 0, 0, 0}, {20, 1, 0, 0}, {30, 1, 0, 0}, {32, 2, 1, 0}, {50, 3, 1, 0}};
        assertPerRange("resets", CounterState::resets, series, t, resets);
        assertThat(at(foo, t, 600_000).resets()).isZero();
        long[][] changes = {{6, 0, 0, 0}, {20, 2, 2, 0}, {30, 3, 4, 0}, {50, 7, 8, 1}};
        assertPerRange("changes", CounterState::changes, series, t, changes);
        // x{a="b"} NaN NaN NaN and x{a="c"} 0 NaN 0: changes(x[20m]) at 15m.
        assertThat(at(load(5 * MIN, "NaN NaN NaN"), 15 * MIN, 20 * MIN).changes())
                .isZero();
        assertThat(at(load(5 * MIN, "0 NaN 0"), 15 * MIN, 20 * MIN).changes()).isEqualTo(2);
    }

    @Test
    void increaseFromFunctionsTest() {
        long t = 50 * MIN;
        String[] specs = {"0+10x10", "0+18x5 0+18x5", "10+10x10", "1+10x10"};
        double[] over50m = {100, 160, 100, 100};
        double[] over100m = {100, 162, 105, 101};
        for (int i = 0; i < specs.length; i++) {
            Series s = load(5 * MIN, specs[i]);
            assertClose(at(s, t, 50 * MIN).increase(t - 50 * MIN, t), over50m[i], 1e-12, specs[i] + " [50m]");
            assertClose(at(s, t, 100 * MIN).increase(t - 100 * MIN, t), over100m[i], 1e-12, specs[i] + " [100m]");
        }
        // A drop 3 -> 2 reads as a reset: 0 1 2 3 2 3 4, increase(x[30m]) at 30m is 7.
        assertClose(
                at(load(5 * MIN, "0 1 2 3 2 3 4"), 30 * MIN, 30 * MIN).increase(0, 30 * MIN),
                7,
                1e-12,
                "reset increase");
    }

    @Test
    void rateFromFunctionsTest() {
        long t = 50 * MIN;
        Series middle = load(5 * MIN, "0+27x4 0+27x5");
        assertClose(at(middle, t, 50 * MIN).rate(0, t), 0.08, 1e-12, "reset in the middle");
        Series endReset = load(5 * MIN, "0+10x9 0 10");
        assertThat(at(endReset, t, 5 * MIN).rate(t - 5 * MIN, t)).isNaN();
        assertClose(at(endReset, t, 6 * MIN).rate(t - 6 * MIN, t), 0, 1e-12, "reset at the end");
        assertClose(at(load(5 * MIN, "0+80x10"), t, 50 * MIN).rate(0, t), 0.26666666666666666, 1e-12, "window");
        long offsetEnd = t - 5 * MIN;
        assertClose(
                at(load(5 * MIN, "0+10x10"), offsetEnd, 10 * MIN).rate(offsetEnd - 10 * MIN, offsetEnd),
                0.03333333333333333,
                1e-12,
                "offset a");
        assertClose(
                at(load(5 * MIN, "0+20x10"), offsetEnd, 10 * MIN).rate(offsetEnd - 10 * MIN, offsetEnd),
                0.06666666666666667,
                1e-12,
                "offset b");
        double[] at10m = {0.5, 0.55, 0.6, 0.6, 0.6, 0.6};
        for (int start = 0; start <= 5; start++) {
            Series s = load(4 * MIN, (start * 60) + "+240x10");
            assertClose(
                    at(s, 10 * MIN, 20 * MIN).rate(-10 * MIN, 10 * MIN),
                    at10m[start],
                    1e-12,
                    "zero cutoff start=" + start + "m at 10m");
            assertClose(
                    at(s, 50 * MIN, 20 * MIN).rate(30 * MIN, 50 * MIN),
                    0.6,
                    1e-12,
                    "zero cutoff start=" + start + "m at 50m");
        }
    }

    @Test
    void deltaFromFunctionsTest() {
        long t = 20 * MIN;
        assertClose(at(load(5 * MIN, "0 50 100 150 200"), t, t).delta(0, t), 200, 1e-12, "foo");
        assertClose(at(load(5 * MIN, "200 150 100 50 0"), t, t).delta(0, t), -200, 1e-12, "bar");
    }

    @Test
    void fewerThanTwoSamplesHaveNoRate() {
        CounterState c = new CounterState();
        assertThat(c.rate(0, 1000)).isNaN();
        c.update(500, 3);
        assertThat(c.increase(0, 1000)).isNaN();
        assertThat(c.delta(0, 1000)).isNaN();
        assertThat(c.resets()).isZero();
        assertThat(c.changes()).isZero();
    }

    @Test
    void misuseIsRejected() {
        CounterState c = new CounterState();
        c.update(1000, 1);
        assertThatThrownBy(() -> c.update(1000, 2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> c.rate(1000, 2000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not inside");
        CounterState overlapping = new CounterState();
        overlapping.update(500, 1);
        overlapping.update(1500, 1);
        assertThatThrownBy(() -> c.merge(overlapping))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("overlapping");
    }

    @Test
    void staleMarkersAreIgnored() {
        CounterState c = new CounterState();
        c.update(1000, 5);
        c.update(2000, StaleMarker.VALUE);
        c.update(3000, 7);
        assertThat(c.count()).isEqualTo(2);
        assertThat(c.changes()).isEqualTo(1);
        assertThat(c.resets()).isZero();
    }

    @Test
    void theCorrectionsMagnitudeBoundsHowFarItsSumIsFromAddingSampleBySample() {
        double[] values = {0.125, 1e16, 1.5, -1e16};
        CounterState whole = new CounterState();
        CounterState first = new CounterState();
        CounterState second = new CounterState();
        double sequential = values[values.length - 1] - values[0];
        for (int i = 0; i < values.length; i++) {
            whole.update(1000L * (i + 1), values[i]);
            (i < 2 ? first : second).update(1000L * (i + 1), values[i]);
            if (i > 0 && values[i] < values[i - 1]) {
                sequential += values[i - 1];
            }
        }
        first.merge(second);
        for (CounterState c : new CounterState[] {whole, first, CounterState.deserialize(first.serialize())}) {
            double sum = c.lastValue() - c.firstValue() + c.resetCorrection();
            assertThat(Math.abs(sum - sequential)).as(c.toString()).isLessThanOrEqualTo(c.counterSumErrorBound());
            assertThat(c.counterSumErrorBound()).as("large against the sum").isGreaterThan(1e-10 * Math.abs(sum));
        }
        CounterState plain = new CounterState();
        plain.update(1000, 5);
        plain.update(2000, 9);
        assertThat(plain.counterSumErrorBound())
                .as("no reset: the same one subtraction")
                .isZero();
        assertThat(CounterState.deserialize(counterBytes(5, 1, 10)).counterSumErrorBound())
                .as("version 1 bytes with a reset do not say how large its values were")
                .isNaN();
    }

    @Test
    void countsPastAnIntAreAClearErrorNotAWrongCount() {
        byte[] over = counterBytes(1L << 31, 0, 0);
        assertThatThrownBy(() -> CounterState.deserialize(over))
                .isInstanceOf(StateFormatException.class)
                .hasMessageContaining("sample count is 2147483648");
        CounterState early = CounterState.deserialize(counterBytes(Integer.MAX_VALUE, 1, 10));
        CounterState late = new CounterState();
        late.update(100, 2);
        assertThatThrownBy(() -> early.merge(late))
                .isInstanceOf(io.tessera.core.InvalidInputException.class)
                .hasMessageContaining("more than 2147483647 samples");
        CounterState fits = CounterState.deserialize(counterBytes(Integer.MAX_VALUE - 1, 1, 10));
        fits.merge(late);
        assertThat(fits.count()).isEqualTo(Integer.MAX_VALUE);
        assertThat(fits.resets()).isEqualTo(1 + 1);
    }

    /** A counter state's bytes: {@code count} samples from (1, 7) to (10, 3) with one reset and one change. */
    /** Version 1 bytes (no correction magnitude): one reset, one change. */
    private static byte[] counterBytes(long count, long firstTs, long lastTs) {
        return new StateWriter(StateFamily.COUNTER, 1, 64)
                .putLong(count)
                .putLong(firstTs)
                .putDouble(7)
                .putLong(lastTs)
                .putDouble(3)
                .putDouble(7)
                .putLong(1)
                .putLong(1)
                .toByteArray();
    }
}
