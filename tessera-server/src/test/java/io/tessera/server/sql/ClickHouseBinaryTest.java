package io.tessera.server.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The binary formats' bytes for a small result, spelled out from the format documentation. */
class ClickHouseBinaryTest {

    private static final ClickHouseResult RESULT = new ClickHouseResult(
            List.of("h", "n", "x"),
            List.of(ClickHouseResult.Kind.STRING, ClickHouseResult.Kind.INT64, ClickHouseResult.Kind.FLOAT64),
            List.of(false, false, true),
            List.of(new Object[] {"ab", 300L, null}, new Object[] {"", -1L, 1.5}));

    private static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return b;
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    private static byte[] str(String s) {
        byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return concat(bytes(b.length), b);
    }

    // 300 = 0x12C little-endian; -1 all ones; 1.5 = 0x3FF8000000000000
    private static final byte[] N300 = bytes(0x2C, 0x01, 0, 0, 0, 0, 0, 0);
    private static final byte[] MINUS_ONE = bytes(0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF);
    private static final byte[] ONE_AND_A_HALF = bytes(0, 0, 0, 0, 0, 0, 0xF8, 0x3F);
    private static final byte[] ZERO = new byte[8];

    @Test
    void rowBinaryIsRowAfterRowWithANullFlagBeforeNullableValues() {
        byte[] rows = concat(str("ab"), N300, bytes(1), str(""), MINUS_ONE, bytes(0), ONE_AND_A_HALF);
        assertThat(ClickHouseBinary.rowBinary(RESULT, false, false)).isEqualTo(rows);
        byte[] header =
                concat(bytes(3), str("h"), str("n"), str("x"), str("String"), str("Int64"), str("Nullable(Float64)"));
        assertThat(ClickHouseBinary.rowBinary(RESULT, true, true)).isEqualTo(concat(header, rows));
        assertThat(ClickHouseBinary.rowBinary(RESULT, true, false))
                .isEqualTo(concat(bytes(3), str("h"), str("n"), str("x"), rows));
    }

    @Test
    void nativeIsOneBlockColumnAfterColumnWithANullMapFirst() {
        byte[] expected = concat(
                bytes(3, 2),
                str("h"),
                str("String"),
                str("ab"),
                str(""),
                str("n"),
                str("Int64"),
                N300,
                MINUS_ONE,
                str("x"),
                str("Nullable(Float64)"),
                bytes(1, 0),
                ZERO,
                ONE_AND_A_HALF);
        assertThat(ClickHouseBinary.nativeBlocks(RESULT)).isEqualTo(expected);
    }

    @Test
    void arraysAreALengthAndElementsInRowsAndOffsetsThenElementsInNative() {
        ClickHouseResult arrays = new ClickHouseResult(
                List.of("a"),
                List.of(ClickHouseResult.Kind.ARRAY_STRING),
                List.of(false),
                List.of(new Object[] {List.of("x", "yz")}, new Object[] {List.of()}, new Object[] {List.of("w")}));
        assertThat(ClickHouseBinary.rowBinary(arrays, true, true))
                .isEqualTo(concat(
                        bytes(1),
                        str("a"),
                        str("Array(String)"),
                        bytes(2),
                        str("x"),
                        str("yz"),
                        bytes(0),
                        bytes(1),
                        str("w")));
        assertThat(ClickHouseBinary.nativeBlocks(arrays))
                .isEqualTo(concat(
                        bytes(1, 3),
                        str("a"),
                        str("Array(String)"),
                        bytes(2, 0, 0, 0, 0, 0, 0, 0),
                        bytes(2, 0, 0, 0, 0, 0, 0, 0),
                        bytes(3, 0, 0, 0, 0, 0, 0, 0),
                        str("x"),
                        str("yz"),
                        str("w")));
    }

    @Test
    void nativeSplitsLargeResultsIntoBlocksAndWritesAHeaderForNoRows() {
        ClickHouseResult empty =
                new ClickHouseResult(List.of("n"), List.of(ClickHouseResult.Kind.INT64), List.of(false), List.of());
        assertThat(ClickHouseBinary.nativeBlocks(empty)).isEqualTo(concat(bytes(1, 0), str("n"), str("Int64")));
        Object[][] rows = new Object[ClickHouseBinary.BLOCK_ROWS + 1][];
        Arrays.setAll(rows, i -> new Object[] {(long) i});
        byte[] out = ClickHouseBinary.nativeBlocks(new ClickHouseResult(
                List.of("n"), List.of(ClickHouseResult.Kind.INT64), List.of(false), Arrays.asList(rows)));
        // first block: 1 column, 65536 rows (LEB128 80 80 04), then the second block of one row
        assertThat(Arrays.copyOf(out, 4)).isEqualTo(bytes(1, 0x80, 0x80, 0x04));
        int second = 4 + str("n").length + str("Int64").length + 8 * ClickHouseBinary.BLOCK_ROWS;
        assertThat(Arrays.copyOfRange(out, second, out.length))
                .isEqualTo(concat(bytes(1, 1), str("n"), str("Int64"), bytes(0, 0, 1, 0, 0, 0, 0, 0)));
    }
}
