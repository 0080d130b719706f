// Types of scripts/bench-content.mjs for the TypeScript tests that import it.
export type ImageHint = { href?: string; imageSrcSet?: string; imageSizes?: string; fetchPriority?: string };
export declare function imageUrls(text: string): string[];
export declare function splitPage(html: string): { body: string; hints: ImageHint[]; stylesheet: string | null };
export declare function writeProductMarkup(options: {
  port: number;
  host: string;
  paths: Record<string, string>;
}): Promise<void>;
