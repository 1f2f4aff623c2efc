/** The admin remote's namespace. */
export const admin = {
  title: 'Administration',
  empty: 'Nothing to manage yet.',
  documentation: {
    title: "Consultants' documentation",
    entityTitle: 'Entity administration documentation',
    intro: "How the publisher's team and entity administrators run the hub.",
    sections: {
      content: {
        title: 'Publishing content',
        body: 'Advices, news items and dashboards start as drafts. Only drafts can be edited: change a published item back to draft, edit it, then publish it again. Descriptions are limited to 9999 characters.',
      },
      audience: {
        title: 'Choosing the audience',
        body: 'An advice or a dashboard is shown either to every user of its entity or only to the users you pick in the double list.',
      },
      displayAs: {
        title: 'Seeing the hub as a customer',
        body: 'Administrators can display the hub as another user, with or without unpublished content, and return to their own identity at any time. Every start is written to the audit log.',
      },
      discussions: {
        title: 'Answering customers',
        body: 'Customers expect an answer within 2 hours, 8am-8pm on weekdays. Use Send & Close when a question is settled.',
      },
    },
  },
};
