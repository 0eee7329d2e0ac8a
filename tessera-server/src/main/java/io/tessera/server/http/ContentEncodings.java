package io.tessera.server.http;

import io.tessera.core.InvalidInputException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.InflaterInputStream;
import java.util.zip.ZipException;

/**
 * Request bodies sent with {@code Content-Encoding: gzip} or {@code deflate} (what ClickHouse
 * clients send when their HTTP compression is on), decoded with the decoded size bounded like the
 * body's, and whole response bodies gzipped for clients that ask for it.
 */
public final class ContentEncodings {

    private ContentEncodings() {}

    /**
     * {@code body} decoded from {@code encoding} (null, empty or {@code identity}: as it is),
     * refusing a decoded body over {@code limit} bytes; an encoding other than gzip and deflate, or
     * a body that is not in its encoding, is an {@link InvalidInputException}.
     */
    public static byte[] decode(String encoding, byte[] body, long limit) {
        String e = encoding == null ? "" : encoding.strip().toLowerCase(Locale.ROOT);
        if (e.isEmpty() || e.equals("identity")) {
            return body;
        }
        try {
            return switch (e) {
                case "gzip", "x-gzip" ->
                    readBounded(new GZIPInputStream(new ByteArrayInputStream(body)), limit, "gzip");
                case "deflate" ->
                    readBounded(new InflaterInputStream(new ByteArrayInputStream(body)), limit, "deflate");
                default ->
                    throw new InvalidInputException("Content-Encoding \"" + encoding.strip()
                            + "\" is not supported: send the body uncompressed, gzip or deflate");
            };
        } catch (ZipException | java.io.EOFException ex) {
            throw new InvalidInputException("the request body is not valid " + e + ": " + ex.getMessage());
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    private static byte[] readBounded(InputStream in, long limit, String encoding) throws IOException {
        try (in) {
            return BoundedReads.readAtMost(
                    in,
                    limit,
                    "the " + encoding + " request body decodes to more than the limit of " + limit + " bytes");
        }
    }

    /** Whether {@code acceptEncoding} (a request's {@code Accept-Encoding}) takes gzip. */
    public static boolean acceptsGzip(String acceptEncoding) {
        if (acceptEncoding == null) {
            return false;
        }
        for (String part : acceptEncoding.split(",")) {
            String[] coding = part.strip().split(";");
            String name = coding[0].strip().toLowerCase(Locale.ROOT);
            if ((name.equals("gzip") || name.equals("x-gzip") || name.equals("*")) && !refused(coding)) {
                return true;
            }
        }
        return false;
    }

    private static boolean refused(String[] coding) {
        for (int i = 1; i < coding.length; i++) {
            String p = coding[i].strip().toLowerCase(Locale.ROOT);
            if (p.startsWith("q=")) {
                try {
                    return Double.parseDouble(p.substring(2)) == 0;
                } catch (NumberFormatException e) {
                    return false;
                }
            }
        }
        return false;
    }

    /** {@code body} gzipped. */
    public static byte[] gzip(byte[] body) {
        return gzip(body, body.length);
    }

    /** The first {@code length} bytes of {@code body} gzipped. */
    static byte[] gzip(byte[] body, int length) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, length / 4));
        try (GZIPOutputStream z = new GZIPOutputStream(out, 8192)) {
            z.write(body, 0, length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
