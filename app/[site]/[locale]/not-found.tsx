import { StoreNotFound } from "./error";

/** The in-store 404, in the page's language: client code the page loads anyway (./error.tsx). */
export default function NotFound() {
  return <StoreNotFound />;
}
