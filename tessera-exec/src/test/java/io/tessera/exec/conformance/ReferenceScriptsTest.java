package io.tessera.exec.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

class ReferenceScriptsTest {

    @Test
    void everyReferenceScriptParses() {
        Path dir = ReferenceTests.directory().orElse(null);
        Assumptions.assumeTrue(dir != null, "no shared/reference/promql-tests folder above the working directory");
        List<Path> files = ReferenceTests.files(dir);
        assertThat(files).isNotEmpty();
        int evals = 0;
        for (Path file : files) {
            TestScript script = TestScript.read(file);
            long histogramEvals = script.evals().stream().filter(e -> e.unsupported().isPresent()).count();
            System.out.printf("%s: %d commands, %d loads, %d evals (%d expect native histograms)%n",
                    script.name(), script.commands().size(), script.loads().size(), script.evals().size(),
                    histogramEvals);
            assertThat(script.evals()).as(script.name()).isNotEmpty();
            evals += script.evals().size();
        }
        assertThat(evals).isGreaterThan(500);
    }
}
