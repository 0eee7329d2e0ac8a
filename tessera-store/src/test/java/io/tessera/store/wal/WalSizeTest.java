package io.tessera.store.wal;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import io.tessera.store.raw.AppendRequest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bytes per sample the log takes on disk for a scrape-like load: 1,000 series on 10 targets
 * scraped every 10 s for an hour, sent as remote write sends them (batches of at most 500
 * samples, in scrape order), values a mix of integer and fractional counters and gauges. Prints
 * the figure of this format and of format 1 (labels in every record) for the same requests.
 */
class WalSizeTest {

    private static final int TARGETS = 10;
    private static final int SERIES_PER_TARGET = 100;
    private static final int SCRAPES = 360;
    private static final int BATCH = 500;

    @TempDir
    Path tmp;

    @Test
    void aScrapeLikeLoadTakesAFractionOfTheBytesPerSampleItTookWithLabelsInEveryRecord() throws IOException {
        List<AppendRequest> requests = scrapeLoad(new SplittableRandom(42));
        long samples = requests.stream().mapToLong(AppendRequest::sampleCount).sum();
        Path dir = tmp.resolve("data");
        try (DurableRawStore store = DurableRawStore.open(dir, DataDirs.CONFIG, WalOptions.DEFAULTS)) {
            for (AppendRequest r : requests) {
                store.append(r);
            }
        }
        long bytes = walBytes(dir);
        long formatOne = Segments.HEADER;
        for (AppendRequest r : requests) {
            formatOne += SampleRecords.frame(r).length;
        }
        double perSample = (double) bytes / samples;
        double formatOnePerSample = (double) formatOne / samples;
        System.out.printf(
                "WAL on disk for %d samples (%d series, %d s scrapes, batches of %d): format 2 %d bytes = %.2f bytes/sample;"
                        + " format 1 %d bytes = %.2f bytes/sample; ratio %.1f%n",
                samples,
                TARGETS * SERIES_PER_TARGET,
                10,
                BATCH,
                bytes,
                perSample,
                formatOne,
                formatOnePerSample,
                formatOnePerSample / perSample);
        assertThat(perSample).as("bytes per sample").isLessThan(12);
        assertThat(formatOnePerSample / perSample)
                .as("times smaller than format 1")
                .isGreaterThan(4);
        try (DurableRawStore again = DurableRawStore.open(dir, DataDirs.CONFIG, WalOptions.DEFAULTS)) {
            assertThat(again.recovery().samples()).isEqualTo(samples);
        }
    }

    /** Scrapes in time order; each batch holds consecutive samples of the scrape, one per series. */
    static List<AppendRequest> scrapeLoad(SplittableRandom random) {
        Labels[][] series = new Labels[TARGETS][SERIES_PER_TARGET];
        double[][] value = new double[TARGETS][SERIES_PER_TARGET];
        for (int t = 0; t < TARGETS; t++) {
            for (int s = 0; s < SERIES_PER_TARGET; s++) {
                String name = switch (s % 5) {
                    case 0, 1 -> "http_requests_total";
                    case 2 -> "process_cpu_seconds_total";
                    case 3 -> "process_resident_memory_bytes";
                    default -> "node_load1";
                };
                series[t][s] = Labels.of(
                        "__name__",
                        name,
                        "instance",
                        "10.0.0." + t + ":9100",
                        "job",
                        "node",
                        "handler",
                        "/api/v" + s,
                        "code",
                        s % 2 == 0 ? "200" : "500");
                value[t][s] = random.nextInt(100_000);
            }
        }
        long start = 1_767_225_600_000L;
        List<AppendRequest> out = new ArrayList<>();
        AppendRequest.Builder batch = AppendRequest.builder();
        int inBatch = 0;
        for (int scrape = 0; scrape < SCRAPES; scrape++) {
            for (int t = 0; t < TARGETS; t++) {
                long ts = start + scrape * 10_000L + t * 997L + random.nextInt(5);
                for (int s = 0; s < SERIES_PER_TARGET; s++) {
                    value[t][s] = switch (s % 5) {
                        case 0, 1 -> value[t][s] + random.nextInt(50);
                        case 2 -> value[t][s] + random.nextInt(1000) / 100.0;
                        case 3 -> 4096.0 * (20_000 + random.nextInt(1000));
                        default -> random.nextDouble() * 4;
                    };
                    batch.series(series[t][s]).sample(ts, value[t][s]);
                    if (++inBatch == BATCH) {
                        out.add(batch.build());
                        batch = AppendRequest.builder();
                        inBatch = 0;
                    }
                }
            }
        }
        if (inBatch > 0) {
            out.add(batch.build());
        }
        return out;
    }

    private static long walBytes(Path dataDir) throws IOException {
        try (Stream<Path> files = Files.list(dataDir.resolve("wal"))) {
            return files.mapToLong(f -> f.toFile().length()).sum();
        }
    }
}
