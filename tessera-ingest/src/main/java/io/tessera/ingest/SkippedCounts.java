package io.tessera.ingest;

/** How many exemplars, native histograms and metadata entries a write request carried; they are not stored. */
public record SkippedCounts(int exemplars, int histograms, int metadata) {}
