/** Dense int codes for distinct values, shared by the view group dictionaries and the STRING columns ({@link DenseCodes}). */
package io.tessera.store.codes;
