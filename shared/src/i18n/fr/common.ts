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
  imagePicker: {
    none: 'Aucune image choisie',
    missing: "L'image {{id}} n'a pas pu être chargée",
    choose: 'Choisir dans la bibliothèque',
    upload: 'Téléverser une nouvelle image',
    uploadFor: '{{label}} : fichier à téléverser',
    uploading: "Téléversement de l'image",
    uploadFailed: "L'image n'a pas pu être téléversée",
    remove: 'Retirer',
    libraryTitle: '{{label}} : choisir une image',
    libraryFailed: "La bibliothèque n'a pas pu être chargée.",
    emptyLibrary: "Aucune image de ce type pour l'instant : téléversez la première.",
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
};
