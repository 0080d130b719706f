import { getTableColumns } from "drizzle-orm";
import { products } from "../db/schema";

/** The columns of a product that no rule of a cart line reads: its texts and its bookkeeping. */
const NOT_FOR_RULES = [
  "descriptionAr",
  "descriptionEn",
  "slugAr",
  "slugEn",
  "sortOrder",
  "rev",
  "updatedAt",
  "createdAt",
] as const;
type NotForRules = (typeof NOT_FOR_RULES)[number];

/**
 * A product as the cart's rules see it (what a line may hold, its stock, seats and slots): the row
 * without its descriptions in two languages and its bookkeeping, which the hot cart calls would
 * otherwise read, decode and drop on every add and read.
 */
export type RuleProduct = Omit<typeof products.$inferSelect, NotForRules>;

export const ruleProductColumns = Object.fromEntries(
  Object.entries(getTableColumns(products)).filter(([name]) => !(NOT_FOR_RULES as readonly string[]).includes(name)),
) as Omit<ReturnType<typeof getTableColumns<typeof products>>, NotForRules>;
