package io.tessera.server.http;

import io.undertow.server.HttpServerExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;

/**
 * A response body written as it is produced. Up to {@link #BUFFER} bytes are held back, so a
 * small body goes out whole with a Content-Length; a larger one switches to chunked transfer.
 * With {@code gzip} the body is compressed, and goes out whole when it was small.
 */
final class ResponseStream extends OutputStream {

    static final int BUFFER = 64 * 1024;

    private final Request request;
    private final HttpServerExchange exchange;
    private final int status;
    private final boolean gzip;
    private byte[] buffer = new byte[8192];
    private int buffered;
    private OutputStream out;
    private boolean closed;

    ResponseStream(Request request, HttpServerExchange exchange, int status, boolean gzip) {
        this.request = request;
        this.exchange = exchange;
        this.status = status;
        this.gzip = gzip;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (out != null) {
            out.write(b, off, len);
            return;
        }
        if (buffered + len <= BUFFER) {
            if (buffered + len > buffer.length) {
                buffer = Arrays.copyOf(buffer, Math.min(BUFFER, Math.max(buffer.length * 2, buffered + len)));
            }
            System.arraycopy(b, off, buffer, buffered, len);
            buffered += len;
            return;
        }
        startChunked();
        out.write(b, off, len);
    }

    private void startChunked() throws IOException {
        request.blocking();
        exchange.setStatusCode(status);
        OutputStream raw = exchange.getOutputStream();
        out = gzip ? new GZIPOutputStream(raw, 8192) : raw;
        out.write(buffer, 0, buffered);
        buffer = null;
    }

    @Override
    public void flush() throws IOException {
        if (out != null) {
            out.flush();
        }
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        if (out != null) {
            out.close();
            return;
        }
        if (!gzip) {
            request.sendWhole(status, buffer, buffered);
            return;
        }
        byte[] compressed = ContentEncodings.gzip(buffer, buffered);
        request.sendWhole(status, compressed, compressed.length);
    }
}
