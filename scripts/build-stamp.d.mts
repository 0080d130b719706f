/** The project's folder (scripts/build-stamp.mjs). */
export const root: string;
/** Next's command line script. */
export const nextBin: string;
/** A hash of the sources a build depends on. */
export function sourceFingerprint(): string;
/** Whether .next holds a build of the current sources. */
export function isBuilt(fingerprint?: string): boolean;
/** Runs `next build` unless the current sources are built already; exits the process on failure. */
export function ensureBuild(): void;
/** Runs `next build` and stamps the build with the sources it was made from; exits the process on failure. */
export function build(fingerprint?: string): void;
/** The folders and files the build is made from. */
export const SOURCES: readonly string[];
