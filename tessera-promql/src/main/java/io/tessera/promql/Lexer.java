package io.tessera.promql;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/**
 * Splits a query into tokens on demand. What a character means depends on where it is: inside
 * braces every word is a label name, inside brackets only durations, numbers and {@code :} may
 * appear. Keywords are case-insensitive. After an error every further token is that error.
 */
final class Lexer {

    private static final int EOF_CHAR = -1;
    private static final String DECIMAL = "0123456789";
    private static final String HEX = "0123456789abcdefABCDEF";
    private static final int NOT_TERMINATED = -1;
    private static final int ILLEGAL_DIGIT = -2;

    private static final Map<String, TokenType> KEYWORDS = Map.ofEntries(
            Map.entry("and", TokenType.LAND),
            Map.entry("or", TokenType.LOR),
            Map.entry("unless", TokenType.LUNLESS),
            Map.entry("atan2", TokenType.ATAN2),
            Map.entry("sum", TokenType.AGGREGATOR),
            Map.entry("avg", TokenType.AGGREGATOR),
            Map.entry("count", TokenType.AGGREGATOR),
            Map.entry("min", TokenType.AGGREGATOR),
            Map.entry("max", TokenType.AGGREGATOR),
            Map.entry("group", TokenType.AGGREGATOR),
            Map.entry("stddev", TokenType.AGGREGATOR),
            Map.entry("stdvar", TokenType.AGGREGATOR),
            Map.entry("topk", TokenType.AGGREGATOR),
            Map.entry("bottomk", TokenType.AGGREGATOR),
            Map.entry("count_values", TokenType.AGGREGATOR),
            Map.entry("quantile", TokenType.AGGREGATOR),
            Map.entry("limitk", TokenType.AGGREGATOR),
            Map.entry("limit_ratio", TokenType.AGGREGATOR),
            Map.entry("offset", TokenType.OFFSET),
            Map.entry("by", TokenType.BY),
            Map.entry("without", TokenType.WITHOUT),
            Map.entry("on", TokenType.ON),
            Map.entry("ignoring", TokenType.IGNORING),
            Map.entry("group_left", TokenType.GROUP_LEFT),
            Map.entry("group_right", TokenType.GROUP_RIGHT),
            Map.entry("bool", TokenType.BOOL),
            Map.entry("start", TokenType.START),
            Map.entry("end", TokenType.END),
            Map.entry("inf", TokenType.NUMBER),
            Map.entry("nan", TokenType.NUMBER));

    private final String input;
    private int pos;
    private int start;
    private int parenDepth;
    private boolean braceOpen;
    private boolean bracketOpen;
    private boolean gotColon;
    private boolean gotDuration;
    private Token failure;
    private int illegalDigit;

    Lexer(String input) {
        this.input = input;
    }

    /** The next token, skipping spaces and comments. */
    Token next() {
        if (failure != null) {
            return failure;
        }
        Token t = null;
        while (t == null) {
            start = pos;
            if (Syntax.isSpace(peek())) {
                pos++;
            } else if (peek() == EOF_CHAR) {
                t = endOfInput();
            } else if (!braceOpen && arithmeticOperator(peek()) != null) {
                t = emit(arithmeticOperator(read()));
            } else if (bracketOpen && !braceOpen) {
                t = insideBrackets();
            } else if (input.startsWith("#", pos)) {
                skipComment();
            } else if (braceOpen) {
                t = insideBraces();
            } else {
                t = statement();
            }
        }
        if (t.is(TokenType.ERROR)) {
            failure = t;
        }
        return t;
    }

    private Token endOfInput() {
        if (braceOpen) {
            return error("unexpected end of input inside braces");
        }
        if (bracketOpen) {
            return error("unclosed left bracket");
        }
        return parenDepth != 0 ? error("unclosed left parenthesis") : emit(TokenType.EOF);
    }

    private Token statement() {
        int c = read();
        switch (c) {
            case ',' -> {
                return emit(TokenType.COMMA);
            }
            case '@' -> {
                return emit(TokenType.AT);
            }
            case '=' -> {
                if (accept("=")) {
                    return emit(TokenType.EQLC);
                }
                if (peek() == '~') {
                    return error("unexpected character after '=': '~'");
                }
                return emit(TokenType.EQL);
            }
            case '!' -> {
                int n = read();
                return n == '=' ? emit(TokenType.NEQ) : error("unexpected character after '!': " + Syntax.quoteRune(n));
            }
            case '<' -> {
                if (peek() == '/') {
                    return error("native histograms are not supported: the trim operator \"</\" needs them");
                }
                return emit(accept("=") ? TokenType.LTE : TokenType.LSS);
            }
            case '>' -> {
                if (peek() == '/') {
                    return error("native histograms are not supported: the trim operator \">/\" needs them");
                }
                return emit(accept("=") ? TokenType.GTE : TokenType.GTR);
            }
            case '"', '\'', '`' -> {
                return quoted(c);
            }
            case '(' -> {
                parenDepth++;
                return emit(TokenType.LEFT_PAREN);
            }
            case ')' -> {
                Token t = emit(TokenType.RIGHT_PAREN);
                if (--parenDepth < 0) {
                    start = pos;
                    return error("unexpected right parenthesis ')'");
                }
                return t;
            }
            case '{' -> {
                if (peek() == '{') {
                    return error("native histograms are not supported: unexpected \"{{\"");
                }
                braceOpen = true;
                return emit(TokenType.LEFT_BRACE);
            }
            case '[' -> {
                bracketOpen = true;
                gotColon = false;
                gotDuration = false;
                return emit(TokenType.LEFT_BRACKET);
            }
            case ']' -> {
                return error("unexpected right bracket ']'");
            }
            default -> {
                if (startsNumber(c)) {
                    return numberOrDuration();
                }
                if (Syntax.isAlpha(c) || c == ':') {
                    return keywordOrIdentifier();
                }
                return error("unexpected character: " + Syntax.quoteRune(c));
            }
        }
    }

    private Token insideBraces() {
        int c = read();
        switch (c) {
            case ',' -> {
                return emit(TokenType.COMMA);
            }
            case '"', '\'', '`' -> {
                return quoted(c);
            }
            case '=' -> {
                return emit(accept("~") ? TokenType.EQL_REGEX : TokenType.EQL);
            }
            case '!' -> {
                int n = read();
                if (n == '~') {
                    return emit(TokenType.NEQ_REGEX);
                }
                if (n == '=') {
                    return emit(TokenType.NEQ);
                }
                return error("unexpected character after '!' inside braces: " + Syntax.quoteRune(n));
            }
            case '{' -> {
                return error("unexpected left brace '{'");
            }
            case '}' -> {
                braceOpen = false;
                return emit(TokenType.RIGHT_BRACE);
            }
            default -> {
                if (Syntax.isAlpha(c)) {
                    while (Syntax.isAlphaNumeric(peek())) {
                        pos++;
                    }
                    return emit(TokenType.IDENTIFIER);
                }
                return error("unexpected character inside braces: " + Syntax.quoteRune(c));
            }
        }
    }

    private Token insideBrackets() {
        int c = read();
        switch (c) {
            case ']' -> {
                bracketOpen = false;
                return emit(TokenType.RIGHT_BRACKET);
            }
            case ':' -> {
                if (!gotDuration) {
                    return error("unexpected colon before duration in duration expression");
                }
                if (gotColon) {
                    return error("unexpected repeated colon in duration expression");
                }
                gotColon = true;
                return emit(TokenType.COLON);
            }
            case '[' -> {
                return error("unexpected left bracket '['");
            }
            default -> {
                if (startsNumber(c)) {
                    gotDuration = true;
                    return numberOrDuration();
                }
                return error("unexpected character in duration expression: " + Syntax.quoteRune(c));
            }
        }
    }

    /** Whether {@code c}, just read, starts a number or duration: a digit, or a dot before one. */
    private boolean startsNumber(int c) {
        return Syntax.isDigit(c) || (c == '.' && Syntax.isDigit(peek()));
    }

    /** The arithmetic operator the character {@code c} is on its own (outside braces), or null. */
    private static TokenType arithmeticOperator(int c) {
        return switch (c) {
            case '+' -> TokenType.ADD;
            case '-' -> TokenType.SUB;
            case '*' -> TokenType.MUL;
            case '/' -> TokenType.DIV;
            case '%' -> TokenType.MOD;
            case '^' -> TokenType.POW;
            default -> null;
        };
    }

    private Token keywordOrIdentifier() {
        while (Syntax.isAlphaNumeric(peek()) || peek() == ':') {
            pos++;
        }
        String word = input.substring(start, pos);
        TokenType keyword = KEYWORDS.get(word.toLowerCase(Locale.ROOT));
        if (keyword != null) {
            return emit(keyword);
        }
        return emit(word.indexOf(':') >= 0 ? TokenType.METRIC_IDENTIFIER : TokenType.IDENTIFIER);
    }

    /** The string literal that {@code c}, just read, opens: a raw string after a backquote. */
    private Token quoted(int c) {
        return c == '`' ? rawString() : string((char) c);
    }

    /** The number or duration the current token starts, read again from its first character. */
    private Token numberOrDuration() {
        pos = start;
        if (scanNumber()) {
            return emit(TokenType.NUMBER);
        }
        if (scanRemainingDuration()) {
            return emit(TokenType.DURATION);
        }
        return error("bad number or duration syntax: " + Syntax.quote(input.substring(start, pos)));
    }

    /**
     * Consumes {@code [.]d[d._eE]*} with at most one dot and one exponent, hexadecimal after
     * {@code 0x}, and underscores between digits. True when what follows cannot continue a word.
     */
    private boolean scanNumber() {
        int initial = pos;
        String digits = DECIMAL;
        if (accept("0") && accept("xX")) {
            accept("_");
            digits = HEX;
        }
        accept(".");
        accept(digits);
        boolean dot = false;
        boolean exponent = false;
        String continuing = digits + "._eE";
        while (peek() >= 0 && continuing.indexOf(peek()) >= 0) {
            if (peek() == '.' && dot) {
                pos++;
                return false;
            }
            if ((peek() == 'e' || peek() == 'E') && exponent) {
                pos++;
                return false;
            }
            if (accept(".")) {
                dot = true;
                if (accept("_.") || digits == HEX) {
                    return false;
                }
            } else if (accept("eE")) {
                exponent = true;
                accept("+-");
                if (accept("._eE") || peek() == EOF_CHAR) {
                    return false;
                }
            } else if (accept("_")) {
                if (accept("._eE") || peek() == EOF_CHAR) {
                    return false;
                }
            } else {
                while (peek() >= 0 && digits.indexOf(peek()) >= 0) {
                    pos++;
                }
            }
        }
        return pos != initial && !Syntax.isAlphaNumeric(peek());
    }

    /**
     * After the leading digits: {@code <unit>[<digits><unit>]…}, then no word character. A word
     * character that follows is consumed, so that the error quotes it.
     */
    private boolean scanRemainingDuration() {
        if (!accept("smhdwy")) {
            return false;
        }
        accept("s");
        while (accept(DECIMAL)) {
            while (accept(DECIMAL)) {
                // the whole run of digits
            }
            if (!accept("smhdw")) {
                return false;
            }
            accept("s");
        }
        int c = read();
        if (Syntax.isAlphaNumeric(c)) {
            return false;
        }
        if (c != EOF_CHAR) {
            pos--;
        }
        return true;
    }

    /** A "…" or '…' string with Go escapes; escapes may spell bytes that must form UTF-8. */
    private Token string(char quote) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        boolean rawBytes = false;
        while (true) {
            int c = read();
            if (c == quote) {
                break;
            }
            if (c == EOF_CHAR || c == '\n') {
                return error("unterminated quoted string");
            }
            if (c != '\\') {
                appendUtf8(bytes, Character.isHighSurrogate((char) c) ? readLowSurrogate(c) : c);
                continue;
            }
            int e = read();
            switch (e) {
                case 'a' -> bytes.write(0x07);
                case 'b' -> bytes.write('\b');
                case 'f' -> bytes.write('\f');
                case 'n' -> bytes.write('\n');
                case 'r' -> bytes.write('\r');
                case 't' -> bytes.write('\t');
                case 'v' -> bytes.write(0x0b);
                case '\\' -> bytes.write('\\');
                case '0', '1', '2', '3', '4', '5', '6', '7' -> {
                    pos--;
                    int v = escapeDigits(3, 8);
                    if (v < 0) {
                        return failure(v);
                    }
                    if (v > 255) {
                        return error("escape sequence is an invalid Unicode code point");
                    }
                    bytes.write(v);
                    rawBytes = true;
                }
                case 'x' -> {
                    int v = escapeDigits(2, 16);
                    if (v < 0) {
                        return failure(v);
                    }
                    bytes.write(v);
                    rawBytes = true;
                }
                case 'u', 'U' -> {
                    int v = escapeDigits(e == 'u' ? 4 : 8, 16);
                    if (v < 0) {
                        return failure(v);
                    }
                    if (v > Character.MAX_CODE_POINT || (v >= 0xD800 && v < 0xE000)) {
                        return error("escape sequence is an invalid Unicode code point");
                    }
                    appendUtf8(bytes, v);
                }
                case EOF_CHAR -> {
                    return error("escape sequence not terminated");
                }
                default -> {
                    if (e != quote) {
                        return error("unknown escape sequence " + unicodeName(e));
                    }
                    bytes.write(e);
                }
            }
        }
        String value;
        try {
            value = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray()))
                    .toString();
        } catch (CharacterCodingException ex) {
            return error(
                    rawBytes
                            ? "invalid UTF-8 in string: escape sequences must spell valid UTF-8"
                            : "invalid UTF-8 rune");
        }
        return new Token(TokenType.STRING, start, input.substring(start, pos), value);
    }

    private Token rawString() {
        while (true) {
            int c = read();
            if (c == EOF_CHAR) {
                return error("unterminated raw string");
            }
            if (c == '`') {
                break;
            }
        }
        String text = input.substring(start, pos);
        return new Token(TokenType.STRING, start, text, text.substring(1, text.length() - 1));
    }

    private int readLowSurrogate(int high) {
        int low = peek();
        if (low >= 0 && Character.isLowSurrogate((char) low)) {
            pos++;
            return Character.toCodePoint((char) high, (char) low);
        }
        return 0xFFFD;
    }

    /** Reads {@code n} digits of {@code base}; a negative result says which error occurred. */
    private int escapeDigits(int n, int base) {
        long v = 0;
        for (int i = 0; i < n; i++) {
            int c = read();
            int d = Character.digit(c < 0 ? ' ' : c, base);
            if (c < 0 || c > 0x7f || d < 0) {
                if (c == EOF_CHAR) {
                    return NOT_TERMINATED;
                }
                illegalDigit = c;
                return ILLEGAL_DIGIT;
            }
            v = v * base + d;
        }
        return v > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) v;
    }

    private Token failure(int code) {
        return code == NOT_TERMINATED
                ? error("escape sequence not terminated")
                : error("illegal character " + unicodeName(illegalDigit) + " in escape sequence");
    }

    /** Go's {@code %#U}: {@code U+0071 'q'}. */
    private static String unicodeName(int c) {
        return String.format(Locale.ROOT, "U+%04X", c) + (c >= ' ' ? " " + Syntax.quoteRune(c) : "");
    }

    private static void appendUtf8(ByteArrayOutputStream out, int codePoint) {
        byte[] b = new String(Character.toChars(codePoint)).getBytes(StandardCharsets.UTF_8);
        out.write(b, 0, b.length);
    }

    private void skipComment() {
        while (pos < input.length() && input.charAt(pos) != '\n' && input.charAt(pos) != '\r') {
            pos++;
        }
    }

    private int read() {
        return pos < input.length() ? input.charAt(pos++) : EOF_CHAR;
    }

    private int peek() {
        return pos < input.length() ? input.charAt(pos) : EOF_CHAR;
    }

    private boolean accept(String valid) {
        if (pos < input.length() && valid.indexOf(input.charAt(pos)) >= 0) {
            pos++;
            return true;
        }
        return false;
    }

    private Token emit(TokenType type) {
        return new Token(type, start, input.substring(start, pos));
    }

    private Token error(String message) {
        return new Token(TokenType.ERROR, start, message);
    }
}
