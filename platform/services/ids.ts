// Ids come from URLs and bodies; a string that is not a UUID cannot name a row, and passing it to
// PostgreSQL would fail with a 500 (invalid input syntax), so lookups treat it as "not found".
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_RE.test(value);
}
