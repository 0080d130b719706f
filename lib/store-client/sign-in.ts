import type { signIn } from "@/contract/store/sign-in";
import { signInRoutes } from "@/contract/store/routes/sign-in";
import { apiClient } from "./client";

/** Signing in by a code sent by SMS. */
export const signInApi = apiClient<typeof signIn>(signInRoutes);
