package io.tessera.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.InvalidInputException;
import org.junit.jupiter.api.Test;

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
    void unknownKeysInATableAreNamed() {
        assertThatThrownBy(() -> ConfigLoader.parse(REQUESTS.replace("time_column", "time_col")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("time_col");
        assertThatThrownBy(() -> ConfigLoader.parse(REQUESTS.replace("type: long", "type: long, unit: s")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("unit");
    }

    @Test
    void duplicateColumnsAreRejectedWithTheirKey() {
        assertThatThrownBy(() -> ConfigLoader.parse(REQUESTS.replace("name: bytes", "name: HOST")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("tables[0] (requests).measures[1] (HOST).name")
                .hasMessageContaining("declared twice");
        assertThatThrownBy(() -> ConfigLoader.parse(REQUESTS.replace("name: host", "name: ts")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("tables[0] (requests).dimensions[0] (ts).name");
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

    @Test
    void badTypesAndNamesAreRejectedWithTheirKey() {
        assertThatThrownBy(() -> ConfigLoader.parse(REQUESTS.replace("type: DOUBLE", "type: STRING")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("tables[0] (requests).measures[0] (latency_ms).type")
                .hasMessageContaining("LONG, DOUBLE");
        assertThatThrownBy(() -> ConfigLoader.parse(REQUESTS.replace("type: long", "type: int")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("tables[0] (requests).dimensions[1] (status).type")
                .hasMessageContaining("\"int\"");
        assertThatThrownBy(() -> ConfigLoader.parse(REQUESTS.replace("name: requests", "name: my-table")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("tables[0].name")
                .hasMessageContaining("my-table");
        assertThatThrownBy(() -> ConfigLoader.parse(REQUESTS.replace("    time_column: ts\n", "")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("tables[0] (requests).time_column: missing");
        assertThatThrownBy(() -> ConfigLoader.parse(REQUESTS.replace("{name: bytes, type: LONG}", "{name: bytes}")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("measures[1] (bytes).type: missing");
    }
}
