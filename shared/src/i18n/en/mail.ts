/** The email and notification choices of the profile (the shell loads this namespace with that section only). */
export const mail = {
  preferences: {
    title: 'Notifications and email',
    intro: 'Choose how you hear of what is new for you. The portal always shows it; emails only say what happened and link to it.',
    loading: 'Loading your choices…',
    loadFailed: 'Your choices could not be loaded.',
    kinds: {
      content: 'Advices, news and dashboards',
      discussions: 'Discussions',
      collectmaster: 'Collectmaster requests and files',
      tickets: 'Helpdesk tickets',
      trainings: 'Trainings',
      releases: 'Releases of the portal’s sections (administrators)',
    },
    delivery: {
      portal: 'In the portal only',
      email: 'Email at once',
      digest: 'Daily digest',
      off: 'Off',
    },
    digestHour: 'Daily digest at',
    hour: '{{hour}}:00',
    timeZone: 'Time zone',
    language: 'Language of the emails',
    languages: { en: 'English', fr: 'Français' },
    categories: 'News categories you follow',
    allCategories: 'All categories',
    save: 'Save',
    saved: 'Your choices are saved.',
    saveFailed: 'Your choices could not be saved.',
    displayAs: 'You are displaying another person: their choices are shown, not changed.',
  },
};
