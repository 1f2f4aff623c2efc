/** The collectmaster remote's namespace. */
export const collectmaster = {
  title: 'Collectmaster',
  empty: 'No file yet.',
};
