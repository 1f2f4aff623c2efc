/** The absolute paths this remote answers (the shell mounts it on them, basename '/'). */
export const paths = {
  admin: '/admin',
  entityAdmin: '/entity/admin',
  documentation: '/documentation',
  entityDocumentation: '/entity/documentation',
} as const;
