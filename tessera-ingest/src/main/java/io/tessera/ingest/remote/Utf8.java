package io.tessera.ingest.remote;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;

/** Strict UTF-8 decoding of protobuf string fields, with a fast path for ASCII. */
final class Utf8 {

    private Utf8() {}

    /** The string, or null when the bytes are not valid UTF-8. */
    static String decode(byte[] bytes, int offset, int length) {
        if (length == 0) {
            return "";
        }
        int end = offset + length;
        for (int i = offset; i < end; i++) {
            if (bytes[i] < 0) {
                return decodeNonAscii(bytes, offset, length);
            }
        }
        return new String(bytes, offset, length, StandardCharsets.ISO_8859_1);
    }

    private static String decodeNonAscii(byte[] bytes, int offset, int length) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .decode(ByteBuffer.wrap(bytes, offset, length))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
