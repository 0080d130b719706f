// Types of scripts/bench-content.mjs for the TypeScript tests that import it.
export type ImageHint = { href?: string; imageSrcSet?: string; imageSizes?: string; fetchPriority?: string };
export declare function imageUrls(text: string): string[];
export declare function splitPage(html: string): { body: string; hints: ImageHint[]; stylesheet: string | null };
export declare const VARIANTS: Record<
  string,
  {
    what: string;
    body?: (body: string) => string;
    css?: (css: string) => string;
    stylesheet?: (href: string | null) => string | null;
  }
>;
export declare function writeMarkup(options: {
  port: number;
  host: string;
  pages: Record<string, { path: string; lang: string }>;
  variants?: boolean;
}): Promise<void>;
