/**
 * A customer's name as one field or as first and last (separateFirstAndLastName), without the
 * checkout's form rules: the account settings use it too, and stay free of the phone library.
 */

/** Spec §5: trimmed name, or first + " " + last. */
export function fullName(form: { name: string; firstName: string; lastName: string }, separateNames: boolean): string {
  return separateNames ? `${form.firstName.trim()} ${form.lastName.trim()}` : form.name.trim();
}

/** Splits a stored full name for the first/last fields: the first word, then the rest. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(" ") };
}
