// Tests import server modules directly; Next's "server-only" guard is for bundles, not for Node.
export {};
