/**
 * The executor's entry points and its data interface. {@link DataStore} (with the optional
 * {@link SeriesDataStore}) is the one way runs read raw data ({@link RawDataRequest}) and view
 * states ({@link MaterializedViewRequest}, answered by {@link ViewStates}). A DAG is compiled once
 * ({@link CompiledDag}) and run per query ({@link QueryRun}); {@link PromqlEngine} and
 * {@link QueryAccelerator} answer PromQL as a {@link QueryResult}, and {@link InMemoryDataStore}
 * serves tests and small set-ups. Stores implement {@link DataStore}; the executor must not
 * depend on them, on ingestion or on the server.
 */
package io.tessera.exec;
