import type { Catalogue } from '../catalogue';
import type { collectmaster as en } from '../en/collectmaster';

export const collectmaster: Catalogue<typeof en> = {
  title: 'Collectmaster',
  empty: 'Aucun fichier pour le moment.',
};
