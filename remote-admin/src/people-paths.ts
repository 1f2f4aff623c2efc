/** The people consoles' paths (users, companies), beside `paths.ts`. */
export const peoplePaths = {
  users: '/admin/users',
  entities: '/admin/entities',
} as const;
