package io.tessera.bench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.bench.Peers;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code bench compare --quick} end to end against a real Prometheus: the report and both plots
 * are written, every query of the suite has its row, and every error cell holds a finite error
 * measured against Prometheus' answer. Timings are reported, never asserted.
 */
class CompareBenchQuickTest {

    private static final Pattern ROW = Pattern.compile(
            "^\\| (\\d+) \\| (.+?) \\| (instant|range) \\| (grid view|pane view|exact|mixed) \\|(.*)$",
            Pattern.MULTILINE);
    private static final Pattern ERROR = Pattern.compile("(rel|rank) (\\S+)");

    @Test
    void quickRunWritesTheReportWithEveryQueryAndItsErrors() throws Exception {
        Peers.assumePrometheusInstalled("bench compare --quick");
        Path dir = Path.of("target", "bench-compare-test");
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream original = System.out;
        int status;
        try (PrintStream tee = new PrintStream(new TeeStream(original, captured), true, StandardCharsets.UTF_8)) {
            System.setOut(tee);
            status = new CommandLine(new CompareBenchCommand()).execute("--quick", "--output", dir.toString());
        } finally {
            System.setOut(original);
        }
        assertThat(status).as(captured.toString(StandardCharsets.UTF_8)).isZero();

        Path report = dir.resolve("compare-2000.md");
        assertThat(dir.resolve("compare-2000-latency.png")).isNotEmptyFile();
        assertThat(dir.resolve("compare-2000-ratio.png")).isNotEmptyFile();
        String md = Files.readString(report);
        List<String> names = new ArrayList<>();
        Matcher m = ROW.matcher(md);
        while (m.find()) {
            names.add(m.group(2));
            List<Double> errors = new ArrayList<>();
            Matcher e = ERROR.matcher(m.group(5));
            while (e.find()) {
                errors.add(Double.parseDouble(e.group(2)));
            }
            assertThat(errors)
                    .as("error and exact-error cells of " + m.group(0))
                    .hasSize(2);
            assertThat(errors)
                    .as(m.group(0))
                    .allSatisfy(x -> assertThat(x).isFinite().isGreaterThanOrEqualTo(0.0));
        }
        assertThat(names).hasSize(CompareQueries.all().size());
        for (int i = 0; i < names.size(); i++) {
            assertThat(names.get(i)).startsWith(CompareQueries.all().get(i).name());
        }
        assertThat(md).contains("ingest rate").contains("resident memory").contains("samples/s");
        assertThat(captured.toString(StandardCharsets.UTF_8)).contains("queries answered from views");
    }

    /** Writes to two streams: the console and the captured copy. */
    private static final class TeeStream extends java.io.OutputStream {
        private final java.io.OutputStream a;
        private final java.io.OutputStream b;

        TeeStream(java.io.OutputStream a, java.io.OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(int x) throws java.io.IOException {
            a.write(x);
            b.write(x);
        }

        @Override
        public void write(byte[] buf, int off, int len) throws java.io.IOException {
            a.write(buf, off, len);
            b.write(buf, off, len);
        }
    }
}
