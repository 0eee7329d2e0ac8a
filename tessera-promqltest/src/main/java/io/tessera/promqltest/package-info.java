/**
 * A runner of Prometheus' PromQL test scripts: {@link ScriptParser} reads a script into a
 * {@link TestScript} of {@link Command}s, {@link ConformanceRunner} runs them against a
 * {@link PromqlEngine} (Tessera's through {@link TesseraEngineAdapter}) and checks each eval
 * with {@link OutcomeCheck} and {@link ResultComparison}, reporting a {@link ScriptReport};
 * {@link PromqlTestFiles} runs whole files.
 */
package io.tessera.promqltest;
