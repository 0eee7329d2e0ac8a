package io.tessera.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Matchers run in time linear in the value, whatever the expression, and never recurse over the value. */
class LinearTimeRegexTest {

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void nestedRepetitionThatBacktrackingExplodesOnIsLinear() {
        LabelMatcher pathological = LabelMatcher.regex("path", "(.*a){12}[bc]");
        LabelMatcher plain = LabelMatcher.regex("path", "a.*d");
        String value = "a".repeat(40) + "d";
        pathological.matches(value);
        plain.matches(value);

        long plainNanos = timeMatches(plain, value);
        long pathologicalNanos = timeMatches(pathological, value);

        assertThat(pathological.matches(value)).isFalse();
        assertThat(pathological.matches("a".repeat(12) + "b")).isTrue();
        assertThat(pathologicalNanos)
                .as("pathological %d ns vs plain %d ns", pathologicalNanos, plainNanos)
                .isLessThan(Math.max(plainNanos, 1_000_000L) * 200);
    }

    @Test
    void alternationUnderAStarMatchesAMebibyteValue() {
        String value = "xy".repeat(512 * 1024);
        assertThat(LabelMatcher.regex("l", "(x|y)*").matches(value)).isTrue();
        assertThat(LabelMatcher.regex("l", "(x|y)*z").matches(value)).isFalse();
    }

    private static long timeMatches(LabelMatcher m, String value) {
        long start = System.nanoTime();
        for (int i = 0; i < 200; i++) {
            m.matches(value + i);
        }
        return System.nanoTime() - start;
    }
}
