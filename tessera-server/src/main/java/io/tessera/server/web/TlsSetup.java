package io.tessera.server.web;

import io.tessera.core.InvalidInputException;
import io.tessera.server.web.WebConfig.ClientAuthType;
import io.tessera.server.web.WebConfig.TlsServerConfig;
import java.io.IOException;
import java.io.Reader;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.openssl.PEMEncryptedKeyPair;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.pkcs.PKCS8EncryptedPrivateKeyInfo;

/**
 * The TLS side of a web configuration, ready to configure server engines: an SSL context holding
 * the PEM certificate chain and key (PKCS#1, SEC1 or PKCS#8), the client CA when client
 * certificates are verified, and the protocol versions, cipher suites and client-certificate
 * policy each engine gets.
 */
record TlsSetup(
        SSLContext context,
        ClientAuthType clientAuth,
        String[] protocols,
        String[] cipherSuites,
        boolean serverCipherOrder,
        String[] namedGroups) {

    private static final List<String> VERSIONS = List.of("TLSv1.2", "TLSv1.3");
    private static final Map<String, String> GO_VERSIONS = Map.of("TLS12", "TLSv1.2", "TLS13", "TLSv1.3");
    private static final Map<String, String> GO_CURVES =
            Map.of("CurveP256", "secp256r1", "CurveP384", "secp384r1", "CurveP521", "secp521r1", "X25519", "x25519");

    static TlsSetup of(TlsServerConfig tls) {
        if (tls.certFile() == null || tls.keyFile() == null) {
            throw new InvalidInputException("tls_server_config: cert_file and key_file are both required");
        }
        ClientAuthType clientAuth = tls.clientAuth();
        if (clientAuth.verifies() && tls.clientCaFile() == null) {
            throw new InvalidInputException(
                    "tls_server_config.client_auth_type: " + clientAuth + " needs client_ca_file");
        }
        try {
            List<X509Certificate> chain = certificates(Path.of(tls.certFile()), "cert_file");
            PrivateKey key = privateKey(Path.of(tls.keyFile()));
            KeyStore keys = KeyStore.getInstance("PKCS12");
            keys.load(null, null);
            keys.setKeyEntry("server", key, new char[0], chain.toArray(X509Certificate[]::new));
            KeyManagerFactory kmf = KeyManagerFactory.getInstance("PKIX");
            kmf.init(keys, new char[0]);
            TrustManager[] trust = null;
            if (clientAuth.verifies()) {
                KeyStore cas = KeyStore.getInstance("PKCS12");
                cas.load(null, null);
                int i = 0;
                for (X509Certificate ca : certificates(Path.of(tls.clientCaFile()), "client_ca_file")) {
                    cas.setCertificateEntry("ca" + i++, ca);
                }
                TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
                tmf.init(cas);
                trust = tmf.getTrustManagers();
            } else if (clientAuth != ClientAuthType.NoClientCert) {
                trust = new TrustManager[] {new AnyClientCertificate()};
            }
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(kmf.getKeyManagers(), trust, null);
            return new TlsSetup(
                    context,
                    clientAuth,
                    protocols(tls),
                    cipherSuites(tls, context),
                    Boolean.TRUE.equals(tls.preferServerCipherSuites()),
                    namedGroups(tls));
        } catch (GeneralSecurityException | IOException e) {
            throw new InvalidInputException("tls_server_config: " + e.getMessage(), e);
        }
    }

    /** Applies the configured policy to an engine the listener is about to use. */
    SSLEngine configure(SSLEngine engine) {
        engine.setUseClientMode(false);
        SSLParameters p = engine.getSSLParameters();
        p.setProtocols(protocols);
        if (cipherSuites != null) {
            p.setCipherSuites(cipherSuites);
        }
        if (namedGroups != null) {
            p.setNamedGroups(namedGroups);
        }
        p.setUseCipherSuitesOrder(serverCipherOrder);
        if (clientAuth.requires()) {
            p.setNeedClientAuth(true);
        } else if (clientAuth != ClientAuthType.NoClientCert) {
            p.setWantClientAuth(true);
        } else {
            p.setNeedClientAuth(false);
            p.setWantClientAuth(false);
        }
        engine.setSSLParameters(p);
        return engine;
    }

    private static String[] protocols(TlsServerConfig tls) {
        int min = VERSIONS.indexOf(version("min_version", tls.minVersion(), "TLS12"));
        int max = VERSIONS.indexOf(version("max_version", tls.maxVersion(), "TLS13"));
        if (min > max) {
            throw new InvalidInputException(
                    "tls_server_config: min_version " + tls.minVersion() + " is above max_version " + tls.maxVersion());
        }
        return VERSIONS.subList(min, max + 1).toArray(String[]::new);
    }

    private static String version(String key, String value, String fallback) {
        String v = value == null || value.isEmpty() ? fallback : value;
        if (v.equals("TLS10") || v.equals("TLS11")) {
            throw new InvalidInputException(
                    "tls_server_config." + key + ": " + v + " is not supported (TLS12 or TLS13)");
        }
        String jdk = GO_VERSIONS.get(v);
        if (jdk == null) {
            throw new InvalidInputException(
                    "tls_server_config." + key + ": unknown TLS version \"" + v + "\" (TLS12 or TLS13)");
        }
        return jdk;
    }

    /** The configured TLS 1.2 suites plus every TLS 1.3 suite (which, as in Go, are not configurable); null keeps the JDK's. */
    private static String[] cipherSuites(TlsServerConfig tls, SSLContext context) {
        if (tls.cipherSuites().isEmpty()) {
            return null;
        }
        Set<String> supported = Set.of(context.getSupportedSSLParameters().getCipherSuites());
        Set<String> suites = new LinkedHashSet<>();
        for (String suite : tls.cipherSuites()) {
            if (!supported.contains(suite)) {
                throw new InvalidInputException(
                        "tls_server_config.cipher_suites: unknown or unsupported cipher suite \"" + suite + "\"");
            }
            suites.add(suite);
        }
        for (String suite : context.getDefaultSSLParameters().getCipherSuites()) {
            if (suite.startsWith("TLS_AES_") || suite.startsWith("TLS_CHACHA20_")) {
                suites.add(suite);
            }
        }
        return suites.toArray(String[]::new);
    }

    private static String[] namedGroups(TlsServerConfig tls) {
        if (tls.curvePreferences().isEmpty()) {
            return null;
        }
        List<String> groups = new ArrayList<>();
        for (String curve : tls.curvePreferences()) {
            String group = GO_CURVES.get(curve);
            if (group == null) {
                throw new InvalidInputException("tls_server_config.curve_preferences: unknown curve \"" + curve
                        + "\" (one of "
                        + String.join(", ", GO_CURVES.keySet().stream().sorted().toList()) + ")");
            }
            groups.add(group);
        }
        return groups.toArray(String[]::new);
    }

    private static List<X509Certificate> certificates(Path file, String key) throws GeneralSecurityException {
        List<X509Certificate> certificates = new ArrayList<>();
        JcaX509CertificateConverter converter = new JcaX509CertificateConverter();
        try (Reader reader = Files.newBufferedReader(file);
                PEMParser pem = new PEMParser(reader)) {
            Object o;
            while ((o = pem.readObject()) != null) {
                if (o instanceof X509CertificateHolder holder) {
                    certificates.add(converter.getCertificate(holder));
                }
            }
        } catch (NoSuchFileException e) {
            throw new InvalidInputException("tls_server_config." + key + ": " + file + " does not exist");
        } catch (IOException e) {
            throw new InvalidInputException(
                    "tls_server_config." + key + ": " + file + " is not PEM: " + e.getMessage(), e);
        }
        if (certificates.isEmpty()) {
            throw new InvalidInputException("tls_server_config." + key + ": " + file + " holds no PEM certificate");
        }
        return certificates;
    }

    private static PrivateKey privateKey(Path file) {
        JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
        try (Reader reader = Files.newBufferedReader(file);
                PEMParser pem = new PEMParser(reader)) {
            Object o;
            while ((o = pem.readObject()) != null) {
                switch (o) {
                    case PEMKeyPair pair -> {
                        return converter.getPrivateKey(pair.getPrivateKeyInfo());
                    }
                    case PrivateKeyInfo info -> {
                        return converter.getPrivateKey(info);
                    }
                    case PEMEncryptedKeyPair ignored ->
                        throw new InvalidInputException("tls_server_config.key_file: " + file
                                + " is encrypted; give the key unencrypted, as Prometheus expects");
                    case PKCS8EncryptedPrivateKeyInfo ignored ->
                        throw new InvalidInputException("tls_server_config.key_file: " + file
                                + " is encrypted; give the key unencrypted, as Prometheus expects");
                    default -> {
                        // parameters or certificates next to the key
                    }
                }
            }
        } catch (NoSuchFileException e) {
            throw new InvalidInputException("tls_server_config.key_file: " + file + " does not exist");
        } catch (IOException e) {
            throw new InvalidInputException(
                    "tls_server_config.key_file: " + file + " is not PEM: " + e.getMessage(), e);
        }
        throw new InvalidInputException("tls_server_config.key_file: " + file + " holds no PEM private key");
    }

    /** RequestClientCert and RequireAnyClientCert: a certificate is asked for but not checked. */
    private static final class AnyClientCertificate extends X509ExtendedTrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {}

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {}

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {}

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {}

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {}

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {}

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }

    @Override
    public String toString() {
        return "TlsSetup[" + clientAuth + ", " + Arrays.toString(protocols) + "]";
    }
}
