package io.tessera.server.sql;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tessera.server.http.Request;
import java.io.IOException;

/** The small JSON bodies of the table and SQL endpoints. */
final class JsonBodies {

    static final ObjectMapper MAPPER = new ObjectMapper();

    private JsonBodies() {}

    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    static void send(Request request, int status, ObjectNode body) throws IOException {
        try {
            request.json(status, MAPPER.writeValueAsString(body));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code {"error": message}} with the status. */
    static void error(Request request, int status, String message) throws IOException {
        ObjectNode body = object();
        body.put("error", message);
        send(request, status, body);
    }
}
