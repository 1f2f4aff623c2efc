/** The admin namespace's mail console (spread into `admin`). */
export const adminMail = {
  mail: {
    administratorsOnly: 'The emails are watched by administrators.',
    title: 'Emails',
    view: 'Show',
    views: { failed: 'Failed', pending: 'Waiting', sent: 'Sent', received: 'Received by the embedded SMTP server' },
    created: 'Written',
    received: 'Received',
    recipient: 'To',
    about: 'About',
    subject: 'Subject',
    state: 'Tries',
    digest: 'Daily digest',
    attempts_one: '{{count}} try',
    attempts_other: '{{count}} tries',
    retry: 'Send again',
    retried: 'The email will be sent again.',
    notEmbedded: 'Emails go to the SMTP server of SMTP_URL: nothing is received here.',
    empty: {
      failed: 'No email has failed.',
      pending: 'No email is waiting.',
      sent: 'No email was sent yet.',
      received: 'Nothing was received.',
    },
  },
};
