package io.tessera.store.raw;

/** What an accepted request did: samples stored, repeated samples ignored, series created. */
public record AppendResult(int samplesAppended, int duplicatesIgnored, int seriesCreated) {}
