package io.tessera.server.api;

import java.util.Locale;

/**
 * The message a remote-write request says it carries, from its {@code Content-Type}: remote
 * write 1.0's {@code prometheus.WriteRequest} (also when no message is named) or 2.0's
 * {@code io.prometheus.write.v2.Request}. Another message or media type is refused with 415, as
 * the 2.0 specification asks of receivers, instead of being read as a message whose fields would
 * not be recognised (and so stored nothing).
 */
record RemoteWriteMessage(Version version, String refusal) {

    enum Version {
        V1,
        V2
    }

    static final String V1_MESSAGE = "prometheus.WriteRequest";
    static final String V2_MESSAGE = "io.prometheus.write.v2.Request";

    static RemoteWriteMessage of(String contentType) {
        if (contentType == null || contentType.isBlank()) {
            return new RemoteWriteMessage(Version.V1, null);
        }
        String[] parts = contentType.split(";");
        String media = parts[0].strip().toLowerCase(Locale.ROOT);
        if (!media.equals("application/x-protobuf")) {
            return refused(
                    "remote write takes Content-Type application/x-protobuf, got \"" + contentType.strip() + "\"");
        }
        for (int i = 1; i < parts.length; i++) {
            String parameter = parts[i].strip();
            int eq = parameter.indexOf('=');
            if (eq > 0 && parameter.substring(0, eq).strip().equalsIgnoreCase("proto")) {
                String message = parameter.substring(eq + 1).strip();
                if (message.length() >= 2 && message.startsWith("\"") && message.endsWith("\"")) {
                    message = message.substring(1, message.length() - 1);
                }
                return switch (message) {
                    case V1_MESSAGE -> new RemoteWriteMessage(Version.V1, null);
                    case V2_MESSAGE -> new RemoteWriteMessage(Version.V2, null);
                    default ->
                        refused("remote write message " + message + " is not supported: Tessera receives " + V1_MESSAGE
                                + " (remote write 1.0) and " + V2_MESSAGE + " (2.0)");
                };
            }
        }
        return new RemoteWriteMessage(Version.V1, null);
    }

    private static RemoteWriteMessage refused(String why) {
        return new RemoteWriteMessage(null, why);
    }
}
