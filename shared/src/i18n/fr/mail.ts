import type { Catalogue } from '../catalogue';
import type { mail as en } from '../en/mail';

export const mail: Catalogue<typeof en> = {
  preferences: {
    title: 'Notifications et e-mails',
    intro:
      'Choisissez comment être prévenu de ce qui est nouveau pour vous. Le portail le montre toujours ; les e-mails disent seulement ce qui s’est passé et y mènent.',
    loading: 'Chargement de vos choix…',
    loadFailed: 'Vos choix n’ont pas pu être chargés.',
    kinds: {
      content: 'Conseils, actualités et tableaux de bord',
      discussions: 'Discussions',
      collectmaster: 'Demandes et fichiers Collectmaster',
      tickets: 'Tickets',
      trainings: 'Formations',
      releases: 'Versions des sections du portail (administrateurs)',
      reviews: 'Contenus à relire, approuvés ou renvoyés (équipe de l’éditeur)',
      promises: 'Délais de réponse et notes basses (équipe de l’éditeur)',
      exports: 'Vos exports de données',
    },
    delivery: {
      portal: 'Dans le portail seulement',
      email: 'E-mail immédiat',
      digest: 'Récapitulatif quotidien',
      off: 'Désactivé',
    },
    digestHour: 'Récapitulatif quotidien à',
    hour: '{{hour}} h',
    timeZone: 'Fuseau horaire',
    language: 'Langue des e-mails',
    languages: { en: 'English', fr: 'Français' },
    categories: 'Catégories d’actualités suivies',
    allCategories: 'Toutes les catégories',
    save: 'Enregistrer',
    saved: 'Vos choix sont enregistrés.',
    saveFailed: 'Vos choix n’ont pas pu être enregistrés.',
    displayAs: 'Vous affichez une autre personne : ses choix sont montrés, pas modifiés.',
  },
};
