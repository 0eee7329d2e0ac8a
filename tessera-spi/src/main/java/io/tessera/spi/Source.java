package io.tessera.spi;

/** Where a Scan reads raw data from. */
public sealed interface Source {

    /** The time series store: the table {@code (ts, value, labels)} of every series. */
    record TimeSeries() implements Source {}

    /** A SQL table by name. */
    record Table(String name) implements Source {}

    Source TIME_SERIES = new TimeSeries();
}
