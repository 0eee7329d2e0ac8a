package io.tessera.exec.view.grid;

import io.tessera.core.Labels;

/**
 * The output series being moved at one step, reused from series to series: its id and labels,
 * the grid point and the time moved to, the value and count kept at the grid point, and its rows
 * among the rows read.
 */
final class SeriesStep {
    int series;
    Labels labels;
    long gridPoint;
    long time;
    double keptValue;
    long keptCount;
    /** The series' row among the rows that entered at this step, -1 when none. */
    int enteredRow;
    /** The series' row among all the rows read, -1 when none. */
    int readRow;
}
