package io.tessera.server.http;

import io.tessera.core.LimitExceededException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/** Reading a stream to its end with a cap on how many bytes it may hold. */
final class BoundedReads {

    private BoundedReads() {}

    /** All of {@code in}, or a {@link LimitExceededException} saying {@code overLimit} once it passes {@code limit} bytes. */
    static byte[] readAtMost(InputStream in, long limit, String overLimit) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
        byte[] buf = new byte[65536];
        long total = 0;
        int n;
        while ((n = in.read(buf)) > 0) {
            total += n;
            if (total > limit) {
                throw new LimitExceededException(overLimit);
            }
            out.write(buf, 0, n);
        }
        return out.toByteArray();
    }
}
