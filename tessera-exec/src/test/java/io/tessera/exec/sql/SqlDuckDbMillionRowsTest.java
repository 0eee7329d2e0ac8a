package io.tessera.exec.sql;

import org.junit.jupiter.api.Test;

/** The differential run at the size the SQL issue asks for: 1,000,000 rows, 320 generated queries, checked against DuckDB (about a minute). */
class SqlDuckDbMillionRowsTest {

    @Test
    void millionRowsAgreeWithDuckDb() throws Exception {
        SqlDuckDbDifferentialTest.run(
                Integer.getInteger("tessera.sql.rows", 1_000_000), Integer.getInteger("tessera.sql.queries", 320), 11L);
    }
}
