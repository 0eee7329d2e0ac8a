package io.tessera.server.cli;

import io.tessera.server.TesseraVersion;
import picocli.CommandLine.IVersionProvider;

/** The version printed by {@code tessera --version}. */
final class VersionProvider implements IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] {"tessera " + TesseraVersion.version() + " (Java " + Runtime.version() + ")"};
    }
}
