package io.tessera.server.web;

import io.tessera.server.http.AccessGate.Verdict;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.bouncycastle.crypto.generators.OpenBSDBCrypt;

/**
 * HTTP basic authentication against bcrypt hashes, as Prometheus checks it: a user that does not
 * exist costs a bcrypt comparison too (so timing does not tell users apart), and the outcome of
 * each (user, hash, password) is cached so that a client sending the same credentials on every
 * request pays for bcrypt once. The cache holds digests, never passwords.
 */
final class BasicAuth {

    private static final int MAX_CACHED = 1024;

    private final Map<String, String> users;
    private final Map<String, Boolean> verdicts = new ConcurrentHashMap<>();

    BasicAuth(Map<String, String> users) {
        this.users = Map.copyOf(users);
    }

    boolean enabled() {
        return !users.isEmpty();
    }

    /** ALLOW or DENY when the answer is known without bcrypt, VERIFY otherwise. */
    Verdict admit(String authorization) {
        if (!enabled()) {
            return Verdict.ALLOW;
        }
        Credentials c = Credentials.parse(authorization);
        if (c == null) {
            return Verdict.DENY;
        }
        Boolean cached = verdicts.get(cacheKey(c));
        return cached == null ? Verdict.VERIFY : cached ? Verdict.ALLOW : Verdict.DENY;
    }

    boolean verify(String authorization) {
        if (!enabled()) {
            return true;
        }
        Credentials c = Credentials.parse(authorization);
        if (c == null) {
            return false;
        }
        String key = cacheKey(c);
        Boolean cached = verdicts.get(key);
        if (cached != null) {
            return cached;
        }
        String hash = users.get(c.user());
        boolean known = hash != null;
        boolean matches;
        try {
            matches = OpenBSDBCrypt.checkPassword(
                    known ? hash : UnknownUser.HASH, c.password().toCharArray());
        } catch (IllegalArgumentException | org.bouncycastle.crypto.DataLengthException e) {
            matches = false;
        }
        boolean ok = known && matches;
        if (verdicts.size() >= MAX_CACHED) {
            verdicts.clear();
        }
        verdicts.put(key, ok);
        return ok;
    }

    private String cacheKey(Credentials c) {
        String hash = users.getOrDefault(c.user(), "");
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (String part : new String[] {c.user(), hash, c.password()}) {
                sha.update(part.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private record Credentials(String user, String password) {
        static Credentials parse(String header) {
            if (header == null || header.length() < 6 || !header.regionMatches(true, 0, "Basic ", 0, 6)) {
                return null;
            }
            String decoded;
            try {
                decoded = new String(
                        Base64.getDecoder().decode(header.substring(6).trim()), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                return null;
            }
            int colon = decoded.indexOf(':');
            return colon < 0 ? null : new Credentials(decoded.substring(0, colon), decoded.substring(colon + 1));
        }
    }

    /** The hash compared against for a user that does not exist: of a random password, at bcrypt's usual cost. */
    private static final class UnknownUser {
        static final String HASH;

        static {
            SecureRandom random = new SecureRandom();
            byte[] salt = new byte[16];
            random.nextBytes(salt);
            HASH = OpenBSDBCrypt.generate("2y", HexFormat.of().formatHex(salt).toCharArray(), salt, 10);
        }
    }
}
