import { Box } from '@chakra-ui/react';
import { useMemo } from 'react';
import { sanitizeHtml } from '@hub/shared/api';

/** A description from the editor: the server's sanitised HTML, passed through the allow-list again. */
export function RichText({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Box
      className="hub-rich-text"
      lineHeight="tall"
      css={{
        '& p, & ul, & ol, & blockquote, & pre, & table': { marginBottom: '3' },
        '& ul, & ol': { paddingInlineStart: '6' },
        '& ul': { listStyleType: 'disc' },
        '& ol': { listStyleType: 'decimal' },
        '& a': { color: 'brand.fg', textDecoration: 'underline' },
        '& img': { maxWidth: '100%', height: 'auto' },
        '& h1, & h2, & h3': { fontWeight: 'semibold', marginBlock: '3' },
      }}
      // The HTML went through sanitizeHtml just above (the second allow-list pass).
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
