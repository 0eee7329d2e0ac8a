package io.tessera.server.web;

import java.security.KeyManagementException;
import java.security.SecureRandom;
import java.util.function.Supplier;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLContextSpi;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;

/**
 * The listener's SSL context: each new connection's engine comes from the TLS setup current at
 * that moment, so a reloaded certificate, key, client CA or policy applies to the next
 * connection without restarting the listener.
 */
final class ReloadingSslContext extends SSLContext {

    ReloadingSslContext(Supplier<TlsSetup> current) {
        super(new Spi(current), current.get().context().getProvider(), "TLS");
    }

    private static final class Spi extends SSLContextSpi {
        private final Supplier<TlsSetup> current;

        Spi(Supplier<TlsSetup> current) {
            this.current = current;
        }

        @Override
        protected void engineInit(KeyManager[] km, TrustManager[] tm, SecureRandom sr) throws KeyManagementException {
            throw new KeyManagementException("initialised from the web configuration");
        }

        @Override
        protected SSLSocketFactory engineGetSocketFactory() {
            return current.get().context().getSocketFactory();
        }

        @Override
        protected SSLServerSocketFactory engineGetServerSocketFactory() {
            return current.get().context().getServerSocketFactory();
        }

        @Override
        protected SSLEngine engineCreateSSLEngine() {
            TlsSetup setup = current.get();
            return setup.configure(setup.context().createSSLEngine());
        }

        @Override
        protected SSLEngine engineCreateSSLEngine(String host, int port) {
            TlsSetup setup = current.get();
            return setup.configure(setup.context().createSSLEngine(host, port));
        }

        @Override
        protected SSLSessionContext engineGetServerSessionContext() {
            return current.get().context().getServerSessionContext();
        }

        @Override
        protected SSLSessionContext engineGetClientSessionContext() {
            return current.get().context().getClientSessionContext();
        }
    }
}
