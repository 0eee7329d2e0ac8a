package io.tessera.sketch;

/**
 * One heavy key of a {@link FrequentState}: its estimated total weight, which never undercounts,
 * and a lower bound that holds at the state's confidence.
 */
public record FrequentItem(String key, double estimate, double lowerBound) {}
