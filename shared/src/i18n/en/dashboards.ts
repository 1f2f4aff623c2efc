/** The dashboards remote's namespace. */
export const dashboards = {
  title: 'Dashboards',
  empty: 'No dashboard for you yet.',
  loading: 'Loading the dashboards…',
  loadFailed: 'The dashboards could not be loaded.',
  view: {
    back: 'Back to the dashboards',
    loading: 'Loading the dashboard',
    notFoundTitle: 'Dashboard not found',
    notFound: 'This dashboard does not exist or is not shared with you.',
  },
};
