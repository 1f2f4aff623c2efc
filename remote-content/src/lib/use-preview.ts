import { hasRole } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useSearchParams } from 'react-router-dom';

/**
 * The preview of a draft (`?preview=true` on a details page), for contributors and more: the item
 * is read through the admin API, which checks the right and the entity, and shown as customers
 * will see it once published. Anyone else gets the ordinary page.
 */
export function usePreview(): boolean {
  const [search] = useSearchParams();
  const { session } = useRemoteProps();
  return search.get('preview') === 'true' && hasRole(session.user.rights, 'contributor');
}
