"use client";

import { onDemand } from "@/components/on-demand";
import { signInFailed, useSignInRequested } from "./sign-in-state";

/** The sheet's code (the form, zod, the phone metadata) is fetched on its first opening, not with the page. */
export const loadSignInSheet = () => import("./sign-in-sheet");

const SignInSheet = onDemand(() => loadSignInSheet().then((m) => m.SignInSheet), signInFailed);

export function SignInSheetHost() {
  return useSignInRequested() ? <SignInSheet /> : null;
}
