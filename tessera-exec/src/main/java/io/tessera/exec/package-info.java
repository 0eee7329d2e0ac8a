/**
 * The executor's entry points. Runs read raw data and view states through
 * {@link io.tessera.spi.DataStore}, the storage interface of tessera-spi. A DAG is compiled once
 * ({@link CompiledDag}) and run per query ({@link QueryRun}); {@link PromqlEngine} and
 * {@link QueryAccelerator} answer PromQL as a {@link QueryResult}, and {@link InMemoryDataStore}
 * serves tests and small set-ups. The executor must not depend on stores, on ingestion or on the
 * server.
 */
package io.tessera.exec;

import io.tessera.exec.memory.InMemoryDataStore;
