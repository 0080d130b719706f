/**
 * Request size limits, one constant per kind of body (QUALITY.md: bodies are read as a stream and
 * cut at the limit). Shared by the platform, the BFF and the browser's own checks.
 */

/** A JSON body: the largest the storefront sends is an Apple Pay token (a few kilobytes). */
export const JSON_BODY_LIMIT = 100 * 1024;

/** Spec §5/§9: one file of at most 5 MB (5,242,880 bytes): receipts and custom-field documents. */
export const UPLOAD_FILE_LIMIT = 5_242_880;

/** A multipart upload's whole body: the file plus room for the form's framing and small fields. */
export const UPLOAD_BODY_LIMIT = UPLOAD_FILE_LIMIT + 64 * 1024;

/** A Web Vitals beacon: five metrics and four labels fit in well under 1 KB. */
export const VITALS_BODY_LIMIT = 2 * 1024;
