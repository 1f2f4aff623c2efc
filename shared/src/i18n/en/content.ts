/** The content remote's namespace: advices, news items, trainings. */
export const content = {
  title: 'Advices',
  empty: 'No advice for you yet.',
  advices: {
    title: 'Advices',
    loading: 'Loading the advices…',
    empty: 'No advice for you yet.',
    pinned: 'Pinned',
    count: '{{count}} advices',
    loadFailed: 'The advices could not be loaded.',
  },
  adviceDetails: {
    title: 'Advice',
    placeholder: 'The full advice will be shown here soon.',
    back: 'Back to the advices',
  },
  news: {
    title: 'News',
    placeholder: 'The news items will be shown here soon.',
  },
};
