package io.tessera.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PaneGridTest {

    @Test
    void paneWidthIsTheGcdOfWindowAndStep() {
        assertThat(PaneGrid.forWindowAndStep(300_000, 60_000, 0).width()).isEqualTo(60_000);
        assertThat(PaneGrid.forWindowAndStep(3_600_000, 45_000, 0).width()).isEqualTo(45_000);
        assertThat(PaneGrid.forWindowAndStep(100_000, 15_000, 0).width()).isEqualTo(5_000);
        assertThatThrownBy(() -> PaneGrid.gcd(0, 5)).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void aSampleOnAPaneEndBelongsToThatPane() {
        PaneGrid grid = PaneGrid.of(15_000);
        assertThat(grid.paneFor(15_000)).isEqualTo(Interval.of(0, 15_000));
        assertThat(grid.paneFor(15_001)).isEqualTo(Interval.of(15_000, 30_000));
        assertThat(grid.paneFor(1)).isEqualTo(Interval.of(0, 15_000));
        assertThat(grid.paneFor(0)).isEqualTo(Interval.of(-15_000, 0));
        assertThat(grid.paneFor(-1)).isEqualTo(Interval.of(-15_000, 0));
    }

    @Test
    void phaseShiftsTheGrid() {
        PaneGrid grid = new PaneGrid(10, 23);
        assertThat(grid.phase()).isEqualTo(3);
        assertThat(grid.isOnGrid(13)).isTrue();
        assertThat(grid.isOnGrid(10)).isFalse();
        assertThat(grid.paneFor(14)).isEqualTo(Interval.of(13, 23));
    }

    @Test
    void panesWithinAnAlignedWindowTileIt() {
        PaneGrid grid = PaneGrid.of(60_000);
        Interval window = Interval.of(600_000, 900_000);
        List<Interval> panes = grid.panesWithin(window);
        assertThat(panes).hasSize(5);
        assertThat(window.isTiledBy(panes)).isTrue();
        assertThat(grid.aligns(window)).isTrue();
        assertThat(grid.coveredPart(window)).isEqualTo(window);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void panesWithinAnOffGridWindowAreExactlyTheWholePanesInside(long seed) {
        Random random = new Random(seed);
        for (int round = 0; round < 200; round++) {
            long width = 1 + random.nextInt(50);
            PaneGrid grid = new PaneGrid(width, random.nextInt(100));
            long start = random.nextInt(1000) - 500;
            Interval range = Interval.of(start, start + random.nextInt(400));
            List<Interval> panes = grid.panesWithin(range);
            List<Interval> brute = new java.util.ArrayList<>();
            for (long end = range.start() - width; end <= range.end() + width; end++) {
                if (grid.isOnGrid(end) && range.contains(Interval.of(end - width, end))) {
                    brute.add(Interval.of(end - width, end));
                }
            }
            assertThat(panes).isEqualTo(brute);
            assertThat(grid.paneCount(range)).isEqualTo(brute.size());
            Interval covered = grid.coveredPart(range);
            if (brute.isEmpty()) {
                assertThat(covered).isNull();
            } else {
                assertThat(covered)
                        .isEqualTo(Interval.of(
                                brute.getFirst().start(), brute.getLast().end()));
            }
        }
    }
}
