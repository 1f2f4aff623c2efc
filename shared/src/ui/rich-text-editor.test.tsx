import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { makeRemoteProps, RemoteRoot } from '../remote';
import RichTextEditor, { SafeImage, SafeLink } from './rich-text-editor';

function Harness({ initial = '', onHtml, disabled = false }: { initial?: string; onHtml: (html: string) => void; disabled?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <RichTextEditor
      label="Description"
      value={value}
      disabled={disabled}
      onChange={(html) => {
        setValue(html);
        onHtml(html);
      }}
    />
  );
}

function renderEditor(initial = '', disabled = false) {
  const seen: string[] = [];
  render(
    <StrictMode>
      <RemoteRoot props={makeRemoteProps('admin')} namespace="admin">
        <Harness initial={initial} onHtml={(html) => seen.push(html)} disabled={disabled} />
      </RemoteRoot>
    </StrictMode>,
  );
  return seen;
}

// jsdom lays nothing out: Quill scrolls the selection into view with these.
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;

/** A paste event as a browser fires it, with HTML on the clipboard. */
function paste(target: Element, html: string) {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.assign(event, {
    clipboardData: { getData: (type: string) => (type === 'text/html' ? html : type === 'text/plain' ? 'text' : '') },
  });
  target.dispatchEvent(event);
}

describe('RichTextEditor', () => {
  it('should mount one toolbar and one editing area under StrictMode, with the starting content', () => {
    renderEditor('<p>Hello <strong>world</strong></p>');
    expect(screen.getAllByRole('toolbar', { name: 'Formatting' })).toHaveLength(1);
    expect(screen.getAllByRole('textbox', { name: 'Description' })).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveTextContent('Hello world');
    expect(screen.getByRole('button', { name: 'Bold' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Text style' })).toBeVisible();
  });

  it('should clean pasted HTML: no script, no javascript: link, no svg or webp image, safe links and images kept', async () => {
    const seen = renderEditor('<p>Start</p>');
    const area = screen.getByRole('textbox', { name: 'Description' });
    await act(async () => {
      area.focus();
      paste(
        area,
        '<p>Go <a href="javascript:alert(1)">here</a> or <a href="https://example.test/a">there</a> or <a href="tel:+33123">call</a></p>' +
          '<script>alert(1)</script><img src="data:image/svg+xml;base64,AAAA"><img src="data:image/webp;base64,AAAA"><img src="https://example.test/i.png">',
      );
    });
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    const html = seen.at(-1)!;
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('alert(1)');
    expect(html).not.toContain('svg');
    expect(html).not.toContain('webp');
    expect(html).toContain('href="https://example.test/a"');
    expect(html).toContain('href="tel:+33123"');
    expect(html).toContain('src="https://example.test/i.png"');
    expect(html).toContain('here');
  });

  it('should refuse link targets other than http, https, mailto and tel, and image sources other than http, https and data of jpg, gif, png', () => {
    for (const allowed of ['http://a.test', 'https://a.test', 'mailto:a@b.test', 'tel:+33123'])
      expect(SafeLink.sanitize(allowed)).toBe(allowed);
    for (const refused of ['javascript:alert(1)', 'sms:+33123', 'ftp://a.test', 'data:text/html,x'])
      expect(SafeLink.sanitize(refused)).toBe('about:blank');
    for (const allowed of [
      'https://a.test/i.png',
      'http://a.test/i',
      'data:image/jpeg;base64,AA',
      'data:image/jpg;base64,AA',
      'data:image/gif;base64,AA',
      'data:image/png;base64,AA',
    ])
      expect(SafeImage.sanitize(allowed)).toBe(allowed);
    for (const refused of ['data:image/svg+xml;base64,AA', 'data:image/webp;base64,AA', 'javascript:alert(1)', 'ftp://a.test/i.png'])
      expect(SafeImage.sanitize(refused)).toBe('//:0');
  });

  it('should store typed spaces as spaces', async () => {
    const seen = renderEditor('<p>Two words</p>');
    const area = screen.getByRole('textbox', { name: 'Description' });
    await act(async () => paste((area.focus(), area), '<p>and more</p>'));
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    expect(seen.at(-1)).toContain('Two words');
    expect(seen.at(-1)).not.toContain('&nbsp;');
  });

  it('should not be editable when disabled', () => {
    renderEditor('<p>Published text</p>', true);
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAttribute('contenteditable', 'false');
    expect(screen.getByRole('button', { name: 'Bold' })).toBeDisabled();
  });
});
