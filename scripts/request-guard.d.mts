import type { IncomingMessage, ServerResponse } from "node:http";

/** The request guard of the server's process (scripts/request-guard.mjs). */
export function malformedPath(url: string | undefined): boolean;
export function refuseMalformed(req: IncomingMessage, res: ServerResponse): void;
export const OUTAGE_WINDOW_MS: number;
export const OUTAGE_RETRY_AFTER_S: number;
export function outagePage(url: string | undefined): string;
export function answerOutagesOf(req: IncomingMessage, res: ServerResponse): void;
export function trustedProxies(value?: string): Set<string>;
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: Set<string>,
): string;
export function acceptsGzip(value: string | string[] | undefined): boolean;
export function installRequestGuard(trusted?: Set<string>): void;
