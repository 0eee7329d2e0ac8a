package io.tessera.bench.differential;

import java.util.Map;

/**
 * Templates whose queries Tessera does not answer like Prometheus 2.42 yet, each with the reason.
 * Their disagreements are reported but do not fail the test; every other template must agree on
 * every query. The list only shrinks: remove a template once the engine answers it.
 */
final class KnownDisagreements {

    static final Map<String, String> TEMPLATES = Map.of();

    private KnownDisagreements() {}
}
