import { Skeleton } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './rich-text-editor';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

export type { RichTextEditorProps };

/** The rich-text editor, fetched only when a details page shows it (its own chunk); a placeholder of its height meanwhile. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton height="15rem" width="100%" />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
