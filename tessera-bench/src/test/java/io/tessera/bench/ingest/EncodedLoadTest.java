package io.tessera.bench.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import io.tessera.ingest.WriteBatch;
import io.tessera.ingest.remote.RemoteWriteDecoder;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EncodedLoadTest {

    private static final LoadShape SHAPE = new LoadShape(1_000, 200, 10, 10_000, 3, 1_700_000_000_000L);

    @Test
    void everySeriesIsSentByOneConnectionWithRisingTimestampsAcrossRoundsAddedLater() throws Exception {
        EncodedLoad load = new EncodedLoad(SHAPE, 7);
        load.ensureRounds(2);
        load.ensureRounds(5);
        RemoteWriteDecoder decoder = new RemoteWriteDecoder();
        Map<Labels, Integer> owner = new HashMap<>();
        Map<Labels, Long> lastTime = new HashMap<>();
        long samples = 0;
        for (int c = 0; c < SHAPE.connections(); c++) {
            List<byte[]> bodies = load.bodies(c, 0, 5);
            assertThat(bodies).hasSize(5 * SHAPE.groupsOf(c).length);
            for (byte[] body : bodies) {
                WriteBatch batch = decoder.decode(body);
                assertThat(batch.seriesCount()).isEqualTo(SHAPE.seriesPerRequest());
                for (int s = 0; s < batch.seriesCount(); s++) {
                    Labels labels = batch.labels(s);
                    assertThat(owner.putIfAbsent(labels, c))
                            .as("connection of %s", labels)
                            .isIn(null, c);
                    for (int i = batch.sampleStart(s); i < batch.sampleEnd(s); i++) {
                        Long previous = lastTime.put(labels, batch.timestamp(i));
                        assertThat(previous == null || previous < batch.timestamp(i))
                                .as("time order of %s", labels)
                                .isTrue();
                        samples++;
                    }
                }
            }
        }
        assertThat(owner).hasSize(SHAPE.series());
        assertThat(samples).isEqualTo(5 * SHAPE.samplesPerRound());
    }

    @Test
    void theSameSeedEncodesTheSameBytes() throws Exception {
        EncodedLoad a = new EncodedLoad(SHAPE, 11);
        EncodedLoad b = new EncodedLoad(SHAPE, 11);
        a.ensureRounds(3);
        b.ensureRounds(1);
        b.ensureRounds(3);
        for (int c = 0; c < SHAPE.connections(); c++) {
            assertThat(a.bodies(c, 0, 3))
                    .zipSatisfy(b.bodies(c, 0, 3), (x, y) -> assertThat(x).isEqualTo(y));
        }
    }
}
