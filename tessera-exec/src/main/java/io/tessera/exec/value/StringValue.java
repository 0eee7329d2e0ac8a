package io.tessera.exec.value;

/** A string constant. */
public record StringValue(String value) implements Value {}
