package io.tessera.spi;

/** What a store sees of the run it reads for: whether that run still wants the answer. */
public interface ReadContext {

    /**
     * Throws when the run was cancelled or is past its deadline; a store may call it between
     * units of work of a long read.
     */
    void checkAlive();
}
