/** The contact remote's namespace. */
export const contact = {
  title: 'My consultant',
  empty: 'No discussion yet.',
};
