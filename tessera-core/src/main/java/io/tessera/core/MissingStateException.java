package io.tessera.core;

/**
 * A view read could not tile the requested range with stored states. The run must then answer
 * that part exactly from raw data; missing state is never treated as empty.
 */
public final class MissingStateException extends TesseraException {

    private final String view;
    private final Interval missing;

    public MissingStateException(String view, Interval missing, String reason) {
        super("view " + view + ": no state for " + missing + " (" + reason + ")");
        this.view = view;
        this.missing = missing;
    }

    public String view() {
        return view;
    }

    /** The first interval of the requested range that stored states do not cover. */
    public Interval missing() {
        return missing;
    }
}
