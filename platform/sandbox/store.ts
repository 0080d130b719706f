import "server-only";
import { and, eq, inArray, like } from "drizzle-orm";
import type { Db } from "../db/client";
import { sandboxObjects } from "../db/schema";

// The sandboxes' state: one sandboxObjects row per provider object. Row ids are namespaced
// (`provider:kind:externalId`) because providers' own ids (e.g. numeric invoice ids) may clash.

/** A provider sandbox's name: its folder's, the segment after /sandbox/. */
export type SandboxProvider = string;

export type SandboxObject<T> = {
  externalId: string;
  account: string;
  status: string;
  data: T;
  createdAt: Date;
  updatedAt: Date;
};

const rowId = (provider: SandboxProvider, kind: string, externalId: string) => `${provider}:${kind}:${externalId}`;

const toObject = <T>(row: typeof sandboxObjects.$inferSelect, externalId: string): SandboxObject<T> => ({
  externalId,
  account: row.account,
  status: row.status,
  // Written only by this module's callers with the same T.
  data: row.data as T,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** Inserts an object; false when one with this id exists already (idempotent creation). */
export async function insertObject<T extends object>(
  db: Db,
  provider: SandboxProvider,
  kind: string,
  externalId: string,
  values: { account: string; status: string; data: T },
): Promise<boolean> {
  const inserted = await db
    .insert(sandboxObjects)
    .values({
      id: rowId(provider, kind, externalId),
      provider,
      kind,
      account: values.account,
      status: values.status,
      data: { ...values.data } as Record<string, unknown>,
    })
    .onConflictDoNothing()
    .returning({ id: sandboxObjects.id });
  return inserted.length > 0;
}

export async function findObject<T>(
  db: Db,
  provider: SandboxProvider,
  kind: string,
  externalId: string,
): Promise<SandboxObject<T> | null> {
  const [row] = await db
    .select()
    .from(sandboxObjects)
    .where(eq(sandboxObjects.id, rowId(provider, kind, externalId)))
    .limit(1);
  return row ? toObject<T>(row, externalId) : null;
}

/** The objects of a kind whose id starts with `prefix` (a merchant's registered webhooks). */
export async function listObjects<T>(
  db: Db,
  provider: SandboxProvider,
  kind: string,
  prefix: string,
): Promise<SandboxObject<T>[]> {
  const start = rowId(provider, kind, prefix).replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .select()
    .from(sandboxObjects)
    .where(like(sandboxObjects.id, `${start}%`));
  return rows.map((r) => toObject<T>(r, r.id.slice(`${provider}:${kind}:`.length)));
}

/**
 * Moves an object to `status` (and merges `data`) only while its status is one of `from`, so that
 * two clicks or two tabs settle it once; null when it was not in one of those states.
 */
export async function transitionObject<T>(
  db: Db,
  provider: SandboxProvider,
  kind: string,
  externalId: string,
  from: string[],
  to: { status: string; data?: Partial<T> },
): Promise<SandboxObject<T> | null> {
  const current = await findObject<T>(db, provider, kind, externalId);
  if (!current || !from.includes(current.status)) return null;
  const [row] = await db
    .update(sandboxObjects)
    .set({ status: to.status, data: { ...current.data, ...to.data } as Record<string, unknown>, updatedAt: new Date() })
    .where(and(eq(sandboxObjects.id, rowId(provider, kind, externalId)), inArray(sandboxObjects.status, from)))
    .returning();
  return row ? toObject<T>(row, externalId) : null;
}

/**
 * Changes an object under its row lock: `change` sees it as it is now and answers its next state,
 * or a refusal (kept as `refused`). Concurrent changes (two refunds of one payment) queue here, so
 * a rule such as "no more than was paid" holds whatever arrives at once.
 */
export async function mutateObject<T, R>(
  db: Db,
  provider: SandboxProvider,
  kind: string,
  externalId: string,
  change: (current: SandboxObject<T>) => { status?: string; data?: Partial<T>; result: R } | { refused: R },
): Promise<{ object: SandboxObject<T>; result: R; refused: boolean } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sandboxObjects)
      .where(eq(sandboxObjects.id, rowId(provider, kind, externalId)))
      .for("update");
    if (!row) return null;
    const current = toObject<T>(row, externalId);
    const next = change(current);
    if ("refused" in next) return { object: current, result: next.refused, refused: true };
    const [updated] = await tx
      .update(sandboxObjects)
      .set({
        status: next.status ?? current.status,
        data: { ...current.data, ...next.data } as Record<string, unknown>,
        updatedAt: new Date(),
      })
      .where(eq(sandboxObjects.id, rowId(provider, kind, externalId)))
      .returning();
    return { object: toObject<T>(updated, externalId), result: next.result, refused: false };
  });
}
