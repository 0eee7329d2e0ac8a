package io.tessera.exec.op;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import org.junit.jupiter.api.Test;

class PromTextTest {

    @Test
    void labelsPrintLikePrometheus() {
        assertThat(PromText.labels(Labels.of("__name__", "up", "job", "a\"b\n")))
                .isEqualTo("{__name__=\"up\", job=\"a\\\"b\\n\"}");
        assertThat(PromText.labels(Labels.EMPTY)).isEqualTo("{}");
    }
}
