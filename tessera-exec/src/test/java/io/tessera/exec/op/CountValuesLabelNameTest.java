package io.tessera.exec.op;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.Labels;
import io.tessera.exec.PromqlEngine;
import io.tessera.exec.QueryResult;
import io.tessera.exec.context.QueryExecutionException;
import io.tessera.exec.memory.InMemoryDataStore;
import org.junit.jupiter.api.Test;

/**
 * count_values' label name is checked as Prometheus 3 checks it
 * ({@code model.UTF8Validation.IsValidLabelName}): any non-empty valid UTF-8 name is accepted,
 * the empty name fails as an execution error ({@code invalid label name ""}).
 */
class CountValuesLabelNameTest {

    private final PromqlEngine engine = new PromqlEngine(PromqlEngine.Options.DEFAULTS);
    private final InMemoryDataStore store = new InMemoryDataStore();

    CountValuesLabelNameTest() {
        store.add(Labels.of("__name__", "version", "job", "a"), new long[] {0}, new double[] {6});
        store.add(Labels.of("__name__", "version", "job", "b"), new long[] {0}, new double[] {6});
    }

    @Test
    void aNameWithASpaceIsAValidUtf8Name() {
        QueryResult r = engine.instant("count_values(\"bad label\", version)", 60_000, store);
        assertThat(((QueryResult.VectorResult) r).samples()).singleElement().satisfies(s -> {
            assertThat(s.labels()).isEqualTo(Labels.of("bad label", "6"));
            assertThat(s.value()).isEqualTo(2);
        });
    }

    @Test
    void theEmptyNameFails() {
        assertThatThrownBy(() -> engine.instant("count_values(\"\", version)", 60_000, store))
                .isInstanceOf(QueryExecutionException.class)
                .hasMessage("invalid label name \"\"");
    }
}
