package io.tessera.bench.peer;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;

/**
 * One blocking HTTP/1.1 keep-alive connection to a loopback server, for timing queries: a request
 * is one write and its answer is read on the calling thread, so what a timed request costs is the
 * server's work and the loopback round trip. The JDK's {@code java.net.http} client hands each
 * exchange between its selector and executor threads, which after an idle pause (a dashboard's
 * refresh, the bench's settle time) added 1.2–1.5 ms to every request on this machine, to both
 * servers alike (Apache HttpClient 5's classic client about 1 ms): a constant that compressed
 * every ratio. Understands what the two servers send: a Content-Length or a chunked body, and
 * {@code Connection: close} (the next request reconnects). Not thread-safe; one per server.
 */
public final class KeepAliveConnection implements AutoCloseable {

    /** A response: status code and body bytes. */
    public record Response(int status, byte[] body) {
        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private final String host;
    private final int port;
    private final int timeoutMs;
    private Socket socket;
    private InputStream in;
    private OutputStream out;

    /** @param baseUrl {@code http://host:port} */
    public KeepAliveConnection(String baseUrl, Duration timeout) {
        URI uri = URI.create(baseUrl);
        if (!"http".equals(uri.getScheme()) || uri.getPort() < 0) {
            throw new IllegalArgumentException("expected http://host:port, got " + baseUrl);
        }
        this.host = uri.getHost();
        this.port = uri.getPort();
        this.timeoutMs = (int) Math.min(Integer.MAX_VALUE, timeout.toMillis());
    }

    /** POSTs a form-encoded body to {@code path} and reads the whole answer. */
    public Response postForm(String path, String form) throws IOException {
        byte[] body = form.getBytes(StandardCharsets.UTF_8);
        String head = "POST " + path + " HTTP/1.1\r\nHost: " + host + ":" + port
                + "\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: " + body.length
                + "\r\n\r\n";
        byte[] h = head.getBytes(StandardCharsets.US_ASCII);
        byte[] request = new byte[h.length + body.length];
        System.arraycopy(h, 0, request, 0, h.length);
        System.arraycopy(body, 0, request, h.length, body.length);
        boolean fresh = socket == null;
        try {
            return exchange(request);
        } catch (SocketTimeoutException e) {
            close();
            throw e;
        } catch (IOException e) {
            close();
            if (fresh) {
                throw e;
            }
            // the server closed an idle keep-alive connection: once more on a new one
            return exchange(request);
        }
    }

    private Response exchange(byte[] request) throws IOException {
        if (socket == null) {
            connect();
        }
        out.write(request);
        out.flush();
        String status = line();
        String[] parts = status.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP/1.x status line: " + status);
        }
        int code = Integer.parseInt(parts[1]);
        long length = -1;
        boolean chunked = false;
        boolean closing = parts[0].equals("HTTP/1.0");
        for (String header = line(); !header.isEmpty(); header = line()) {
            int colon = header.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String name = header.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = header.substring(colon + 1).trim().toLowerCase(Locale.ROOT);
            switch (name) {
                case "content-length" -> length = Long.parseLong(value);
                case "transfer-encoding" -> chunked = value.contains("chunked");
                case "connection" -> closing = value.contains("close");
                default -> {}
            }
        }
        byte[] content;
        if (chunked) {
            content = chunks();
        } else if (length >= 0) {
            content = in.readNBytes((int) length);
            if (content.length < length) {
                throw new EOFException("the answer ended after " + content.length + " of " + length + " bytes");
            }
        } else {
            content = in.readAllBytes();
            closing = true;
        }
        if (closing) {
            close();
        }
        return new Response(code, content);
    }

    private byte[] chunks() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream(1 << 16);
        while (true) {
            String size = line();
            int semicolon = size.indexOf(';');
            int n = Integer.parseInt((semicolon < 0 ? size : size.substring(0, semicolon)).trim(), 16);
            if (n == 0) {
                for (String trailer = line(); !trailer.isEmpty(); trailer = line()) {
                    // trailers are not used
                }
                return body.toByteArray();
            }
            byte[] chunk = in.readNBytes(n);
            if (chunk.length < n) {
                throw new EOFException("a chunk ended after " + chunk.length + " of " + n + " bytes");
            }
            body.write(chunk);
            line();
        }
    }

    private String line() throws IOException {
        StringBuilder s = new StringBuilder(64);
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new EOFException("the server closed the connection");
            }
            if (c != '\r') {
                s.append((char) c);
            }
        }
        return s.toString();
    }

    private void connect() throws IOException {
        Socket s = new Socket();
        try {
            s.setTcpNoDelay(true);
            s.connect(new InetSocketAddress(host, port), 5_000);
            s.setSoTimeout(timeoutMs);
        } catch (IOException e) {
            s.close();
            throw e;
        }
        socket = s;
        in = new BufferedInputStream(s.getInputStream(), 1 << 16);
        out = s.getOutputStream();
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing a loopback socket: nothing to do about a failure
            }
            socket = null;
        }
    }
}
