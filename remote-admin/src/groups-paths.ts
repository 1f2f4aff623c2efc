/** The groups console's and the audit log's paths, beside `paths.ts`. */
export const groupsPaths = {
  groups: '/admin/groups',
  audit: '/admin/audit',
} as const;
