package io.tessera.sketch;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.provider.Arguments;

/** Parameterized-test cases: 25 seeds for every {@link Distribution}, spread by a prime {@code multiplier}. */
final class DistributionSeeds {

    private DistributionSeeds() {}

    static List<Arguments> of(long multiplier) {
        List<Arguments> out = new ArrayList<>();
        for (Distribution d : Distribution.values()) {
            for (long seed = 1; seed <= 25; seed++) {
                out.add(Arguments.of(d, seed * multiplier + d.ordinal()));
            }
        }
        return out;
    }
}
