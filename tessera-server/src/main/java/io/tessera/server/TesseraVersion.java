package io.tessera.server;

/** Tessera's version, taken from the jar manifest ({@code dev} when run from classes). */
public final class TesseraVersion {

    private TesseraVersion() {}

    public static String version() {
        String v = TesseraVersion.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
