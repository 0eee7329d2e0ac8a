package io.tessera.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The bytes written for a sample value, against {@link GoFloats#sampleValue} (the JDK's shortest digits). */
class ShortestDecimalTest {

    private static final byte[] BUF = new byte[64];

    private static void check(double v) {
        int end = ShortestDecimal.write(v, BUF, 3);
        String expected = GoFloats.sampleValue(v);
        if (end < 0) {
            double abs = Math.abs(v);
            boolean integer = abs == Math.rint(abs);
            assertThat(integer ? abs == 0 || abs >= 1e15 : !(abs >= 1e-3 && abs < 1e7))
                    .as("declined %s", expected)
                    .isTrue();
            return;
        }
        assertThat(end - 3).as("length of %s", expected).isLessThanOrEqualTo(ShortestDecimal.MAX_LENGTH);
        assertThat(new String(BUF, 3, end - 3, StandardCharsets.US_ASCII))
                .as("bits %x", Double.doubleToRawLongBits(v))
                .isEqualTo(expected);
    }

    @Test
    void randomValuesOverThePlainRangeAreWrittenAsGoWritesThem() {
        SplittableRandom random = new SplittableRandom(20261203);
        for (int i = 0; i < 2_000_000; i++) {
            // uniform in the exponent, then any significand
            double v = Math.pow(10, -3 + 10 * random.nextDouble());
            check(random.nextBoolean() ? v : -v);
            check(Double.longBitsToDouble(Double.doubleToRawLongBits(v) ^ (random.nextLong() & 0xfffffL)));
        }
    }

    @Test
    void integersAreWrittenAsGoWritesThem() {
        SplittableRandom random = new SplittableRandom(360);
        for (int i = 0; i < 1_000_000; i++) {
            // uniform in the number of digits, up to 2^53 and past 1e15
            long v = random.nextLong(1L << random.nextInt(1, 54));
            check(random.nextBoolean() ? v : -v);
            check(v * 1024.0);
        }
        for (long p = 1; p <= 1_000_000_000_000_000_000L && p > 0; p *= 10) {
            check(p);
            check(p - 1);
            check(-p);
            check(p + 1);
        }
    }

    @Test
    void randomBitsAnywhereAreWrittenOrDeclined() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 1_000_000; i++) {
            check(Double.longBitsToDouble(random.nextLong()));
        }
    }

    @Test
    void edgesOfTheRangeAndShortDecimals() {
        double[] values = {
            1e-3,
            Math.nextUp(1e-3),
            Math.nextDown(1e-3),
            1e7,
            Math.nextDown(1e7),
            Math.nextUp(1e7),
            0.1,
            0.2,
            0.3,
            0.125,
            0.5,
            0.25,
            1.5,
            2.5,
            123.456,
            9_999_999.5,
            1_234_567.000_000_1,
            0.001_000_000_000_000_1,
            3.141_592_653_589_793,
            2.718_281_828_459_045,
            1.0 / 3,
            2.0 / 3,
            100.0 / 7,
            1,
            2,
            1024,
            0,
            -0.0,
            Double.NaN,
            Double.POSITIVE_INFINITY,
            Double.MIN_VALUE,
            Double.MAX_VALUE,
            4_503_599_627_370_496.5
        };
        for (double v : values) {
            check(v);
            check(-v);
        }
        // powers of two have the irregular spacing below them
        for (int e = -10; e <= 23; e++) {
            double p = Math.scalb(1.0, e);
            check(p);
            check(Math.nextUp(p));
            check(Math.nextDown(p));
        }
        // decimals of few digits, and their neighbours
        for (int d = 1; d < 100_000; d += 7) {
            for (int scale = 1; scale <= 6; scale++) {
                double v = d / Math.pow(10, scale);
                check(v);
                check(Math.nextUp(v));
                check(Math.nextDown(v));
            }
        }
    }
}
