/** Table columns held as arrays, copied by row whatever their element type. */
package io.tessera.exec.columns;
