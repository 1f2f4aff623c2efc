/** The helpdesk console's path, beside `paths.ts`. */
export const helpdeskPaths = {
  tickets: '/admin/tickets',
} as const;
