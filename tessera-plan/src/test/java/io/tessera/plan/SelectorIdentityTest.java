package io.tessera.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import io.tessera.plan.lowering.PromqlLowering;
import io.tessera.promql.Parser;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Matchers written in another order are one Scan; only absent's labels see the written order. */
class SelectorIdentityTest {

    private static <T extends PlanNode> List<T> nodes(PhysicalDag dag, Class<T> kind) {
        List<T> out = new ArrayList<>();
        for (PlanNode n : dag.nodes()) {
            if (kind.isInstance(n)) {
                out.add(kind.cast(n));
            }
        }
        return out;
    }

    private static PhysicalDag lower(String query) {
        return PromqlLowering.lowerQuery(Parser.parse(query), PromqlLowering.DEFAULT_LOOKBACK_MS);
    }

    @Test
    void selectorsThatDifferOnlyInWrittenOrderShareOneScan() {
        PhysicalDag dag = lower("x{a=\"1\", b!=\"2\"} + x{b!=\"2\", a=\"1\"}");
        assertThat(nodes(dag, Scan.class)).hasSize(1);
        assertThat(nodes(dag, TimeRange.class)).hasSize(1);
        assertThat(lower("rate(x{b!=\"2\", a=\"1\"}[5m])").nodes())
                .isEqualTo(lower("rate(x{a=\"1\", b!=\"2\"}[5m])").nodes());
    }

    @Test
    void absentLabelsComeFromTheWrittenOrderWhileTheScanStaysCanonical() {
        PhysicalDag setLast = lower("absent(x{a!=\"1\", a=\"1\"})");
        PhysicalDag deletedLast = lower("absent(x{a=\"1\", a!=\"1\"})");
        assertThat(nodes(setLast, Scan.class)).isEqualTo(nodes(deletedLast, Scan.class));
        assertThat(nodes(setLast, InstantFunction.class).getFirst().absentLabels())
                .isEqualTo(Labels.of("a", "1"));
        assertThat(nodes(deletedLast, InstantFunction.class).getFirst().absentLabels())
                .isEqualTo(Labels.EMPTY);
    }
}
