import { Link } from '@chakra-ui/react';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** An http(s) address in a text: up to the next space, angle bracket or quote. */
const ADDRESS = /\bhttps?:\/\/[^\s<>"']+/g;

/**
 * Where an address found in prose ends: punctuation that closes the sentence is not part of it, nor
 * a closing parenthesis that the address did not open ("… (https://host/dashboards/3): why?").
 */
function trimAddress(found: string): string {
  let address = found.replace(/[.,;:!?]+$/, '');
  while (address.endsWith(')') && (address.match(/\(/g)?.length ?? 0) < (address.match(/\)/g)?.length ?? 0)) {
    address = address.slice(0, -1).replace(/[.,;:!?]+$/, '');
  }
  return address;
}

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string; internal: string | null };

/**
 * A plain text cut into text and addresses. An address of the portal itself (`origin`) keeps its
 * path as `internal`, to be followed inside the single-page app; any other opens in a new tab.
 */
export function splitLinks(text: string, origin: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const href = trimAddress(match[0]);
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      continue;
    }
    if (match.index > at) parts.push({ kind: 'text', text: text.slice(at, match.index) });
    parts.push({ kind: 'link', href, internal: url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null });
    at = match.index + href.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

/**
 * A message written by a person (a discussion, a ticket): plain text, never HTML, whose web
 * addresses become links. The portal's own addresses (a dashboard named in a question) open in
 * the portal; others in a new tab, without handing it this page (`noopener noreferrer`).
 */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text, window.location.origin).map((part, index) =>
        part.kind === 'text' ? (
          <Fragment key={index}>{part.text}</Fragment>
        ) : part.internal !== null ? (
          <Link key={index} asChild color="brand.fg" textDecoration="underline">
            <RouterLink to={part.internal}>{part.href}</RouterLink>
          </Link>
        ) : (
          <Link key={index} href={part.href} target="_blank" rel="noopener noreferrer" color="brand.fg" textDecoration="underline">
            {part.href}
          </Link>
        ),
      )}
    </>
  );
}
