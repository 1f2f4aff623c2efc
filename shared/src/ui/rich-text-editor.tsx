import { Box, Flex } from '@chakra-ui/react';
import Quill from 'quill';
import type { Range } from 'quill';
import Clipboard from 'quill/modules/clipboard';
import Image from 'quill/formats/image';
import Link from 'quill/formats/link';
import { useEffect, useRef } from 'react';
import { useConsoleKit } from './use-console-kit';
import { isAllowedImageSource, isAllowedLink } from '../api/html-rules';
import { sanitizeHtml } from '../api/sanitize-html';

/** Links: http, https, mailto, tel only (docs/product.md §5); Quill's own list also has sms. Another target leaves no link. */
export class SafeLink extends Link {
  static PROTOCOL_WHITELIST = ['http', 'https', 'mailto', 'tel'];
  static sanitize(url: string): string {
    return isAllowedLink(url) ? url : 'about:blank';
  }
}

/** Image sources: http, https and data: of jpg, jpeg, gif, png (docs/product.md §5). */
export class SafeImage extends Image {
  static sanitize(url: string): string {
    return isAllowedImageSource(url) ? url : '//:0';
  }
}

/** Pasted HTML goes through the portal's sanitiser first (the rules the server applies too). */
class SafeClipboard extends Clipboard {
  onPaste(range: Range, { text, html }: { text?: string; html?: string }) {
    super.onPaste(range, { text, html: html ? sanitizeHtml(html) : html });
  }
}

Quill.register({ 'formats/link': SafeLink, 'formats/image': SafeImage, 'modules/clipboard': SafeClipboard }, true);

export interface RichTextEditorProps {
  /** The HTML shown; a new value from outside (the item loaded) replaces the content. */
  value: string;
  onChange: (html: string) => void;
  /** The editing area's accessible name (the field's label). */
  label: string;
  disabled?: boolean;
  invalid?: boolean;
}

/** The toolbar of docs/product.md §2 (headings, bold, italic, underline, lists, link, image, clean), named for assistive tech. */
const TOOLBAR = [
  ['bold', 'B', 'bold'],
  ['italic', 'I', 'italic'],
  ['underline', 'U', 'underline'],
  ['list:ordered', '', 'list-ordered'],
  ['list:bullet', '•', 'list-bullet'],
  ['link', '🔗', 'link'],
  ['image', '🖼', 'image'],
  ['clean', '⌫', 'clean'],
] as const;

// Quill's core layout rules (lists, blank placeholder), and a toolbar that follows the colour scheme.
const CSS = `
.hub-rte .ql-editor{box-sizing:border-box;line-height:1.5;min-height:12rem;max-height:32rem;outline:none;overflow-y:auto;padding:12px 15px;white-space:pre-wrap;word-wrap:break-word;counter-reset:list-0}
.hub-rte .ql-editor p,.hub-rte .ql-editor ol,.hub-rte .ql-editor h1,.hub-rte .ql-editor h2,.hub-rte .ql-editor h3{margin:0 0 .4em;padding:0}
.hub-rte .ql-editor h1{font-size:1.6em;font-weight:700}.hub-rte .ql-editor h2{font-size:1.35em;font-weight:700}.hub-rte .ql-editor h3{font-size:1.15em;font-weight:700}
.hub-rte .ql-editor a{color:var(--chakra-colors-brand-fg);text-decoration:underline}
.hub-rte .ql-editor ol{padding-left:1.5em}.hub-rte .ql-editor li{list-style-type:none;padding-left:1.5em;position:relative}
.hub-rte .ql-editor li>.ql-ui:before{display:inline-block;margin-left:-1.5em;margin-right:.3em;text-align:right;white-space:nowrap;width:1.2em}
.hub-rte .ql-editor li[data-list=bullet]>.ql-ui:before{content:'\\2022'}
.hub-rte .ql-editor li[data-list=ordered]{counter-increment:list-0}.hub-rte .ql-editor li[data-list=ordered]>.ql-ui:before{content:counter(list-0,decimal) '. '}
.hub-rte .ql-editor .ql-ui{position:absolute}.hub-rte .ql-editor img{max-width:100%}
.hub-rte .ql-editor.ql-blank::before{color:var(--chakra-colors-fg-muted);content:attr(data-placeholder);font-style:italic;left:15px;pointer-events:none;position:absolute;right:15px}
.hub-rte .ql-container{position:relative}.hub-rte .ql-clipboard{left:-100000px;height:1px;overflow-y:hidden;position:absolute;top:50%}
.hub-rte .ql-toolbar button.ql-active{background:var(--chakra-colors-brand-muted)}
`;

/** A drawn icon: a visible "1." would not match the button's name (axe label-content-name-mismatch). */
function OrderedListIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 18 18" style={{ display: 'inline-block', verticalAlign: 'middle' }}>
      <path d="M7 4h9M7 9h9M7 14h9" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <path d="M2.5 2.5h1v4M2 12.5c.5-1 2.5-1 2.5.3 0 1-2.5 1.7-2.5 2.7h2.6" stroke="currentColor" fill="none" strokeWidth="1" />
    </svg>
  );
}

let styled = false;
function injectStyle() {
  if (styled || typeof document === 'undefined') return;
  styled = true;
  const style = document.createElement('style');
  style.dataset.hubRte = '';
  style.textContent = CSS;
  document.head.append(style);
}

// Quill 2.0.3's getSemanticHTML writes every space as &nbsp; (quill #4509): plain spaces are stored.
const toStored = (html: string) => {
  const text = html.replace(/&nbsp;/g, ' ');
  return text === '<p></p>' || text === '<p><br></p>' ? '' : text;
};

/**
 * The rich-text editor of the consoles: Quill 2 (its link and image rules are docs/product.md §5's, once sms
 * is taken out) with an own, labelled toolbar. It mounts once under StrictMode: each effect run
 * builds the editor in a fresh element and the cleanup removes it (otherwise the toolbar mounts
 * twice: https://github.com/zenoamaro/react-quill/issues/784). Loaded with React.lazy (`LazyRichTextEditor`), so only details pages fetch it.
 */
export default function RichTextEditor({ value, onChange, label, disabled = false, invalid = false }: RichTextEditorProps) {
  const { t: tKit } = useConsoleKit();
  const host = useRef<HTMLDivElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  const quill = useRef<Quill | null>(null);
  const emitted = useRef<string | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    injectStyle();
    const element = document.createElement('div');
    host.current!.append(element);
    const editor = new Quill(element, {
      modules: {
        toolbar: {
          container: toolbar.current!,
          handlers: {
            link(this: { quill: Quill }, active: boolean) {
              const url = active ? window.prompt(tKit('editor.linkPrompt')) : false;
              if (url && !isAllowedLink(url)) return;
              this.quill.format('link', url || false, 'user');
            },
            image(this: { quill: Quill }) {
              const url = window.prompt(tKit('editor.imagePrompt'));
              if (!url || !isAllowedImageSource(url)) return;
              const range = this.quill.getSelection(true);
              this.quill.insertEmbed(range.index, 'image', url, 'user');
            },
          },
        },
      },
      formats: ['header', 'bold', 'italic', 'underline', 'list', 'link', 'image'],
    });
    editor.root.setAttribute('role', 'textbox');
    editor.root.setAttribute('aria-multiline', 'true');
    editor.root.setAttribute('aria-label', label);
    editor.on('text-change', () => {
      const html = toStored(editor.getSemanticHTML());
      emitted.current = html;
      onChangeRef.current(html);
    });
    quill.current = editor;
    return () => {
      quill.current = null;
      emitted.current = null;
      element.remove();
    };
    // Built once per mount: the label, value and disabled state follow in the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = quill.current;
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.setContents(editor.clipboard.convert({ html: sanitizeHtml(value) }), 'silent');
  }, [value]);

  useEffect(() => {
    quill.current?.enable(!disabled);
    quill.current?.root.setAttribute('aria-label', label);
    if (invalid) quill.current?.root.setAttribute('aria-invalid', 'true');
    else quill.current?.root.removeAttribute('aria-invalid');
  }, [disabled, label, invalid]);

  return (
    <Box className="hub-rte" borderWidth="1px" borderRadius="md" borderColor={invalid ? 'border.error' : 'border'} width="100%">
      <Flex
        ref={toolbar}
        role="toolbar"
        aria-label={tKit('editor.toolbar')}
        aria-disabled={disabled || undefined}
        gap="1"
        wrap="wrap"
        p="1"
        borderBottomWidth="1px"
        css={{
          '& button': { minWidth: '2rem', height: '2rem', borderRadius: '4px', fontWeight: 600 },
          '& button:hover': { background: 'var(--chakra-colors-bg-muted)' },
        }}
      >
        <select
          className="ql-header"
          aria-label={tKit('editor.heading')}
          defaultValue=""
          disabled={disabled}
          style={{ background: 'transparent' }}
        >
          <option value="1">{tKit('editor.heading1')}</option>
          <option value="2">{tKit('editor.heading2')}</option>
          <option value="3">{tKit('editor.heading3')}</option>
          <option value="">{tKit('editor.normal')}</option>
        </select>
        {TOOLBAR.map(([format, text, label]) => {
          const [name, option] = format.split(':');
          return (
            <button
              key={format}
              type="button"
              className={`ql-${name}`}
              value={option}
              aria-label={tKit(`editor.${label}`)}
              disabled={disabled}
            >
              {format === 'list:ordered' ? <OrderedListIcon /> : <span aria-hidden="true">{text}</span>}
            </button>
          );
        })}
      </Flex>
      <div ref={host} />
    </Box>
  );
}
