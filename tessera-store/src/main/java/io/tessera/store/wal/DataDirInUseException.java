package io.tessera.store.wal;

import io.tessera.core.TesseraException;
import java.nio.file.Path;

/** Another live process holds the data directory's lock: two servers must never share one directory. */
public final class DataDirInUseException extends TesseraException {

    public DataDirInUseException(Path dataDir, String holder) {
        super("the data directory " + dataDir.toAbsolutePath() + " is in use by another Tessera (" + holder
                + "); stop it or choose another --data-dir");
    }
}
