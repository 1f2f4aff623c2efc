/** The dashboards remote's namespace. */
export const dashboards = {
  title: 'Dashboards',
  empty: 'No dashboard for you yet.',
};
