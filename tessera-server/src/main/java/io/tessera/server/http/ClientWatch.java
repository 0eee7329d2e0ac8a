package io.tessera.server.http;

import io.undertow.connector.PooledByteBuffer;
import io.undertow.server.AbstractServerConnection;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.protocol.http.HttpServerConnection;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.locks.ReentrantLock;
import org.xnio.ChannelListener;
import org.xnio.conduits.ConduitStreamSourceChannel;
import org.xnio.conduits.StreamSourceConduit;

/**
 * Watches the connection of a request that has been read completely for its client closing
 * it, and then runs an action once, on the connection's IO thread.
 *
 * <p>While a handler runs, Undertow reads nothing from the connection, so a client that goes
 * away goes unnoticed until the response is written. The watch resumes reads on the socket
 * itself, below the request's body conduit: end of stream or a read error means the client is
 * gone; bytes mean the client sent its next request ahead (pipelining), which are handed back
 * to the connection for Undertow to parse, and the watch ends. The watch must end before the
 * response starts: from then on the connection's reads belong to Undertow again.
 */
final class ClientWatch implements ChannelListener<ConduitStreamSourceChannel> {

    private final HttpServerConnection connection;
    private final StreamSourceConduit socket;
    private final Runnable onGone;
    private final ReentrantLock lock = new ReentrantLock();
    private boolean ended;

    private ClientWatch(HttpServerConnection connection, StreamSourceConduit socket, Runnable onGone) {
        this.connection = connection;
        this.socket = socket;
        this.onGone = onGone;
    }

    /**
     * The connection's own source conduit, below the request's body conduits, taken on the IO
     * thread before the handler runs; null where the watch does not apply (not HTTP/1.1).
     */
    static StreamSourceConduit socketOf(HttpServerExchange exchange) {
        if (exchange.getConnection() instanceof HttpServerConnection c) {
            AbstractServerConnection.ConduitState current = c.resetChannel();
            StreamSourceConduit original = c.getChannel().getSourceChannel().getConduit();
            c.restoreChannel(current);
            return original;
        }
        return null;
    }

    /** Starts watching; null when the exchange cannot be watched (its body is not read to the end). */
    static ClientWatch start(HttpServerExchange exchange, StreamSourceConduit socket, Runnable onGone) {
        if (socket == null
                || !exchange.isRequestComplete()
                || !(exchange.getConnection() instanceof HttpServerConnection c)
                || c.getExtraBytes() != null) {
            return null;
        }
        ClientWatch watch = new ClientWatch(c, socket, onGone);
        ConduitStreamSourceChannel channel = c.getChannel().getSourceChannel();
        channel.getReadSetter().set(watch);
        socket.resumeReads();
        return watch;
    }

    @Override
    public void handleEvent(ConduitStreamSourceChannel channel) {
        boolean gone;
        lock.lock();
        try {
            if (ended) {
                return;
            }
            PooledByteBuffer pooled = connection.getByteBufferPool().allocate();
            boolean handedBack = false;
            try {
                ByteBuffer buffer = pooled.getBuffer();
                int n;
                try {
                    n = socket.read(buffer);
                } catch (IOException e) {
                    n = -1;
                }
                if (n == 0) {
                    return;
                }
                endLocked();
                if (n > 0) {
                    buffer.flip();
                    connection.ungetRequestBytes(pooled);
                    handedBack = true;
                }
                gone = n < 0;
            } finally {
                if (!handedBack) {
                    pooled.close();
                }
            }
        } finally {
            lock.unlock();
        }
        if (gone) {
            onGone.run();
        }
    }

    /** Ends the watch; after it returns, the watch reads nothing more. Idempotent. */
    void end() {
        lock.lock();
        try {
            if (!ended) {
                endLocked();
            }
        } finally {
            lock.unlock();
        }
    }

    private void endLocked() {
        ended = true;
        socket.suspendReads();
        connection.getChannel().getSourceChannel().getReadSetter().set(null);
    }
}
