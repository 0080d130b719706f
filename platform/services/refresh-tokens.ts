import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { refreshTokens } from "../db/schema";
import { PlatformError } from "../errors";

/** Refresh tokens live 30 days from their issue; every use replaces the token (rotation). */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A token spent less than this long ago may be spent once more without counting as a reuse: two
 * storefront instances refreshing the same session at the same moment (two tabs, two requests)
 * must not sign the customer out. Later uses are reuses and revoke the family.
 */
export const REUSE_GRACE_MS = 10_000;

const invalid = () => new PlatformError("SP:InvalidRefreshToken", 401, "The refresh token is not valid; sign in again");

// Only the SHA-256 is stored: a database leak yields no usable token. The token has 256 random
// bits, so a plain (unkeyed) hash is enough.
const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

const wellFormed = (token: unknown): token is string => typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);

/** A new refresh token for the customer, in `familyId` (a new family at sign-in). */
export async function issueRefreshToken(
  db: Db | Tx,
  tenantId: string,
  customerId: string,
  familyId: string = randomUUID(),
  now = new Date(),
): Promise<{ token: string; expiresAt: Date; familyId: string }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS);
  await db
    .insert(refreshTokens)
    .values({ tenantId, customerId, familyId, tokenHash: hashToken(token), expiresAt, createdAt: now });
  return { token, expiresAt, familyId };
}

/**
 * Whether a session (a refresh token family) is still live: not revoked by logout or by a reused
 * token. Checked on every call an access token makes, so a copy of the token or of the session
 * cookie stops working the moment the customer logs out, on every instance.
 */
export async function sessionIsLive(db: Db, tenantId: string, familyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)),
    )
    .limit(1);
  return row !== undefined;
}

async function revokeFamily(db: Db | Tx, tenantId: string, familyId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)),
    );
}

/**
 * Spends a refresh token and answers its successor (same family). A token used a second time
 * (after REUSE_GRACE_MS) means it was copied: the whole family is revoked, the thief's and the customer's sessions
 * alike, and the customer signs in again. A token of another tenant is unknown here.
 */
export async function rotateRefreshToken(
  db: Db,
  tenantId: string,
  token: unknown,
  now = new Date(),
): Promise<{ customerId: string; token: string; expiresAt: Date; familyId: string }> {
  if (!wellFormed(token)) throw invalid();
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.tokenHash, hashToken(token))))
    .limit(1);
  if (!row || row.revokedAt || row.expiresAt <= now) throw invalid();
  const next = await db.transaction(async (tx) => {
    // Conditional: of two uses at once only one spends the token; the other is a reuse.
    const [spent] = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(refreshTokens.id, row.id),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      )
      .returning({ id: refreshTokens.id });
    return spent ? issueRefreshToken(tx, tenantId, row.customerId, row.familyId, now) : null;
  });
  if (!next) {
    const [again] = await db
      .select({ usedAt: refreshTokens.usedAt, revokedAt: refreshTokens.revokedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.id, row.id))
      .limit(1);
    if (again?.usedAt && !again.revokedAt && now.getTime() - again.usedAt.getTime() < REUSE_GRACE_MS) {
      return {
        customerId: row.customerId,
        ...(await issueRefreshToken(db, tenantId, row.customerId, row.familyId, now)),
      };
    }
    // Outside the transaction above, so that the revocation stays while the call fails.
    await revokeFamily(db, tenantId, row.familyId, now);
    throw invalid();
  }
  return { customerId: row.customerId, ...next };
}

/** Logout: revokes the token's whole family. Quietly does nothing for an unknown token. */
export async function revokeRefreshToken(db: Db, tenantId: string, token: unknown, now = new Date()): Promise<void> {
  if (!wellFormed(token)) return;
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.tokenHash, hashToken(token))))
    .limit(1);
  if (row) await revokeFamily(db, tenantId, row.familyId, now);
}
