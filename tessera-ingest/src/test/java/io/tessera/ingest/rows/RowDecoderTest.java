package io.tessera.ingest.rows;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.Batch;
import io.tessera.core.Column;
import io.tessera.core.ColumnType;
import io.tessera.core.InvalidInputException;
import io.tessera.core.TableSchema;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class RowDecoderTest {

    static final TableSchema REQUESTS = new TableSchema(
            "requests",
            "ts",
            List.of(new Column("host", ColumnType.STRING), new Column("status", ColumnType.LONG)),
            List.of(new Column("latency", ColumnType.DOUBLE)));

    /** 2026-01-01T00:00:00Z in epoch milliseconds. */
    static final long NEW_YEAR = 1_767_225_600_000L;

    static DecodedRows json(String body) {
        return RowDecoder.decode(REQUESTS, RowFormat.JSON_LINES, body.getBytes(StandardCharsets.UTF_8));
    }

    static DecodedRows csv(String body) {
        return RowDecoder.decode(REQUESTS, RowFormat.CSV, body.getBytes(StandardCharsets.UTF_8));
    }

    static void assertFails(Runnable decode, int line, String column, String reason) {
        assertThatThrownBy(decode::run).isInstanceOfSatisfying(RowFormatException.class, e -> {
            assertThat(e.detail().line()).as("line of: " + e.getMessage()).isEqualTo(line);
            assertThat(e.detail().column()).as("column of: " + e.getMessage()).isEqualTo(column);
            assertThat(e.detail().reason()).contains(reason);
        });
    }

    @Test
    void jsonLinesGiveTypedColumnsWithTheirLines() {
        DecodedRows d = json("""
                {"ts": 1000, "host": "a", "status": 200, "latency": 1.5}

                {"latency": -2, "status": 500, "host": "b\\u00e9", "ts": "2026-01-01T02:00:00.123+02:00"}\r
                {"ts": "2026-01-01t00:00:00z", "host": "", "status": -9223372036854775808, "latency": 1e300}
                """);
        Batch b = d.rows();
        assertThat(b.schema()).isEqualTo(REQUESTS.rowSchema());
        assertThat(b.rowCount()).isEqualTo(3);
        assertThat(d.lines()).containsExactly(1, 3, 4);
        assertThat(b.longs(0)).startsWith(1000L, NEW_YEAR + 123, NEW_YEAR);
        assertThat(b.strings(1)).startsWith("a", "b\u00e9", "");
        assertThat(b.longs(2)).startsWith(200L, 500L, Long.MIN_VALUE);
        assertThat(b.doubles(3)).startsWith(1.5, -2.0, 1e300);
    }

    @Test
    void csvFollowsRfc4180Quoting() {
        DecodedRows d = csv("latency,host,ts,status\r\n"
                + "0.25,\"a,b\",1000,200\r\n"
                + "\r\n"
                + "-1e-3,\"say \"\"hi\"\"\nthere\",2026-01-01T00:00:00.999Z,404\n"
                + "NaN,plain,2026-01-01 00:00:01-00:30,1");
        Batch b = d.rows();
        assertThat(b.rowCount()).isEqualTo(3);
        assertThat(d.lines()).containsExactly(2, 4, 6);
        assertThat(b.longs(0)).startsWith(1000L, NEW_YEAR + 999, NEW_YEAR + 1000 + 1_800_000);
        assertThat(b.strings(1)).startsWith("a,b", "say \"hi\"\nthere", "plain");
        assertThat(b.longs(2)).startsWith(200L, 404L, 1L);
        assertThat(b.doubles(3)[0]).isEqualTo(0.25);
        assertThat(b.doubles(3)[1]).isEqualTo(-0.001);
        assertThat(b.doubles(3)[2]).isNaN();
    }

    @Test
    void jsonErrorsNameLineAndColumn() {
        String good = "{\"ts\": 1, \"host\": \"a\", \"status\": 1, \"latency\": 1}\n";
        assertFails(
                () -> json(good + "{\"ts\": 1, \"host\": \"a\", \"status\": 1, \"latency\": 1, \"colour\": \"red\"}"),
                2,
                "colour",
                "no such column");
        assertFails(() -> json(good + good + "{\"host\": \"a\", \"status\": 1, \"latency\": 1}"), 3, "ts", "no time");
        assertFails(
                () -> json(good + "{\"ts\": 1, \"host\": \"a\", \"status\": \"200\", \"latency\": 1}"),
                2,
                "status",
                "expected an integer");
        assertFails(
                () -> json("{\"ts\": 1, \"host\": \"a\", \"status\": 2.5, \"latency\": 1}"),
                1,
                "status",
                "expected an integer");
        assertFails(
                () -> json("{\"ts\": 1, \"host\": 7, \"status\": 2, \"latency\": 1}"), 1, "host", "expected a string");
        assertFails(
                () -> json("{\"ts\": 1, \"host\": \"a\", \"status\": 2, \"latency\": \"fast\"}"),
                1,
                "latency",
                "expected a number");
        assertFails(() -> json("{\"ts\": 1, \"host\": \"a\", \"status\": 2, \"latency\": null}"), 1, "latency", "null");
        assertFails(
                () -> json("{\"ts\": 1.5, \"host\": \"a\", \"status\": 2, \"latency\": 1}"),
                1,
                "ts",
                "epoch milliseconds");
        assertFails(
                () -> json("{\"ts\": \"yesterday\", \"host\": \"a\", \"status\": 2, \"latency\": 1}"),
                1,
                "ts",
                "RFC 3339");
        assertFails(
                () -> json("{\"ts\": \"2026-02-30T00:00:00Z\", \"host\": \"a\", \"status\": 2, \"latency\": 1}"),
                1,
                "ts",
                "not a valid");
        assertFails(
                () -> json("{\"ts\": 1, \"host\": \"a\", \"status\": 9223372036854775808, \"latency\": 1}"),
                1,
                "status",
                "range");
        assertFails(
                () -> json("{\"ts\": 1, \"ts\": 2, \"host\": \"a\", \"status\": 2, \"latency\": 1}"),
                1,
                null,
                "Duplicate");
        assertFails(() -> json(good + "{\"ts\": 1, \"host\": \"a\""), 2, null, "malformed JSON");
        assertFails(() -> json(good + "[1, 2]"), 2, null, "one JSON object");
        assertFails(
                () -> json(good + good + good + "{\"ts\": 1, \"host\": \"a\", \"status\": 1, \"latency\": 1} {}"),
                4,
                null,
                "more after");
    }

    @Test
    void csvErrorsNameLineAndColumn() {
        String header = "ts,host,status,latency\n";
        assertFails(() -> csv("ts,host,status,latency,colour\n1,a,2,3,red\n"), 1, "colour", "no such column");
        assertFails(() -> csv("ts,host,status\n1,a,2\n"), 1, "latency", "lacks the column");
        assertFails(() -> csv("ts,host,host,status,latency\n"), 1, "host", "twice");
        assertFails(() -> csv(header + "1,a,2,3\n1,a,2,x3\n"), 3, "latency", "not a number");
        assertFails(() -> csv(header + "1,a,2,3\n\n1,a,2.0,3\n"), 4, "status", "not an integer");
        assertFails(() -> csv(header + "1,a,2,3\n,a,2,3\n"), 3, "ts", "neither epoch milliseconds");
        assertFails(() -> csv(header + "1,a,2\n"), 2, null, "3 fields, the header 4");
        assertFails(() -> csv(header + "1,\"a\nb,2,3\n"), 2, null, "malformed CSV");
        assertFails(() -> csv(header + "1,\"a\"b,2,3\n"), 2, null, "malformed CSV");
        assertFails(() -> csv(""), 1, null, "header");
        byte[] latin1 = (header + "1,caf\u00e9,2,3\n").getBytes(StandardCharsets.ISO_8859_1);
        assertFails(() -> RowDecoder.decode(REQUESTS, RowFormat.CSV, latin1), 2, null, "not UTF-8");
    }

    @Test
    void numbersFollowTheDecimalGrammar() {
        String header = "ts,host,status,latency\n";
        for (String ok :
                new String[] {"1", "-1.", ".5", "+2.50", "1e3", "1E-3", "-0.0e+0", "inf", "-Infinity", "NaN"}) {
            assertThat(Double.valueOf(csv(header + "1,a,+7," + ok + "\n").rows().doubles(3)[0]))
                    .as(ok)
                    .isEqualTo(Double.valueOf(ok.equalsIgnoreCase("inf") ? "Infinity" : ok));
        }
        for (String bad : new String[] {"", ".", "1e", "e5", "0x10", "1d", "1.2.3", "--1", "1 ", " 1", "1,5"}) {
            String row = "1,a,1,\"" + bad + "\"\n";
            assertFails(() -> csv(header + row), 2, "latency", "not a number");
        }
        for (String bad : new String[] {"", "+", "1.0", "1e3", "9223372036854775808", " 1"}) {
            String row = "1,a,\"" + bad + "\",1\n";
            assertFails(() -> csv(header + row), 2, "status", "\"" + bad + "\"");
        }
        assertThat(csv(header + "-9223372036854775808,a,-9223372036854775808,1\n")
                        .rows()
                        .longs(2)[0])
                .isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void aHeaderOnlyBodyIsNoRows() {
        assertThat(csv("ts,host,status,latency\n").count()).isZero();
        assertThat(json("\n\n").count()).isZero();
    }

    @Test
    void contentTypesChooseTheFormat() {
        assertThat(RowFormat.of("application/x-ndjson")).isEqualTo(RowFormat.JSON_LINES);
        assertThat(RowFormat.of("application/json; charset=utf-8")).isEqualTo(RowFormat.JSON_LINES);
        assertThat(RowFormat.of("Text/CSV;charset=UTF-8")).isEqualTo(RowFormat.CSV);
        assertThat(RowFormat.of("text/plain")).isNull();
        assertThat(RowFormat.of(null)).isNull();
        assertThatThrownBy(() -> RowFormat.of("text/csv; charset=latin1"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("latin1");
    }
}
