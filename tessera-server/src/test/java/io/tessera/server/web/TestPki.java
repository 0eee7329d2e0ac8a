package io.tessera.server.web;

import java.io.IOException;
import java.io.Writer;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.util.Date;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.crypto.generators.OpenBSDBCrypt;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A certificate authority made at test time, with a server certificate for 127.0.0.1 and
 * localhost and a client certificate, written as PEM files, and bcrypt hashes of passwords.
 */
final class TestPki {

    final Path dir;
    final Path caCert;
    final Path serverCert;
    final Path serverKey;
    final Path clientCert;
    final Path clientKey;
    private final X509Certificate ca;
    private final X509Certificate client;
    private final KeyPair clientKeys;

    private TestPki(Path dir, X509Certificate ca, X509Certificate client, KeyPair clientKeys) {
        this.dir = dir;
        this.caCert = dir.resolve("ca.crt");
        this.serverCert = dir.resolve("server.crt");
        this.serverKey = dir.resolve("server.key");
        this.clientCert = dir.resolve("client.crt");
        this.clientKey = dir.resolve("client.key");
        this.ca = ca;
        this.client = client;
        this.clientKeys = clientKeys;
    }

    static TestPki create(Path dir) throws Exception {
        KeyPair caKeys = ecKeys();
        X509Certificate ca = sign(new X500Name("CN=Test CA"), caKeys, new X500Name("CN=Test CA"), caKeys, true, null);
        KeyPair serverKeys = ecKeys();
        X509Certificate server = sign(
                new X500Name("CN=localhost"),
                serverKeys,
                new X500Name("CN=Test CA"),
                caKeys,
                false,
                new GeneralNames(new GeneralName[] {
                    new GeneralName(GeneralName.dNSName, "localhost"),
                    new GeneralName(GeneralName.iPAddress, "127.0.0.1")
                }));
        KeyPair clientKeys = ecKeys();
        X509Certificate client =
                sign(new X500Name("CN=client"), clientKeys, new X500Name("CN=Test CA"), caKeys, false, null);
        TestPki pki = new TestPki(dir, ca, client, clientKeys);
        pem(pki.caCert, ca);
        pem(pki.serverCert, server);
        pem(pki.serverKey, serverKeys.getPrivate());
        pem(pki.clientCert, client);
        pem(pki.clientKey, clientKeys.getPrivate());
        return pki;
    }

    /** An SSL context trusting only this CA, presenting the client certificate when {@code withClientCert}. */
    SSLContext clientContext(boolean withClientCert) throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("ca", ca);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
        tmf.init(trust);
        KeyManagerFactory kmf = null;
        if (withClientCert) {
            KeyStore keys = KeyStore.getInstance("PKCS12");
            keys.load(null, null);
            keys.setKeyEntry("client", clientKeys.getPrivate(), new char[0], new X509Certificate[] {client, ca});
            kmf = KeyManagerFactory.getInstance("PKIX");
            kmf.init(keys, new char[0]);
        }
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(kmf == null ? null : kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        return context;
    }

    /** A bcrypt hash of {@code password} as {@code htpasswd -B} writes it (cost 10). */
    static String bcrypt(String password) {
        byte[] salt = new byte[16];
        new SecureRandom().nextBytes(salt);
        return OpenBSDBCrypt.generate("2y", password.toCharArray(), salt, 10);
    }

    private static KeyPair ecKeys() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec("secp256r1"));
        return g.generateKeyPair();
    }

    private static X509Certificate sign(
            X500Name subject, KeyPair subjectKeys, X500Name issuer, KeyPair issuerKeys, boolean isCa, GeneralNames sans)
            throws Exception {
        long now = System.currentTimeMillis();
        JcaX509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(
                issuer,
                BigInteger.valueOf(now ^ subject.hashCode()).abs(),
                new Date(now - 3_600_000),
                new Date(now + 86_400_000L),
                subject,
                subjectKeys.getPublic());
        b.addExtension(Extension.basicConstraints, true, new BasicConstraints(isCa));
        b.addExtension(
                Extension.keyUsage,
                true,
                new KeyUsage(
                        isCa
                                ? KeyUsage.keyCertSign | KeyUsage.cRLSign
                                : KeyUsage.digitalSignature | KeyUsage.keyEncipherment));
        if (sans != null) {
            b.addExtension(Extension.subjectAlternativeName, false, sans);
        }
        return new JcaX509CertificateConverter()
                .getCertificate(b.build(new JcaContentSignerBuilder("SHA256withECDSA").build(issuerKeys.getPrivate())));
    }

    private static void pem(Path file, Object o) throws IOException {
        try (Writer w = Files.newBufferedWriter(file);
                JcaPEMWriter pem = new JcaPEMWriter(w)) {
            // keys as PKCS#8, which carries the curve in every writer's output
            pem.writeObject(
                    o instanceof java.security.PrivateKey key
                            ? new org.bouncycastle.openssl.jcajce.JcaPKCS8Generator(key, null)
                            : o);
        }
    }

    static String loopback() {
        return InetAddress.getLoopbackAddress().getHostAddress();
    }
}
