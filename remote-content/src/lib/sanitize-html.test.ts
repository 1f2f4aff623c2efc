import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('should keep the editor formatting, allowed links and images', () => {
    const html =
      '<h2>Title</h2><p><strong>bold</strong> <em>it</em> <a href="https://a.test/x" target="_blank">web</a> ' +
      '<a href="mailto:a@b.test">mail</a> <a href="tel:+331">tel</a></p><ul><li>one</li></ul>' +
      '<img src="https://img.test/a.png" alt="A"><img src="data:image/png;base64,AAAA" alt="B">';
    const clean = sanitizeHtml(html);
    expect(clean).toContain('<h2>Title</h2>');
    expect(clean).toContain('<a href="https://a.test/x" target="_blank" rel="noopener noreferrer">web</a>');
    expect(clean).toContain('<a href="mailto:a@b.test">mail</a>');
    expect(clean).toContain('<a href="tel:+331">tel</a>');
    expect(clean).toContain('<li>one</li>');
    expect(clean).toContain('<img src="https://img.test/a.png" alt="A">');
    expect(clean).toContain('<img src="data:image/png;base64,AAAA" alt="B">');
  });

  it('should drop scripts, handlers, styles, frames, bad schemes and other image types', () => {
    const html =
      '<p onclick="alert(1)" style="color:red">text<script>alert(1)</script></p>' +
      '<a href="javascript:alert(1)">js</a><a href=" JaVaScRiPt:alert(1)">js2</a>' +
      '<img src="x" onerror="alert(1)"><img src="data:image/svg+xml;base64,AAAA"><img src="javascript:alert(1)">' +
      '<iframe src="https://evil.test"></iframe><style>body{}</style><svg><script>alert(1)</script></svg>' +
      '<custom-tag>kept text</custom-tag><!-- comment -->';
    const clean = sanitizeHtml(html);
    expect(clean).toBe('<p>text</p><a>js</a><a>js2</a>kept text');
  });
});
