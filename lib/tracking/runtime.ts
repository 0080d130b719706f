/**
 * The tracking code the page loads after hydration (components/tracking/tracking-code.ts), as one
 * module: one chunk to fetch instead of one per file.
 */
export { attachPixels, track } from "./pixels";
export { captureUtm } from "./utm";
export { followConsent } from "./consent";
export { sendsPageView } from "./page-view";
export { addedItems, addedValue } from "./cart-value";
// Starts real shoppers' Web Vitals: this chunk loads on every page right after hydration.
import "./vitals-start";
