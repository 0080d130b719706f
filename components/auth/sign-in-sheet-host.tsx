"use client";

import dynamic from "next/dynamic";
import { useSignInRequested } from "./sign-in-state";

/** The sheet's code (the form, zod, the phone metadata) is fetched on its first opening, not with the page. */
export const loadSignInSheet = () => import("./sign-in-sheet");

const SignInSheet = dynamic(() => loadSignInSheet().then((m) => m.SignInSheet), { ssr: false });

export function SignInSheetHost() {
  return useSignInRequested() ? <SignInSheet /> : null;
}
