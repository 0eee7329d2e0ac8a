package io.tessera.server.http;

import java.util.Map;

/**
 * Who may use the listener, and what every response carries. {@link #admit} runs on an IO
 * thread and must be quick; a request it cannot decide cheaply is checked by {@link #verify} on
 * a worker.
 */
public interface AccessGate {

    enum Verdict {
        ALLOW,
        DENY,
        VERIFY
    }

    AccessGate OPEN = new AccessGate() {
        @Override
        public Map<String, String> responseHeaders() {
            return Map.of();
        }

        @Override
        public Verdict admit(String authorization) {
            return Verdict.ALLOW;
        }

        @Override
        public boolean verify(String authorization) {
            return true;
        }
    };

    /** Headers added to every response. */
    Map<String, String> responseHeaders();

    /** The verdict on a request's {@code Authorization} header (null when it has none), from what is known cheaply. */
    Verdict admit(String authorization);

    /** The full check of a request {@link #admit} answered {@link Verdict#VERIFY} for; may take a while. */
    boolean verify(String authorization);
}
