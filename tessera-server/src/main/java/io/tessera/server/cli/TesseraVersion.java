package io.tessera.server.cli;

import picocli.CommandLine.IVersionProvider;

/** The version printed by {@code tessera --version}, taken from the jar manifest. */
public final class TesseraVersion implements IVersionProvider {

    public static String version() {
        String v = TesseraVersion.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    @Override
    public String[] getVersion() {
        return new String[] {"tessera " + version() + " (Java " + Runtime.version() + ")"};
    }
}
