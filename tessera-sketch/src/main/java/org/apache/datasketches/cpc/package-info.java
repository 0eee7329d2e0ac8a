/**
 * Tessera's one class inside the DataSketches CPC package: {@link CpcCoupons} exposes coupon data
 * the library keeps package-private, so that distinct-count states can count further values on
 * top of an existing sketch. Nothing else of Tessera belongs here.
 */
package org.apache.datasketches.cpc;
