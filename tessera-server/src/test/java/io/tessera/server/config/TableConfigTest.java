package io.tessera.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.InvalidInputException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TableConfigTest {

    private static final String REQUESTS = """
            tables:
              - name: requests
                time_column: ts
                dimensions:
                  - {name: host, type: STRING}
                  - {name: status, type: long}
                measures:
                  - {name: latency_ms, type: DOUBLE}
                  - {name: bytes, type: LONG}
            """;

    @Test
    void readsTablesWithTypedColumns() {
        ServerConfig c = ConfigLoader.parse(REQUESTS);
        assertThat(c.tables()).hasSize(1);
        ServerConfig.Table t = c.tables().getFirst();
        assertThat(t.name()).isEqualTo("requests");
        assertThat(t.timeColumn()).isEqualTo("ts");
        assertThat(t.dimensions())
                .containsExactly(
                        new ServerConfig.TableColumn("host", "STRING"), new ServerConfig.TableColumn("status", "LONG"));
        assertThat(t.measures())
                .containsExactly(
                        new ServerConfig.TableColumn("latency_ms", "DOUBLE"),
                        new ServerConfig.TableColumn("bytes", "LONG"));
        assertThat(ServerConfig.DEFAULTS.tables()).isEmpty();
        assertThat(c.withListen("127.0.0.1:1").tables()).isEqualTo(c.tables());
        io.tessera.core.TableSchema schema = c.tableCatalog().find("requests").orElseThrow();
        assertThat(schema.rowSchema().columns())
                .extracting(io.tessera.core.Column::type)
                .containsExactly(
                        io.tessera.core.ColumnType.LONG,
                        io.tessera.core.ColumnType.STRING,
                        io.tessera.core.ColumnType.LONG,
                        io.tessera.core.ColumnType.DOUBLE,
                        io.tessera.core.ColumnType.LONG);
    }

    @Test
    void duplicateTablesAreRejected() {
        String twice =
                REQUESTS + REQUESTS.substring(REQUESTS.indexOf("  - name")).replace("requests", "Requests");
        assertThatThrownBy(() -> ConfigLoader.parse(twice))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("tables[1] (Requests).name")
                .hasMessageContaining("declared twice");
    }

    /** An edit of {@link #REQUESTS}, and what the refusal of the edited table must say. */
    static Stream<Arguments> refusedEdits() {
        return Stream.of(
                Arguments.of("time_column", "time_col", List.of("time_col")),
                Arguments.of("type: long", "type: long, unit: s", List.of("unit")),
                Arguments.of(
                        "name: bytes",
                        "name: HOST",
                        List.of("tables[0] (requests).measures[1] (HOST).name", "declared twice")),
                Arguments.of("name: host", "name: ts", List.of("tables[0] (requests).dimensions[0] (ts).name")),
                Arguments.of(
                        "type: DOUBLE",
                        "type: STRING",
                        List.of("tables[0] (requests).measures[0] (latency_ms).type", "LONG, DOUBLE")),
                Arguments.of(
                        "type: long",
                        "type: int",
                        List.of("tables[0] (requests).dimensions[1] (status).type", "\"int\"")),
                Arguments.of("name: requests", "name: my-table", List.of("tables[0].name", "my-table")),
                Arguments.of("    time_column: ts\n", "", List.of("tables[0] (requests).time_column: missing")),
                Arguments.of(
                        "{name: bytes, type: LONG}", "{name: bytes}", List.of("measures[1] (bytes).type: missing")));
    }

    @ParameterizedTest
    @MethodSource("refusedEdits")
    void badKeysColumnsTypesAndNamesAreRejectedWithTheirKey(String from, String to, List<String> message) {
        assertThatThrownBy(() -> ConfigLoader.parse(REQUESTS.replace(from, to)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContainingAll(message.toArray(String[]::new));
    }
}
