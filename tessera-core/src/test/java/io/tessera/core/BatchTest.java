package io.tessera.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BatchTest {

    @Test
    void holdsTypedColumnsOfTheSchema() {
        Labels l = Labels.of("__name__", "x");
        Batch b = new Batch(
                Schema.TIME_SERIES, 2, new long[] {1, 2, 0}, new double[] {0.5, StaleMarker.VALUE, 0}, new Labels[] {
                    l, l, null
                });
        assertThat(b.rowCount()).isEqualTo(2);
        assertThat(b.longs(Schema.TS)).startsWith(1, 2);
        assertThat(StaleMarker.isStale(b.doubles(Schema.VALUE)[1])).isTrue();
        assertThat(b.labels(2)[0]).isSameAs(l);
    }

    @Test
    void rejectsWrongTypesShortColumnsAndDuplicateNames() {
        assertThatThrownBy(() -> new Batch(Schema.TIME_SERIES, 1, new double[] {1}, new double[] {1}, new Labels[1]))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("column ts of type LONG");
        assertThatThrownBy(() -> new Batch(Schema.TIME_SERIES, 3, new long[2], new double[3], new Labels[3]))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("has 2 rows, batch 3");
        assertThatThrownBy(() -> Schema.of(new Column("a", ColumnType.LONG), new Column("a", ColumnType.DOUBLE)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("duplicate column");
        assertThatThrownBy(() -> Schema.TIME_SERIES.require("nope")).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void staleMarkerIsOneExactNaN() {
        assertThat(Double.isNaN(StaleMarker.VALUE)).isTrue();
        assertThat(StaleMarker.isStale(Double.NaN)).isFalse();
        assertThat(StaleMarker.isStale(StaleMarker.VALUE)).isTrue();
        assertThat(Double.doubleToRawLongBits(StaleMarker.VALUE)).isEqualTo(0x7ff0000000000002L);
    }
}
