import { chakra } from '@chakra-ui/react';

/**
 * A hit's snippet. The server escapes it and keeps only <mark> and </mark> (docs/product.md §11);
 * it is still read here as text split on those two tags, never set as HTML.
 */
export function SearchSnippet({ snippet }: { snippet: string }) {
  const parts = snippet.split(/(<mark>|<\/mark>)/);
  let marked = false;
  const out: { text: string; marked: boolean }[] = [];
  for (const part of parts) {
    if (part === '<mark>') marked = true;
    else if (part === '</mark>') marked = false;
    else if (part) out.push({ text: decode(part), marked });
  }
  return (
    <>
      {out.map((part, index) =>
        part.marked ? (
          <chakra.mark key={index} bg="yellow.subtle" color="inherit" borderRadius="xs" px="0.5">
            {part.text}
          </chakra.mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);
