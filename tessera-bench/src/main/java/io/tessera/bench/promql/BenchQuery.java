package io.tessera.bench.promql;

/**
 * One query of {@code tessera bench promql}: a short name for the table, its text, and whether it
 * is a range query over the whole dataset (else an instant query at the dataset's end).
 */
record BenchQuery(String name, String text, boolean range) {}
