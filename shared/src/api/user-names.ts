/** Initials are the first letters of first and last name (docs/product.md §3). */
export function initials(user: { first_name: string; last_name: string }): string {
  return `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
}

/** The domain of an erased person's address: no one signs in with it (docs/product.md, "Your data: export and erasure"). */
export const ERASED_EMAIL_DOMAIN = 'erased.invalid';

/** Whether a person shown beside a message is a former user (erased): the browser signs them "Former user". */
export const isFormerUser = (user: { email: string } | null | undefined): boolean =>
  !!user && user.email.endsWith(`@${ERASED_EMAIL_DOMAIN}`);
