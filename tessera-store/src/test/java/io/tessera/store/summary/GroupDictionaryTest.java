package io.tessera.store.summary;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class GroupDictionaryTest {

    @Test
    void aGuessedIdIsTakenOnlyWhenItHoldsThatVeryLabelSet() {
        SplittableRandom rnd = new SplittableRandom(17);
        Labels[] shared = new Labels[50];
        for (int i = 0; i < shared.length; i++) {
            shared[i] = Labels.of("instance", "i" + i);
        }
        GroupDictionary dictionary = new GroupDictionary();
        Map<Labels, Integer> model = new HashMap<>();
        int previous = -1;
        for (int row = 0; row < 20_000; row++) {
            int g = switch (rnd.nextInt(4)) {
                case 0 -> rnd.nextInt(shared.length);
                default -> (previous + 1) % shared.length; // mostly the order ids were given in
            };
            // now and then an equal label set that is another object, so the identity check must miss
            Labels group = rnd.nextInt(10) == 0 ? Labels.of("instance", "i" + g) : shared[g];
            int guess = rnd.nextInt(8) == 0 ? rnd.nextInt(shared.length + 5) - 2 : previous + 1;
            int id = dictionary.idOf(group, guess);
            int expected = model.computeIfAbsent(group, k -> model.size());
            assertThat(id).as("row %d", row).isEqualTo(expected);
            assertThat(dictionary.labels()[id]).isEqualTo(group);
            previous = id;
        }
        assertThat(dictionary.size()).isEqualTo(shared.length);
    }
}
