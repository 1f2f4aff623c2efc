import type { Catalogue } from '../catalogue';
import type { adminMail as en } from '../en/admin-mail';

/** La console des e-mails (répartie dans `admin`). */
export const adminMail: Catalogue<typeof en> = {
  mail: {
    administratorsOnly: 'Les e-mails sont suivis par les administrateurs.',
    title: 'E-mails',
    view: 'Afficher',
    views: { failed: 'En échec', pending: 'En attente', sent: 'Envoyés', received: 'Reçus par le serveur SMTP intégré' },
    created: 'Écrit le',
    received: 'Reçu le',
    recipient: 'À',
    about: 'Objet',
    subject: 'Sujet',
    state: 'Essais',
    digest: 'Récapitulatif quotidien',
    attempts_one: '{{count}} essai',
    attempts_other: '{{count}} essais',
    retry: 'Renvoyer',
    retried: "L'e-mail va être renvoyé.",
    notEmbedded: 'Les e-mails partent vers le serveur SMTP de SMTP_URL : rien n’est reçu ici.',
    details: {
      noSubject: '(sans sujet)',
      from: 'De',
      messageId: 'Message-ID',
      text: 'Texte',
      noText: "Cet e-mail n'a pas de partie en texte brut.",
      unsubscribe: 'Liens de désinscription (List-Unsubscribe)',
      noUnsubscribe: "Cet e-mail n'a pas d'en-tête List-Unsubscribe.",
      loadFailed: "Cet e-mail n'a pas pu être chargé.",
    },
    empty: {
      failed: "Aucun e-mail n'a échoué.",
      pending: "Aucun e-mail n'est en attente.",
      sent: "Aucun e-mail n'a encore été envoyé.",
      received: "Rien n'a été reçu.",
    },
  },
};
