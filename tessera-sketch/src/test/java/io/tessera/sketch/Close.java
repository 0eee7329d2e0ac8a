package io.tessera.sketch;

import static org.assertj.core.api.Assertions.assertThat;

/** Floating-point comparisons for tests: NaN equals NaN, infinities must match, finite values within a relative tolerance. */
final class Close {

    private Close() {}

    static boolean within(double actual, double expected, double relative) {
        if (Double.isNaN(expected) || Double.isNaN(actual)) {
            return Double.isNaN(expected) && Double.isNaN(actual);
        }
        if (Double.isInfinite(expected) || Double.isInfinite(actual)) {
            return actual == expected;
        }
        return Math.abs(actual - expected) <= relative * Math.max(Math.abs(expected), Double.MIN_NORMAL);
    }

    static void assertClose(double actual, double expected, double relative, String what) {
        assertThat(within(actual, expected, relative))
                .as("%s: got %s, expected %s (relative tolerance %s)", what, actual, expected, relative)
                .isTrue();
    }
}
