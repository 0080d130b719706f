// Types of scripts/bundle-budget.mjs for the TypeScript tests that import it.
export type Forbidden = { what: string; marker: string };
export type BundleRow = { route: string; chunks: number; rawBytes: number; gzipBytes: number; budgetKb: number | null };
export declare const BUDGETS_KB: Record<string, number>;
export declare const PRODUCT_ROUTE: string;
export declare const FORBIDDEN_ON_PRODUCT_PAGE: Forbidden[];
export declare function kb(bytes: number): string;
export declare function checkBundles(options: {
  root: string;
  budgets?: Record<string, number>;
  forbidden?: Forbidden[];
  productRoute?: string;
}): { rows: BundleRow[]; failures: string[] };
