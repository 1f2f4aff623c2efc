/** The admin remote's namespace. */
export const admin = {
  title: 'Administration',
  empty: 'Nothing to manage yet.',
};
