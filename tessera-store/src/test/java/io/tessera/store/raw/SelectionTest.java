package io.tessera.store.raw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.InvalidInputException;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SelectionTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void postingsSelectionEqualsBruteForce(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        RawStore store = new RawStore();
        TreeSet<Labels> all = new TreeSet<>();
        for (int i = 0; i < 150; i++) {
            Labels labels = TestMatchers.series(random).with("n", Integer.toString(random.nextInt(40)));
            if (all.add(labels)) {
                store.append(
                        AppendRequest.builder().series(labels).sample(1000, i).build());
            }
        }
        for (int q = 0; q < 300; q++) {
            List<LabelMatcher> matchers = TestMatchers.matchers(random);
            if (random.nextBoolean()) {
                matchers = new ArrayList<>(matchers);
                matchers.add(LabelMatcher.regex("n", random.nextBoolean() ? "1.*" : ".*"));
            }
            List<Labels> expected = new ArrayList<>();
            for (Labels l : all) {
                if (TestMatchers.matchesAll(matchers, l)) {
                    expected.add(l);
                }
            }
            List<Labels> actual = new ArrayList<>();
            SeriesCursor cursor = store.selectUnchecked(matchers, RawStore.ALL_TIME);
            while (cursor.nextSeries()) {
                actual.add(cursor.labels());
            }
            assertThat(actual).as("%s", matchers).isEqualTo(expected);
        }
    }

    @Test
    void aRepeatedSelectionSeesTheSeriesAddedAndDroppedSinceItWasLastAnswered() {
        RawStore store = new RawStore(RawStoreConfig.defaults().withRetention(1_000));
        List<LabelMatcher> selector = List.of(LabelMatcher.equal("__name__", "m"), LabelMatcher.regex("n", "[0-4].*"));
        TreeSet<Labels> live = new TreeSet<>();
        SplittableRandom random = new SplittableRandom(11);
        long now = 10_000;
        for (int round = 0; round < 40; round++) {
            for (int i = 0; i < 5; i++) {
                Labels l = Labels.of("__name__", "m", "n", Integer.toString(random.nextInt(100)));
                store.append(AppendRequest.builder().series(l).sample(++now, 1).build());
                live.add(l);
            }
            if (round % 7 == 6) {
                now += 5_000;
                store.applyRetention(now);
                live.clear();
            }
            for (int again = 0; again < 2; again++) {
                List<Labels> actual = new ArrayList<>();
                SeriesCursor cursor = store.selectUnchecked(selector, RawStore.ALL_TIME);
                while (cursor.nextSeries()) {
                    actual.add(cursor.labels());
                }
                assertThat(actual)
                        .as("round %d", round)
                        .isEqualTo(live.stream()
                                .filter(l -> TestMatchers.matchesAll(selector, l))
                                .toList());
            }
        }
    }

    @Test
    void emptyValueMatchersSelectSeriesWithoutTheLabel() {
        RawStore store = new RawStore();
        Labels bare = Labels.of("__name__", "m");
        Labels bar = Labels.of("__name__", "m", "foo", "bar");
        Labels x = Labels.of("__name__", "m", "foo", "x");
        for (Labels l : List.of(bare, bar, x)) {
            store.append(AppendRequest.builder().series(l).sample(10, 1).build());
        }
        LabelMatcher name = LabelMatcher.equal("__name__", "m");
        assertThat(store.series(List.of(name, LabelMatcher.equal("foo", "")), RawStore.ALL_TIME))
                .containsExactly(bare);
        assertThat(store.series(List.of(name, LabelMatcher.notEqual("foo", "bar")), RawStore.ALL_TIME))
                .containsExactly(bare, x);
        assertThat(store.series(List.of(name, LabelMatcher.regex("foo", "|x")), RawStore.ALL_TIME))
                .containsExactly(bare, x);
        assertThat(store.series(List.of(name, LabelMatcher.notRegex("foo", ".+")), RawStore.ALL_TIME))
                .containsExactly(bare);
        assertThat(store.series(List.of(LabelMatcher.notEqual("foo", "")), RawStore.ALL_TIME))
                .containsExactly(bar, x);
        assertThat(store.series(List.of(), RawStore.ALL_TIME)).containsExactly(bare, bar, x);
    }

    @Test
    void selectorsOfOnlyEmptyMatchersAreRejected() {
        RawStore store = new RawStore();
        for (List<LabelMatcher> matchers : List.of(
                List.of(LabelMatcher.equal("foo", "")),
                List.of(LabelMatcher.regex("foo", ".*"), LabelMatcher.notEqual("bar", "x")),
                List.of(LabelMatcher.notRegex("foo", ".+")))) {
            assertThatThrownBy(() -> store.select(matchers, RawStore.ALL_TIME))
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessage("vector selector must contain at least one non-empty matcher");
            assertThatThrownBy(() -> store.labelNames(matchers, RawStore.ALL_TIME))
                    .isInstanceOf(InvalidInputException.class);
            assertThatThrownBy(() -> VectorSelectors.requireNonEmptyMatcher(matchers))
                    .isInstanceOf(InvalidInputException.class);
        }
        VectorSelectors.requireNonEmptyMatcher(List.of(LabelMatcher.regex("foo", ".+")));
    }

    @Test
    void listingsWithoutMatchersComeFromTheIndex() {
        RawStore store = new RawStore();
        store.append(AppendRequest.builder()
                .series(Labels.of("__name__", "a", "job", "x"))
                .sample(10, 1)
                .series(Labels.of("__name__", "b", "job", "y", "env", "p"))
                .sample(20, 1)
                .build());
        assertThat(store.labelNames(List.of(), RawStore.ALL_TIME)).containsExactly("__name__", "env", "job");
        assertThat(store.labelValues("job", List.of(), RawStore.ALL_TIME)).containsExactly("x", "y");
        assertThat(store.labelValues("nope", List.of(), RawStore.ALL_TIME)).isEmpty();
        assertThat(store.labelValues("job", List.of(), io.tessera.core.Interval.of(10, 20)))
                .containsExactly("y");
        assertThat(store.labelNames(List.of(), io.tessera.core.Interval.of(0, 10)))
                .containsExactly("__name__", "job");
    }
}
