/** The content remote's namespace. */
export const content = {
  title: 'Advices',
  empty: 'No advice for you yet.',
};
