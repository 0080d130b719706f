#!/usr/bin/env node
// `npm run build`: `next build`, stamped with the sources it was made from (scripts/build-stamp.mjs).
// A bare `next build` leaves no stamp, and the entry (scripts/start.mjs) would take its build for
// an old one.
import { build } from "./build-stamp.mjs";

build();
