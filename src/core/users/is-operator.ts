/** Operators are the emails in ADMIN_EMAILS (lower-cased by env parsing); nobody is one when it is empty. */
export function isOperator(adminEmails: readonly string[], email: string | null | undefined): boolean {
  return Boolean(email) && adminEmails.includes(email!.trim().toLowerCase());
}
