package io.tessera.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tessera.core.Labels;
import io.tessera.core.LabelsInterner;
import io.tessera.ingest.InvalidSeriesException.Problem;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

class WriteBatchBuilderTest {

    @Test
    void growsPastItsInitialCapacityAndKeepsOffsets() {
        WriteBatchBuilder b = new WriteBatchBuilder(NameValidation.LEGACY, null, 1, 1);
        for (int s = 0; s < 100; s++) {
            for (int i = 0; i < s % 7; i++) {
                b.addSample(s * 1000L + i, s + i / 10.0);
            }
            b.endSeries(Labels.of("__name__", "m", "s", Integer.toString(s)));
        }
        WriteBatch batch = b.build();

        assertThat(batch.seriesCount()).isEqualTo(100);
        int expectedStart = 0;
        for (int s = 0; s < 100; s++) {
            assertThat(batch.sampleStart(s)).isEqualTo(expectedStart);
            expectedStart += s % 7;
            assertThat(batch.sampleEnd(s)).isEqualTo(expectedStart);
            assertThat(batch.labels(s).get("s")).isEqualTo(Integer.toString(s));
        }
        assertThat(batch.sampleCount()).isEqualTo(expectedStart);
    }

    @Test
    void validatesLabelsGivenAsLabels() {
        WriteBatchBuilder b = new WriteBatchBuilder(NameValidation.LEGACY);

        assertThat(problemOf(() -> b.endSeries(Labels.of("job", "a")))).isEqualTo(Problem.MISSING_METRIC_NAME);
        assertThat(problemOf(() -> b.endSeries(Labels.EMPTY))).isEqualTo(Problem.EMPTY_LABEL_SET);
        assertThat(problemOf(() -> b.endSeries(Labels.of("__name__", "a.b")))).isEqualTo(Problem.INVALID_METRIC_NAME);
        assertThat(problemOf(() -> b.endSeries(Labels.of("__name__", "ab", "x.y", "1"))))
                .isEqualTo(Problem.INVALID_LABEL_NAME);
    }

    @Test
    void utf8ValidationRejectsUnpairedSurrogates() {
        WriteBatchBuilder b = new WriteBatchBuilder(NameValidation.UTF8);
        b.endSeries(Labels.of("__name__", "a.b", "ünïcode", "1"));

        assertThat(problemOf(() -> b.endSeries(Labels.of("__name__", "ab", "x\uD800", "1"))))
                .isEqualTo(Problem.INVALID_LABEL_NAME);
    }

    @Test
    void sortsManyLabelsAndFindsDuplicatesAmongThem() {
        int n = 200;
        String[] names = new String[n];
        String[] values = new String[n];
        for (int i = 0; i < n; i++) {
            names[i] = "l" + ((i * 7919) % n);
            values[i] = "v" + i;
        }
        names[0] = "__name__";
        WriteBatchBuilder b = new WriteBatchBuilder(NameValidation.LEGACY);
        b.endSeries(names.clone(), values.clone(), n);
        String duplicated = names[2];
        names[1] = duplicated;

        InvalidSeriesException e =
                catchThrowableOfType(InvalidSeriesException.class, () -> b.endSeries(names, values, n));

        assertThat(b.seriesCount()).isEqualTo(1);
        assertThat(e.detail().problem()).isEqualTo(Problem.DUPLICATE_LABEL_NAME);
        assertThat(e.detail().labelName()).isEqualTo(duplicated);
        assertThat(e.getMessage()).contains("… ").contains(" more}");
    }

    @Test
    void aBuilderBuildsOnce() {
        WriteBatchBuilder b = new WriteBatchBuilder(NameValidation.LEGACY);
        b.build();

        assertThatThrownBy(b::build).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void samplesAfterTheLastSeriesAreDropped() {
        WriteBatchBuilder b = new WriteBatchBuilder(NameValidation.LEGACY, new LabelsInterner(), 4, 4);
        b.addSample(1, 1);
        b.endSeries(Labels.of("__name__", "up"));
        b.addSample(2, 2);

        assertThat(b.build().sampleCount()).isEqualTo(1);
    }

    private static Problem problemOf(ThrowingCallable endSeries) {
        return catchThrowableOfType(InvalidSeriesException.class, endSeries)
                .detail()
                .problem();
    }
}
