package io.tessera.exec.op;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LabelsHashTest {

    private static long xxh64(String s) {
        byte[] b = s.getBytes(StandardCharsets.ISO_8859_1);
        return LabelsHash.xxh64(b, b.length);
    }

    @Test
    void xxh64MatchesTheReferenceVectors() {
        assertThat(xxh64("")).isEqualTo(0xef46db3751d8e999L);
        assertThat(xxh64("a")).isEqualTo(0xd24ec4f1a98c6e5bL);
        assertThat(xxh64("as")).isEqualTo(0x1c330fb2d66be179L);
        assertThat(xxh64("asd")).isEqualTo(0x631c37ce72a97393L);
        assertThat(xxh64("asdf")).isEqualTo(0x415872f599cea71eL);
        assertThat(xxh64("Call me Ishmael. Some years ago--never mind how long precisely-"))
                .isEqualTo(0x02a2e85470d6fd96L);
        assertThat(xxh64("0123456789abcdef")).isEqualTo(0x5c5b90c34e376d0bL);
        assertThat(xxh64("0123456789abcdef0123456789abcdef")).isEqualTo(0x642a94958e71e6c5L);
        assertThat(xxh64("abcdefghijklmnopqrstuvwxyz012345")).isEqualTo(0xbf2cd639b4143b80L);
    }

    @Test
    void labelsHashIsXxh64OfNamesAndValuesEachFollowedBy0xff() {
        Labels labels = Labels.of("job", "api", "__name__", "up");
        assertThat(LabelsHash.of(labels)).isEqualTo(xxh64("__name__\u00ffup\u00ffjob\u00ffapi\u00ff"));
        assertThat(LabelsHash.of(Labels.EMPTY)).isEqualTo(xxh64(""));
    }

    @Test
    void unsignedConversionRoundsLikeGo() {
        assertThat(LabelsHash.unsignedToDouble(-1L)).isEqualTo(18446744073709551615.0);
        assertThat(LabelsHash.unsignedToDouble(Long.MIN_VALUE)).isEqualTo(9223372036854775808.0);
        assertThat(LabelsHash.unsignedToDouble(12345L)).isEqualTo(12345.0);
        assertThat(LabelsHash.unsignedToDouble(0x8000000000000401L))
                .isEqualTo(new java.math.BigDecimal(Long.toUnsignedString(0x8000000000000401L)).doubleValue());
    }
}
