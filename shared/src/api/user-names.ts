/** Initials are the first letters of first and last name (docs/product.md §3). */
export function initials(user: { first_name: string; last_name: string }): string {
  return `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
}
