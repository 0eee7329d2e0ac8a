package io.tessera.ingest;

import static org.assertj.core.api.Assertions.assertThat;

/** Field-by-field comparison of write batches, with values compared by their bits. */
public final class Batches {

    private Batches() {}

    public static void assertSameContent(WriteBatch actual, WriteBatch expected) {
        assertThat(actual.seriesCount()).isEqualTo(expected.seriesCount());
        assertThat(actual.sampleCount()).isEqualTo(expected.sampleCount());
        for (int s = 0; s < expected.seriesCount(); s++) {
            assertThat(actual.labels(s)).as("labels of series %d", s).isEqualTo(expected.labels(s));
            assertThat(actual.sampleStart(s)).as("start of series %d", s).isEqualTo(expected.sampleStart(s));
            assertThat(actual.sampleEnd(s)).as("end of series %d", s).isEqualTo(expected.sampleEnd(s));
        }
        for (int i = 0; i < expected.sampleCount(); i++) {
            assertThat(actual.timestamp(i)).as("timestamp %d", i).isEqualTo(expected.timestamp(i));
            assertThat(Double.doubleToRawLongBits(actual.value(i)))
                    .as("value bits %d", i)
                    .isEqualTo(Double.doubleToRawLongBits(expected.value(i)));
        }
        assertThat(actual.skipped()).isEqualTo(expected.skipped());
    }
}
