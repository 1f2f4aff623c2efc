/**
 * One table of rich-text cases (docs/product.md §5), run against both passes of the rule set in
 * @hub/shared/api/html-rules: the server's (server/test/lib/content/description.test.ts) and the
 * browser's (shared/src/api/sanitize-html.test.ts). `expected` is compared after `normalizeHtml`,
 * which only evens out how each serialiser writes void elements.
 */
export interface HtmlCase {
  name: string;
  input: string;
  expected: string;
}

export const normalizeHtml = (html: string): string => html.replace(/\s*\/>/g, '>');

export const HTML_CASES: readonly HtmlCase[] = [
  {
    name: 'keeps the editor formatting',
    input: '<h2>Title</h2><p><strong>bold</strong> <em>it</em> <u>under</u> <s>gone</s></p><ol><li>one</li></ol><ul><li>two</li></ul>',
    expected: '<h2>Title</h2><p><strong>bold</strong> <em>it</em> <u>under</u> <s>gone</s></p><ol><li>one</li></ol><ul><li>two</li></ul>',
  },
  {
    name: 'keeps http, https, mailto and tel links',
    input: '<a href="http://a.test/">a</a><a href="https://a.test/x">b</a><a href="mailto:a@b.test">c</a><a href="tel:+331">d</a>',
    expected: '<a href="http://a.test/">a</a><a href="https://a.test/x">b</a><a href="mailto:a@b.test">c</a><a href="tel:+331">d</a>',
  },
  {
    name: 'gives a link that opens a new tab noopener noreferrer',
    input: '<a href="https://a.test/" target="_blank" rel="opener">a</a>',
    expected: '<a href="https://a.test/" target="_blank" rel="noopener noreferrer">a</a>',
  },
  {
    name: 'drops the target of a javascript: link, keeping its text',
    input: '<a href="javascript:alert(1)">x</a>',
    expected: '<a>x</a>',
  },
  {
    name: 'drops a javascript: link written with case, spaces and entities',
    input: '<a href=" JaVaScRiPt:alert(1)">a</a><a href="&#106;avascript:alert(1)">b</a><a href="java&#x09;script:alert(1)">c</a>',
    expected: '<a>a</a><a>b</a><a>c</a>',
  },
  {
    name: 'drops sms:, ftp:, data: and protocol-relative link targets',
    input: '<a href="sms:+331">a</a><a href="ftp://a.test/">b</a><a href="data:text/html,x">c</a><a href="//evil.test/">d</a>',
    expected: '<a>a</a><a>b</a><a>c</a><a>d</a>',
  },
  {
    name: 'keeps http, https and data images of jpg, jpeg, gif and png',
    input:
      '<img src="https://img.test/a.png" alt="A"><img src="http://img.test/b.gif"><img src="data:image/png;base64,AAAA"><img src="data:image/jpeg;base64,AAAA"><img src="data:image/jpg;base64,AAAA"><img src="data:image/gif;base64,AAAA">',
    expected:
      '<img src="https://img.test/a.png" alt="A"><img src="http://img.test/b.gif"><img src="data:image/png;base64,AAAA"><img src="data:image/jpeg;base64,AAAA"><img src="data:image/jpg;base64,AAAA"><img src="data:image/gif;base64,AAAA">',
  },
  {
    name: 'removes images of other sources and types',
    input:
      '<p>a<img src="data:image/svg+xml;base64,AAAA"><img src="data:image/webp;base64,AAAA"><img src="javascript:alert(1)"><img src="relative.png"><img src="//evil.test/a.png"><img></p>',
    expected: '<p>a</p>',
  },
  {
    name: 'removes event handlers and styles',
    input: '<p onclick="alert(1)" style="color:red" class="x" id="y">text</p><img src="https://img.test/a.png" onerror="alert(1)">',
    expected: '<p>text</p><img src="https://img.test/a.png">',
  },
  {
    name: 'drops scripts, styles and frames with their content',
    input:
      '<p>a<script>alert(1)</script></p><style>body{color:red}</style><iframe src="https://evil.test/">inner</iframe><noscript>n</noscript>',
    expected: '<p>a</p>',
  },
  {
    name: 'drops SVG and MathML with their content',
    input: '<svg><script>alert(1)</script><a href="https://a.test/">s</a></svg><math><mi>x</mi></math><p>after</p>',
    expected: '<p>after</p>',
  },
  {
    name: 'drops forms and their fields',
    input:
      '<form action="https://evil.test/"><input value="x"><button>go</button><textarea>t</textarea><select><option>o</option></select></form><p>b</p>',
    expected: '<p>b</p>',
  },
  {
    name: 'unwraps unknown elements, keeping their text',
    input: '<custom-tag>kept <b>text</b></custom-tag><font color="red">f</font>',
    expected: 'kept <b>text</b>f',
  },
  {
    name: 'removes comments',
    input: '<p>a<!-- secret --></p>',
    expected: '<p>a</p>',
  },
  {
    name: 'keeps tables with their spans',
    input: '<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td rowspan="1">a</td><td>b</td></tr></tbody></table>',
    expected: '<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td rowspan="1">a</td><td>b</td></tr></tbody></table>',
  },
];
