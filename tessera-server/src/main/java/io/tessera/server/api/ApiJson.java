package io.tessera.server.api;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.io.OutputStream;

/**
 * JSON written byte for byte as Prometheus writes it. Two string escapings are in use there:
 * labels inside results are written raw by its stream encoder (only quote, backslash and control
 * characters escaped); every other string goes through Go's standard escaping, which also
 * escapes {@code < > &} and U+2028/U+2029. Go spells {@code \\u} escapes in lower-case hex.
 */
final class ApiJson {

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .disable(StreamWriteFeature.FLUSH_PASSED_TO_STREAM)
            .build();

    /** Go's standard escaping (with HTML characters), for everything but result labels. */
    static final CharacterEscapes STANDARD = new GoEscapes(true);
    /** The raw escaping of label names and values in results. */
    static final CharacterEscapes LABELS = new GoEscapes(false);

    private ApiJson() {}

    static JsonGenerator open(OutputStream out) throws IOException {
        JsonGenerator g = FACTORY.createGenerator(out);
        g.setCharacterEscapes(STANDARD);
        return g;
    }

    /**
     * A sample's timestamp as Prometheus' {@code MarshalTimestamp} writes it: seconds, then a
     * three-digit millisecond fraction when it is not zero ({@code 1435781451.780}).
     */
    static String timestamp(long ms) {
        StringBuilder sb = new StringBuilder(16);
        if (ms < 0) {
            sb.append('-');
        }
        long abs = Math.abs(ms);
        sb.append(abs / 1000);
        long fraction = abs % 1000;
        if (fraction != 0) {
            sb.append('.');
            if (fraction < 100) {
                sb.append('0');
            }
            if (fraction < 10) {
                sb.append('0');
            }
            sb.append(fraction);
        }
        return sb.toString();
    }

    /**
     * A scalar's or string's timestamp, which Prometheus writes as Go's JSON encoding of the
     * float64 {@code t / 1000} ({@code 1435781451.78}). Epoch milliseconds over 1000 never
     * reach the magnitudes where Go switches to exponent form.
     */
    static String floatSeconds(long ms) {
        return GoFloats.formatF(ms / 1000.0);
    }

    private static final class GoEscapes extends CharacterEscapes {

        private static final char[] HEX = "0123456789abcdef".toCharArray();

        private final int[] ascii;
        private final boolean html;

        GoEscapes(boolean html) {
            this.html = html;
            ascii = new int[128];
            for (int c = 0; c < 0x20; c++) {
                ascii[c] = ESCAPE_CUSTOM;
            }
            ascii['\n'] = 'n';
            ascii['\r'] = 'r';
            ascii['\t'] = 't';
            ascii['"'] = '"';
            ascii['\\'] = '\\';
            if (html) {
                ascii['<'] = ESCAPE_CUSTOM;
                ascii['>'] = ESCAPE_CUSTOM;
                ascii['&'] = ESCAPE_CUSTOM;
            }
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            if (ch < 0x80 || (html && (ch == 0x2028 || ch == 0x2029))) {
                return new SerializedString(
                        "\\u" + HEX[(ch >> 12) & 0xf] + HEX[(ch >> 8) & 0xf] + HEX[(ch >> 4) & 0xf] + HEX[ch & 0xf]);
            }
            return null;
        }
    }
}
