package io.tessera.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The same text parsed again (from the statement cache or not) converts to the same query, at any now. */
class SqlFrontendRepeatTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT host, quantile(0.99)(latency) FROM requests WHERE time > now() - INTERVAL '1 hour' GROUP BY host",
                "SELECT host, count(*) FROM requests WHERE host IN ('a', 'b') OR code > 400 GROUP BY host",
                "SELECT count(*) FROM requests WHERE code in (200, 201) AND host = 'x' OR NOT code IN (500) FORMAT JSON",
            })
    void aRepeatedTextConvertsAsTheFirstTime(String sql) {
        long now = SqlFrontendTest.NOW;
        SqlQuery first = SqlFrontend.parse(sql, SqlFrontendTest.CATALOG, now);
        SqlQuery again = SqlFrontend.parse(sql, SqlFrontendTest.CATALOG, now);
        assertThat(again).isEqualTo(first);
        SqlQuery later = SqlFrontend.parse(sql, SqlFrontendTest.CATALOG, now + 60_000);
        SqlQuery laterFresh = SqlFrontend.parse(sql + " ", SqlFrontendTest.CATALOG, now + 60_000);
        assertThat(later).isEqualTo(laterFresh);
    }
}
