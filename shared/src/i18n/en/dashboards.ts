/** The dashboards remote's namespace. */
export const dashboards = {
  title: 'Dashboards',
  empty: 'No dashboard for you yet.',
  loading: 'Loading the dashboards…',
  loadFailed: 'The dashboards could not be loaded.',
  favourite: {
    add: 'Add {{title}} to my favourites',
    remove: 'Remove {{title}} from my favourites',
    failed: 'The favourite could not be saved.',
  },
  ask: {
    button: 'Ask my consultant',
    message: 'Hello, I have a question about the dashboard "{{title}}" ({{link}}):\n\n',
  },
  widget: {
    title: 'My favourite dashboards',
    empty: 'Star a dashboard to find it here.',
    browse: 'See all dashboards',
    loading: 'Loading…',
    failed: 'Your favourite dashboards could not be loaded.',
  },
  view: {
    back: 'Back to the dashboards',
    loading: 'Loading the dashboard',
    notFoundTitle: 'Dashboard not found',
    notFound: 'This dashboard does not exist or is not shared with you.',
  },
};
