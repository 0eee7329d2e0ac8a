package io.tessera.ingest.views;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import io.tessera.store.StoreDataStore;
import io.tessera.store.raw.AppendRequest;
import io.tessera.store.raw.RawStore;
import io.tessera.store.summary.SummaryStore;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The watermark of time series follows the newest sample, but never past the server's clock. */
class WatermarkClockTest {

    private static final long LATENESS = 30_000;
    private static final long NOW = 1_767_225_600_000L;

    private final AtomicLong clock = new AtomicLong(NOW);
    private final SummaryStore summaries = new SummaryStore();
    private final ViewMaintainer maintainer =
            new ViewMaintainer(summaries, new StoreDataStore(new RawStore(), summaries), LATENESS, clock::get);

    private void accept(String instance, long t) {
        maintainer.accepted(AppendRequest.builder()
                .series(Labels.of("__name__", "up", "instance", instance))
                .sample(t, 1)
                .build());
    }

    @Test
    void samplesBehindTheClockMoveTheWatermark() {
        accept("a", NOW - 60_000);
        assertThat(maintainer.watermark()).isEqualTo(NOW - 60_000 - LATENESS);
        accept("a", NOW - 10_000);
        assertThat(maintainer.watermark()).isEqualTo(NOW - 10_000 - LATENESS);
    }

    @Test
    void oneSeriesAheadOfTheClockCannotMoveTheWatermarkPastIt() {
        accept("a", NOW - 10_000);
        accept("fast_clock", NOW + 5 * 60_000);

        assertThat(maintainer.watermark()).isEqualTo(NOW - LATENESS);
        clock.set(NOW + 60_000);
        assertThat(maintainer.watermark()).as("the clock moved on").isEqualTo(NOW + 60_000 - LATENESS);
        clock.set(NOW + 10 * 60_000);
        assertThat(maintainer.watermark())
                .as("the clock passed the newest sample")
                .isEqualTo(NOW + 5 * 60_000 - LATENESS);
    }
}
