import type { Language, PreferenceKind } from '@hub/shared/api';

/**
 * What each email says, in English and French: a sentence per event code (what happened, never a
 * message's text or a file's content) and the words around it. The title is the item's own
 * (an advice's title, a discussion's subject, a file's name), as the notification recorded it.
 */
interface Words {
  events: Record<string, string>;
  /** An event code this table does not know yet. */
  otherEvent: string;
  kinds: Record<PreferenceKind, string>;
  open: string;
  digestSubject: (count: number) => string;
  digestIntro: (count: number) => string;
  more: (count: number) => string;
  why: (kind: string) => string;
  unsubscribe: string;
  signInNote: string;
}

export const WORDS: Record<Language, Words> = {
  en: {
    events: {
      'advice.published': 'A new advice is available',
      'news.published': 'A news item was published',
      'dashboard.available': 'A dashboard is available to you',
      'discussion.reply': 'Your consultant replied in a discussion',
      'discussion.closed': 'A discussion was closed',
      'discussion.customer_message': 'A customer wrote in a discussion you handle',
      'collectmaster.requested': 'A file is requested from your company',
      'collectmaster.accepted': 'A file you sent was accepted',
      'collectmaster.problem': 'A file you sent has a problem',
      'collectmaster.file_added': 'A file was added for you',
      'collectmaster.uploaded': 'A customer uploaded a file',
      'collectmaster.due_soon': 'A requested file is due soon',
      'collectmaster.due_today': 'A requested file is due today',
      'collectmaster.overdue': 'A requested file is overdue',
      'ticket.answered': 'Your helpdesk ticket was answered',
      'ticket.status': 'Your helpdesk ticket changed status',
      'training.starting': 'A training starts in 24 hours',
      'remote.rolled_back': 'A section’s new release was rolled back automatically: it failed too often in browsers',
      'advice.must_read': 'An advice awaits your reading and acknowledgement',
      'content.review_requested': 'An item awaits your review',
      'content.approved': 'Your item was approved',
      'content.rejected': 'Your item was returned to draft with a comment',
      'discussion.rating_requested': 'How helpful was your conversation with your consultant?',
      'promise.due_soon': 'A customer’s reply is due in 30 minutes',
      'promise.broken': 'A reply promise to a customer was missed',
      'rating.low': 'A customer gave a low rating to a conversation',
      'export.ready': 'Your data export is ready to download',
    },
    otherEvent: 'Something new is waiting for you',
    kinds: {
      content: 'advices, news and dashboards',
      discussions: 'discussions',
      collectmaster: 'Collectmaster',
      tickets: 'helpdesk tickets',
      trainings: 'trainings',
      releases: 'the releases of the portal’s sections',
      reviews: 'content reviews',
      promises: 'reply promises and ratings',
      exports: 'your data exports',
    },
    open: 'Open it in the portal',
    digestSubject: (count) => (count === 1 ? '1 new item for you' : `${count} new items for you`),
    digestIntro: (count) =>
      count === 1 ? 'Since your last digest, 1 thing is new for you:' : `Since your last digest, ${count} things are new for you:`,
    more: (count) => `and ${count} more in the portal`,
    why: (kind) => `You receive this email for ${kind}. Change this in your profile.`,
    unsubscribe: 'Stop these emails',
    signInNote: 'Sign in to read it: emails never carry the content itself.',
  },
  fr: {
    events: {
      'advice.published': 'Un nouveau conseil est disponible',
      'news.published': 'Une actualité a été publiée',
      'dashboard.available': 'Un tableau de bord est disponible pour vous',
      'discussion.reply': 'Votre consultant a répondu dans une discussion',
      'discussion.closed': 'Une discussion a été clôturée',
      'discussion.customer_message': 'Un client a écrit dans une discussion que vous suivez',
      'collectmaster.requested': 'Un fichier est demandé à votre société',
      'collectmaster.accepted': 'Un fichier que vous avez envoyé a été accepté',
      'collectmaster.problem': 'Un fichier que vous avez envoyé pose problème',
      'collectmaster.file_added': 'Un fichier a été ajouté pour vous',
      'collectmaster.uploaded': 'Un client a déposé un fichier',
      'collectmaster.due_soon': 'Un fichier demandé est bientôt attendu',
      'collectmaster.due_today': "Un fichier demandé est attendu aujourd'hui",
      'collectmaster.overdue': 'Un fichier demandé est en retard',
      'ticket.answered': 'Votre ticket a reçu une réponse',
      'ticket.status': 'Votre ticket a changé de statut',
      'training.starting': 'Une formation commence dans 24 heures',
      'remote.rolled_back':
        'La nouvelle version d’une section a été retirée automatiquement : elle échouait trop souvent dans les navigateurs',
      'advice.must_read': 'Un conseil attend votre lecture et votre confirmation',
      'content.review_requested': 'Un contenu attend votre relecture',
      'content.approved': 'Votre contenu a été approuvé',
      'content.rejected': 'Votre contenu a été renvoyé en brouillon avec un commentaire',
      'discussion.rating_requested': 'Votre conversation avec votre consultant vous a-t-elle aidé ?',
      'promise.due_soon': 'La réponse à un client est attendue dans 30 minutes',
      'promise.broken': 'Un délai de réponse à un client a été dépassé',
      'rating.low': 'Un client a donné une note basse à une conversation',
      'export.ready': 'Votre export de données est prêt à télécharger',
    },
    otherEvent: 'Du nouveau vous attend',
    kinds: {
      content: 'les conseils, actualités et tableaux de bord',
      discussions: 'les discussions',
      collectmaster: 'Collectmaster',
      tickets: 'les tickets',
      trainings: 'les formations',
      releases: 'les versions des sections du portail',
      reviews: 'les relectures de contenus',
      promises: 'les délais de réponse et les notes',
      exports: 'vos exports de données',
    },
    open: 'Ouvrir dans le portail',
    digestSubject: (count) => (count === 1 ? '1 nouveauté pour vous' : `${count} nouveautés pour vous`),
    digestIntro: (count) =>
      count === 1
        ? 'Depuis votre dernier récapitulatif, 1 nouveauté vous concerne :'
        : `Depuis votre dernier récapitulatif, ${count} nouveautés vous concernent :`,
    more: (count) => `et ${count} autres dans le portail`,
    why: (kind) => `Vous recevez cet e-mail pour ${kind}. Modifiez ce choix dans votre profil.`,
    unsubscribe: 'Ne plus recevoir ces e-mails',
    signInNote: 'Connectez-vous pour le lire : les e-mails ne contiennent jamais le contenu lui-même.',
  },
};
