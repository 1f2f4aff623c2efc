/** The people consoles' paths (users, companies), beside `paths.ts`. */
export const peoplePaths = {
  users: '/admin/users',
  entities: '/admin/entities',
  /** The entity admin area's users (contributor or more, the entity in force). */
  entityUsers: '/entity/admin/users',
} as const;
