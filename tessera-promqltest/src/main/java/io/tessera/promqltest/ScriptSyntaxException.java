package io.tessera.promqltest;

/** A test script that does not follow the scripting language; the message names the line. */
final class ScriptSyntaxException extends RuntimeException {

    ScriptSyntaxException(String message) {
        super(message);
    }
}
