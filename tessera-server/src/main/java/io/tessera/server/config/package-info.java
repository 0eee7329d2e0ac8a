/**
 * The server's configuration: {@link ServerConfig} is everything {@code tessera serve} is
 * configured with, read from YAML by {@link ConfigLoader} through strict binding
 * ({@link YamlFiles}); {@link TableConfigs} checks declared tables and {@link ConfigValues} single
 * values, failing with a {@link ConfigValueException} that names the key.
 */
package io.tessera.server.config;
