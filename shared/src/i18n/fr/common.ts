import type { Catalogue } from '../catalogue';
import type { common as en } from '../en/common';

export const common: Catalogue<typeof en> = {
  appTitle: 'Client Hub',
  loading: 'Chargement…',
  retry: 'Réessayer',
  back: 'Retour',
  save: 'Enregistrer',
  cancel: 'Annuler',
  close: 'Fermer',
  search: 'Rechercher',
  'search-name-email': 'Rechercher par nom ou e-mail',
  empty: 'Rien pour le moment.',
  sectionUnavailable: {
    title: 'Cette section est indisponible',
    body: "Elle n'a pas pu être chargée. Le reste du portail fonctionne toujours.",
  },
  transfer: {
    amount: '{{sent}} sur {{total}}',
    speed: '{{speed}}/s',
    left: 'encore {{time}}',
  },
  deleteDialog: {
    question: 'Voulez-vous vraiment supprimer cet élément ?',
    cancel: 'Non, annuler',
    confirm: 'Oui, supprimer',
  },
  validation: {
    required: 'Ce champ est obligatoire',
    fileRequired: 'Le fichier est obligatoire',
    imageTooLarge: "La taille de l'image doit être inférieure à 50 Mo !",
    maxLength: 'Longueur invalide, la longueur maximale est {{length}}',
    minLength: 'Longueur invalide, la longueur minimale est {{length}}',
    httpsUrl: 'Veuillez saisir une URL valide (https://)',
    descriptionTooLong: 'La description est trop longue ! ({{length}}/9999)',
  },
  errors: {
    status: 'Erreur {{code}} : {{name}}',
    generic: 'Erreur',
  },
  status: {
    draft: 'Brouillon',
    published: 'Publié',
  },
  // How fresh a report's data is (DataAsOf, @hub/shared/ui): the dashboards and the consoles' list.
  dataAsOf: {
    asOf: 'Données au {{date}}',
    unknown: 'Date de mise à jour des données inconnue',
    failed: 'La dernière mise à jour des données a échoué ({{date}}) : les chiffres peuvent ne pas être à jour.',
    stale: "Ces chiffres n'ont pas été mis à jour depuis un moment.",
  },
  loadFailed: "Le chargement n'a pas abouti.",
  olderReplies: { load: 'Afficher les réponses précédentes', failed: "Les réponses précédentes n'ont pas pu être chargées." },
};
