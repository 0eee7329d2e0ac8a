/**
 * The server's side of recovery: {@link StartupService} answers on the HTTP port while the data
 * directory recovers, and {@link ViewDurability} saves views with every raw-store snapshot and
 * brings them back at start-up.
 */
package io.tessera.server.durability;
