/** Strings every part of the portal uses. */
export const common = {
  appTitle: 'Client Hub',
  loading: 'Loading…',
  retry: 'Retry',
  back: 'Back',
  save: 'Save',
  cancel: 'Cancel',
  close: 'Close',
  search: 'Search',
  'search-name-email': 'Search by name or email',
  empty: 'Nothing here yet.',
  sectionUnavailable: {
    title: 'This section is unavailable',
    body: 'It could not be loaded. The rest of the portal still works.',
  },
  transfer: {
    amount: '{{sent}} of {{total}}',
    speed: '{{speed}}/s',
    left: '{{time}} left',
  },
  deleteDialog: {
    question: 'Do you really want to delete this item ?',
    cancel: 'No, cancel',
    confirm: 'Yes, delete',
  },
  validation: {
    required: 'This field is required',
    fileRequired: 'File is Required',
    imageTooLarge: 'Image size should be less than 50 MB !',
    maxLength: 'Invalid length, maximum length is {{length}}',
    minLength: 'Invalid length, minimum length is {{length}}',
    httpsUrl: 'Please enter a valid URL (https://)',
    descriptionTooLong: 'Description is too long ! ({{length}}/9999)',
  },
  errors: {
    status: 'Error {{code}} : {{name}}',
    generic: 'Error',
  },
  status: {
    draft: 'Draft',
    published: 'Published',
  },
  // How fresh a report's data is (DataAsOf, @hub/shared/ui): the dashboards and the consoles' list.
  dataAsOf: {
    asOf: 'Data as of {{date}}',
    unknown: 'Data refresh date unknown',
    failed: 'The last data refresh failed ({{date}}): figures may be out of date.',
    stale: 'These figures have not been refreshed for a while.',
  },
  loadFailed: 'This could not be loaded.',
  // A conversation that shows its latest replies first (a helpdesk ticket).
  olderReplies: { load: 'Show older replies', failed: 'The older replies could not be loaded.' },
};
