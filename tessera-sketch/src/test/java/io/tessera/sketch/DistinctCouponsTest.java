package io.tessera.sketch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DistinctCouponsTest {

    /**
     * A counter on a merged sketch's coupons must estimate and bound exactly as the CPC union of that
     * sketch with a sketch of the added values does, in every flavor (sparse to sliding) of either.
     */
    @ParameterizedTest
    @CsvSource({
        "4, 0, 10, 1",
        "4, 50, 300, 2",
        "8, 0, 0, 3",
        "8, 20, 5, 4",
        "8, 500, 900, 5",
        "10, 100, 60, 6",
        "10, 3000, 800, 7",
        "12, 1000, 285, 8",
        "12, 1000, 3000, 9",
        "12, 40000, 5000, 10",
        "14, 200, 20000, 11",
        "11, 0, 4000, 12"
    })
    void countsAsTheUnionDoes(int lgK, int paneValues, int edgeValues, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int domain = 1 + (paneValues + edgeValues) * 3 / 4;
        List<DistinctState> panes = new ArrayList<>();
        for (int p = 0; p < 4; p++) {
            DistinctState pane = new DistinctState(lgK);
            for (int i = 0; i < paneValues / 4; i++) {
                pane.update(0L, r.nextInt(domain));
            }
            pane.update("text-" + r.nextInt(domain));
            panes.add(pane);
        }
        DistinctState merged = DistinctState.union(lgK, panes);
        DistinctCoupons.Counter counter = DistinctCoupons.of(merged).counter();
        DistinctState edge = new DistinctState(lgK);
        for (int i = 0; i < edgeValues; i++) {
            switch (r.nextInt(4)) {
                case 0 -> {
                    String s = i % 50 == 0 ? "" : "text-" + r.nextInt(domain);
                    edge.update(s);
                    counter.add(s);
                }
                case 1 -> {
                    double v = i % 40 == 0 ? -0.0 : r.nextDouble() * domain;
                    edge.update(0L, v);
                    counter.add(v);
                }
                default -> {
                    double v = r.nextInt(domain);
                    edge.update(0L, v);
                    counter.add(v);
                }
            }
        }
        edge.update(0L, io.tessera.core.StaleMarker.VALUE);
        counter.add(io.tessera.core.StaleMarker.VALUE);
        DistinctState union = DistinctState.union(lgK, List.of(merged, edge));
        assertThat(counter.estimate()).isEqualTo(union.estimate());
        assertThat(counter.errorBound()).isEqualTo(union.errorBound());
    }
}
