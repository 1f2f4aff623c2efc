import { Badge } from '@chakra-ui/react';
import { readFileState, type FileState } from '@hub/shared/api';
import { useTranslation } from 'react-i18next';

const PALETTE: Record<FileState, string> = { missing: 'orange', uploaded: 'blue', problem: 'red', ok: 'green', undefined: 'gray' };

/** A file's state (docs/product.md §4 codes 1–4, anything else undefined) as a coloured chip with its text. */
export function FileStateChip({ state }: { state: number }) {
  const { t } = useTranslation('collectmaster');
  const name = readFileState(state);
  return (
    <Badge colorPalette={PALETTE[name]} variant="subtle" data-state={name}>
      {t(`states.${name}`)}
    </Badge>
  );
}
