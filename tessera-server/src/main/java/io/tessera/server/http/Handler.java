package io.tessera.server.http;

import java.io.IOException;

/** Answers one HTTP request. */
@FunctionalInterface
public interface Handler {

    void handle(Request request) throws IOException;
}
