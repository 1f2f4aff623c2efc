import type { Catalogue } from '../catalogue';
import type { admin as en } from '../en/admin';

export const admin: Catalogue<typeof en> = {
  title: "Administration",
  empty: "Rien à gérer pour le moment.",
};
