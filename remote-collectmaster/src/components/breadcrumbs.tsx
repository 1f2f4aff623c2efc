import { Breadcrumb } from '@chakra-ui/react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

export interface Crumb {
  label: string;
  /** Where it leads; the last crumb (the page itself) has none. */
  to?: string;
}

/** Where the page sits: Collectmaster › company › collection › folder, each a link but the last. */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  const { t } = useTranslation('collectmaster');
  return (
    <Breadcrumb.Root aria-label={t('breadcrumbs')} mb="2" size="sm">
      <Breadcrumb.List flexWrap="wrap">
        {crumbs.map((crumb, index) => (
          <Fragment key={`${index}-${crumb.label}`}>
            {index > 0 ? <Breadcrumb.Separator /> : null}
            <Breadcrumb.Item minW="0">
              {crumb.to ? (
                <Breadcrumb.Link asChild>
                  <RouterLink to={crumb.to}>{crumb.label}</RouterLink>
                </Breadcrumb.Link>
              ) : (
                <Breadcrumb.CurrentLink>{crumb.label}</Breadcrumb.CurrentLink>
              )}
            </Breadcrumb.Item>
          </Fragment>
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
