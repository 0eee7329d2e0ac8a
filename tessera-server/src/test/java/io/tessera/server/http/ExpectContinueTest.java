package io.tessera.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A client that sends {@code Expect: 100-continue} (curl does for larger bodies) is told to go on
 * before the body is read, instead of waiting for its own timeout; a request refused before its
 * body is read gets the refusal instead.
 */
class ExpectContinueTest {

    @Test
    void theBodyIsAskedForAndAWriteRefusedUpFrontGetsItsAnswerInstead() throws Exception {
        try (HttpService http = new HttpService("127.0.0.1", 0)) {
            http.route("/echo", Set.of("POST"), r -> r.respond(200, "text/plain", r.body(1024)));
            http.route("/plan", Set.of("POST"), r -> r.text(200, "installed\n")).writes("/plan", "application/json");
            http.start();
            try (Socket s = new Socket("127.0.0.1", http.port())) {
                s.setSoTimeout(500);
                OutputStream out = s.getOutputStream();
                out.write(("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                out.flush();
                InputStream in = s.getInputStream();
                assertThat(readSome(in))
                        .as("within 0.5 s, before any body byte was sent")
                        .startsWith("HTTP/1.1 100");
                out.write("hello".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                s.setSoTimeout(10_000);
                assertThat(readSome(in)).startsWith("HTTP/1.1 200").endsWith("hello");
            }
            try (Socket s = new Socket("127.0.0.1", http.port())) {
                s.setSoTimeout(10_000);
                s.getOutputStream()
                        .write(("POST /plan HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n"
                                        + "Expect: 100-continue\r\n\r\n")
                                .getBytes(StandardCharsets.US_ASCII));
                assertThat(readSome(s.getInputStream())).startsWith("HTTP/1.1 415");
            }
        }
    }

    private static String readSome(InputStream in) throws Exception {
        byte[] buf = new byte[4096];
        int n = in.read(buf);
        String head = new String(buf, 0, Math.max(0, n), StandardCharsets.ISO_8859_1);
        if (head.startsWith("HTTP/1.1 200") && !head.endsWith("hello")) {
            int m = in.read(buf);
            head += new String(buf, 0, Math.max(0, m), StandardCharsets.ISO_8859_1);
        }
        return head;
    }
}
