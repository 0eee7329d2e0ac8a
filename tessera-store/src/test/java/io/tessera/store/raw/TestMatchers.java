package io.tessera.store.raw;

import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.MatchType;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Random label sets and matcher sets over a small vocabulary, so that matchers hit often. */
final class TestMatchers {

    static final String[] NAMES = {"__name__", "job", "inst", "env", "absent"};
    static final String[][] VALUES = {
        {"up", "http_requests_total", "cpu"},
        {"api", "db", "x"},
        {"1", "2", "10", "x"},
        {"prod", "dev"},
        {"never"},
    };
    private static final String[] REGEXES = {
        ".*", ".+", "", "|x", "x|", "1|2", "a.*", ".*t.*", "[0-9]+", "prod|dev", "u.", "(api|db)", "never"
    };

    private TestMatchers() {}

    /** A label set; every label but the metric name may be absent, the last never appears. */
    static Labels series(SplittableRandom random) {
        List<String> pairs = new ArrayList<>();
        for (int n = 0; n < NAMES.length - 1; n++) {
            if (n == 0 || random.nextInt(4) > 0) {
                pairs.add(NAMES[n]);
                pairs.add(VALUES[n][random.nextInt(VALUES[n].length)]);
            }
        }
        return Labels.of(pairs.toArray(new String[0]));
    }

    static List<LabelMatcher> matchers(SplittableRandom random) {
        int count = 1 + random.nextInt(3);
        List<LabelMatcher> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int n = random.nextInt(NAMES.length);
            MatchType type = MatchType.values()[random.nextInt(4)];
            String value;
            if (type == MatchType.EQUAL || type == MatchType.NOT_EQUAL) {
                value = random.nextInt(4) == 0 ? "" : VALUES[n][random.nextInt(VALUES[n].length)];
            } else {
                value = random.nextInt(3) == 0
                        ? VALUES[n][random.nextInt(VALUES[n].length)]
                        : REGEXES[random.nextInt(REGEXES.length)];
            }
            out.add(LabelMatcher.of(type, NAMES[n], value));
        }
        return out;
    }

    static boolean matchesAll(List<LabelMatcher> matchers, Labels labels) {
        for (LabelMatcher m : matchers) {
            if (!m.matches(labels)) {
                return false;
            }
        }
        return true;
    }
}
