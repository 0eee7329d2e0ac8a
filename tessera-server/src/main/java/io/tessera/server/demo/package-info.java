/**
 * {@code tessera demo}: {@link DemoRunner} starts a real server on its embedded defaults with a
 * planned dashboard workload, {@link DemoFeed} writes the generated {@link DemoData} over remote
 * write, and {@link DemoQueries} asks each {@link DemoExample} both with and without views.
 */
package io.tessera.server.demo;
