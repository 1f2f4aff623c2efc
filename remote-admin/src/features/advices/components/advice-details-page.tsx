import { parseId } from '@hub/shared/api';
import { useParams } from 'react-router-dom';
import { EntityGate } from '../../../components/entity-gate';
import { PublishableDetailsPage } from '../../../components/publishable/publishable-details-page';
import { detailsPath, paths } from '../../../paths';
import { advicesApi, advicesKind } from '../api/advices-api';
import { AdviceMustReadPanel } from './advice-must-read-panel';

/** /entity/admin/advices/details/{id?}: the advice's form, then (once saved) its must-read mark. */
export function AdviceDetailsPage() {
  return (
    <EntityGate>
      <PublishableDetailsPage kind={advicesKind} />
      <SavedAdviceExtras />
    </EntityGate>
  );
}

function SavedAdviceExtras() {
  const id = parseId(useParams().id);
  const item = advicesApi.useItem(id);
  if (id === null || !item.data) return null;
  return <AdviceMustReadPanel key={id} advice={item.data} reachPath={`${detailsPath(paths.advices, id)}/reach`} />;
}
