package io.tessera.exec.view.grid;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Ids by output labels and by raw labels (metric name skipped) agree with a map of the labels without the name. */
class SeriesIdsTest {

    @Test
    void rawAndOutputLabelsFindTheSameIds() {
        SplittableRandom random = new SplittableRandom(3);
        SeriesIds ids = new SeriesIds();
        Map<Labels, Integer> expected = new HashMap<>();
        for (int i = 0; i < 20_000; i++) {
            String[] pairs = random.nextBoolean()
                    ? new String[] {
                        "__name__",
                        "m" + random.nextInt(3),
                        "instance",
                        "i" + random.nextInt(3000),
                        "job",
                        "j" + random.nextInt(5)
                    }
                    : new String[] {"a", "v" + random.nextInt(50), "instance", "i" + random.nextInt(3000)};
            Labels raw = Labels.of(pairs);
            Labels series = raw.withoutMetricName();
            int id = random.nextBoolean() ? ids.idOfRaw(raw) : ids.idOf(series);
            Integer known = expected.putIfAbsent(series, expected.size());
            assertThat(id).as("%s", raw).isEqualTo(known == null ? expected.size() - 1 : known);
            assertThat(ids.labels(id)).isEqualTo(series);
        }
        assertThat(ids.size()).isEqualTo(expected.size());
    }
}
