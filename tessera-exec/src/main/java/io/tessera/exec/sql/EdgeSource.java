package io.tessera.exec.sql;

import io.tessera.exec.context.RunContext;
import io.tessera.plan.Scan;
import io.tessera.plan.TableWindow;
import io.tessera.spi.DataStore;

/**
 * Where a SQL view's answer reads its raw rows from: the rows of {@code scan} in {@code window},
 * filtered as {@code view} is, read from {@code store} within {@code context}.
 */
record EdgeSource(SqlView view, TableWindow window, Scan scan, DataStore store, RunContext context) {}
