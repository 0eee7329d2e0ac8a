package io.tessera.server.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.server.TesseraServer;
import io.tessera.server.config.ConfigLoader;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code client_auth_type: RequireAndVerifyClientCert}: a client without a certificate the CA signed gets no answer. */
class ClientCertificateTest {

    @TempDir
    Path dir;

    @Test
    void aClientCertificateIsRequiredAndVerified() throws Exception {
        TestPki pki = TestPki.create(dir);
        Path webConfig = dir.resolve("web.yml");
        Files.writeString(webConfig, """
                tls_server_config:
                  cert_file: server.crt
                  key_file: server.key
                  client_ca_file: ca.crt
                  client_auth_type: RequireAndVerifyClientCert
                  min_version: TLS13
                """);
        try (TesseraServer server = TesseraServer.start(
                ConfigLoader.parse("listen: 127.0.0.1:0\n").withWebConfigFile(webConfig.toString()))) {
            HttpRequest healthy = HttpRequest.newBuilder(URI.create(server.baseUrl() + "/-/healthy"))
                    .timeout(Duration.ofSeconds(20))
                    .build();
            HttpClient withCert =
                    HttpClient.newBuilder().sslContext(pki.clientContext(true)).build();
            assertThat(withCert.send(healthy, HttpResponse.BodyHandlers.ofString())
                            .statusCode())
                    .isEqualTo(200);
            HttpClient withoutCert =
                    HttpClient.newBuilder().sslContext(pki.clientContext(false)).build();
            assertThatThrownBy(() -> withoutCert.send(healthy, HttpResponse.BodyHandlers.ofString()))
                    .isInstanceOf(IOException.class);
        }
    }
}
