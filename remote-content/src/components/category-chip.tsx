import { Badge } from '@chakra-ui/react';
import type { Category } from '@hub/shared/api';
import { readableTextColor } from '../lib/readable-text-color';

/** A category's name on its own colour (default #999999, docs/product.md §3), in the text colour that reads on it. */
export function CategoryChip({ category }: { category: Category }) {
  return (
    <Badge variant="solid" style={{ backgroundColor: category.color, color: readableTextColor(category.color) }} borderRadius="full" px="2">
      {category.name}
    </Badge>
  );
}
