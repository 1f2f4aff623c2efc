/** The absolute paths this remote answers (the shell mounts it on them, basename '/'). */
export const paths = {
  collectmaster: '/collectmaster',
} as const;
