package io.tessera.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.plan.NumberLiteral;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.PlanNode;
import io.tessera.plan.lowering.PromqlLowering;
import io.tessera.promql.Parser;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class MemoizedRewritesTest {

    private final AtomicInteger calls = new AtomicInteger();
    /** A rewriter whose every answer is new: the memo must hand back the first one for an equal DAG. */
    private final MemoizedRewrites memo = new MemoizedRewrites(dag -> {
        calls.incrementAndGet();
        return new PhysicalDag(List.<PlanNode>of(new NumberLiteral(calls.get())), List.of(0));
    });

    private static PhysicalDag lowered(String query) {
        return PromqlLowering.lowerQuery(Parser.parse(query), 300_000);
    }

    @Test
    void aQueryLoweredAgainIsRewrittenOnce() {
        PhysicalDag first = memo.rewrite(lowered("sum by (job) (rate(c{job=~\"a.*\"}[5m]))"));
        PhysicalDag again = memo.rewrite(lowered("sum by (job) (rate(c{job=~\"a.*\"}[5m]))"));

        assertThat(again).isSameAs(first);
        assertThat(calls).hasValue(1);
    }

    @Test
    void queriesThatDifferInAnyPartAreRewrittenEachOnItsOwn() {
        List<String> queries = List.of(
                "quantile_over_time(0.99, x[1h])",
                "quantile_over_time(0.5, x[1h])",
                "quantile_over_time(0.5, x[30m])",
                "quantile_over_time(0.5, x{job=\"a\"}[30m])",
                "quantile_over_time(0.5, x[30m] offset 1m)",
                "quantile_over_time(0.5, x[30m] @ 1700000000)");
        for (String q : queries) {
            memo.rewrite(lowered(q));
        }

        assertThat(calls).hasValue(queries.size());
        assertThat(memo.size()).isEqualTo(queries.size());
    }

    @Test
    void startsOverPastItsCapacity() {
        for (int i = 0; i <= MemoizedRewrites.CAPACITY; i++) {
            memo.rewrite(lowered("x + " + i));
        }

        assertThat(memo.size()).isEqualTo(1);
        assertThat(calls).hasValue(MemoizedRewrites.CAPACITY + 1);
    }
}
