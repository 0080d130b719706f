/**
 * The Idempotency-Key header: one key per user intent (a tap), reused when the same intent is
 * retried, on every mutating call. The browser makes it, the BFF passes it on, the platform's
 * router answers each intent once (platform/api/idempotency.ts).
 */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";

/** A UUID, or any 8–200 URL-safe characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,200}$/;

/** The methods that change something: the only ones a key applies to. */
export const MUTATING_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"]);
