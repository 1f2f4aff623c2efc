/** The absolute paths this remote answers (the shell mounts it on them, basename '/'). */
export const paths = {
  contact: '/contact',
  contactClose: '/contact-close',
  tickets: '/tickets',
} as const;
