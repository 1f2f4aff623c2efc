import { Badge } from '@chakra-ui/react';
import type { Category } from '@hub/shared/api';

/** A category's name on its own colour (default #999999, SPEC §3). */
export function CategoryChip({ category }: { category: Category }) {
  return (
    <Badge variant="solid" style={{ backgroundColor: category.color }} color="white" borderRadius="full" px="2">
      {category.name}
    </Badge>
  );
}
