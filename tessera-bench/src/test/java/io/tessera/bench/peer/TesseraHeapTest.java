package io.tessera.bench.peer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TesseraHeapTest {

    @Test
    void heapIsTwiceRawAndViewsPlusTheFixedPart() {
        assertThat(TesseraHeap.forSamples(0)).isEqualTo("256m");
        // dataset b at full size with its streamed steps: 2,000 series x 7,500 scrapes
        assertThat(TesseraHeap.forSamples(15_000_000)).isEqualTo(256 + 401 + "m");
    }

    @Test
    void heapGrowsWithTheData() {
        assertThat(TesseraHeap.forSamples(1_000_000)).isEqualTo(256 + 27 + "m");
        assertThat(TesseraHeap.forSamples(100_000_000)).isEqualTo(256 + 2_671 + "m");
    }
}
