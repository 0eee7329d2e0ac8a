package io.tessera.promqltest;

/** When an eval runs: an instant query at one time, or a range query over a step grid (ms). */
sealed interface QueryTime {

    record Instant(long at) implements QueryTime {}

    record Range(long start, long end, long step) implements QueryTime {}
}
