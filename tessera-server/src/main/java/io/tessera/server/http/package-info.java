/**
 * The one HTTP port: {@link HttpService} is the Undertow listener and router, running each
 * {@link Handler} on a worker with a {@link Request} and a streamed {@link ResponseStream}.
 * {@link AccessGate} decides who may use the listener, {@link WriteGuard} keeps web pages from
 * changing state, {@link ClientWatch} notices clients that go away, and
 * {@link ContentEncodings} reads compressed request bodies.
 */
package io.tessera.server.http;
