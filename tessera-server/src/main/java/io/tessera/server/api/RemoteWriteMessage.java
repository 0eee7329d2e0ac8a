package io.tessera.server.api;

import java.util.Locale;

/**
 * The message a remote-write request says it carries, from its {@code Content-Type}. Tessera
 * decodes remote write 1.0's {@code prometheus.WriteRequest}; a request announcing another
 * message (remote write 2.0's {@code io.prometheus.write.v2.Request}) or another media type is
 * refused with 415, as the 2.0 specification asks of receivers, instead of being read as a 1.0
 * message whose fields it would not recognise (and so store nothing of).
 */
final class RemoteWriteMessage {

    static final String V1 = "prometheus.WriteRequest";

    private RemoteWriteMessage() {
    }

    /** Why {@code contentType} is refused, or null when it is remote write 1.0 (or not given). */
    static String unsupported(String contentType) {
        if (contentType == null || contentType.isBlank()) {
            return null;
        }
        String[] parts = contentType.split(";");
        String media = parts[0].strip().toLowerCase(Locale.ROOT);
        if (!media.equals("application/x-protobuf")) {
            return "remote write takes Content-Type application/x-protobuf, got \"" + contentType.strip() + "\"";
        }
        for (int i = 1; i < parts.length; i++) {
            String parameter = parts[i].strip();
            int eq = parameter.indexOf('=');
            if (eq > 0 && parameter.substring(0, eq).strip().equalsIgnoreCase("proto")) {
                String message = parameter.substring(eq + 1).strip();
                if (message.length() >= 2 && message.startsWith("\"") && message.endsWith("\"")) {
                    message = message.substring(1, message.length() - 1);
                }
                if (!message.equals(V1)) {
                    return "remote write message " + message + " is not supported: Tessera receives remote write 1.0 ("
                            + V1 + "); set protobuf_message: " + V1 + " in the sender's remote_write";
                }
            }
        }
        return null;
    }
}
