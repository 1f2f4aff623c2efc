/**
 * Stored-XSS payloads for e2e/tests/xss.spec.ts. Each one, if the browser ever ran it, calls
 * `__xss.push(n)` (or `alert(n)`) with its own number, so a trapped execution names its payload.
 * Script tags, event handlers, `javascript:` and `data:` URLs with entity, whitespace and case
 * tricks, SVG and MathML, mutation XSS, broken markup, CSS, template injection.
 */
const b64 = (text: string) => Buffer.from(text).toString('base64');

const TEMPLATES: Array<(n: number) => string> = [
  (n) => `<script>__xss.push(${n})</script>`,
  (n) => `<img src=x onerror=__xss.push(${n})>`,
  (n) => `<svg onload=__xss.push(${n})>`,
  (n) => `<svg><script>__xss.push(${n})</script></svg>`,
  (n) => `<body onload=__xss.push(${n})>`,
  (n) => `<iframe src="javascript:__xss.push(${n})"></iframe>`,
  (n) => `<iframe srcdoc="<script>parent.__xss.push(${n})</script>"></iframe>`,
  (n) => `<a href="javascript:__xss.push(${n})">l${n}</a>`,
  (n) => `<a href="JaVaScRiPt:__xss.push(${n})">l${n}</a>`,
  (n) => `<a href="&#106;avascript:__xss.push(${n})">l${n}</a>`,
  (n) => `<a href="java&#x09;script:__xss.push(${n})">l${n}</a>`,
  (n) => `<a href=" \u0001javascript:__xss.push(${n})">l${n}</a>`,
  (n) => `<a href="jav&#x0A;ascript:__xss.push(${n})">l${n}</a>`,
  (n) => `<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&colon;__xss.push(${n})">l${n}</a>`,
  (n) => `<a href="data:text/html;base64,${b64(`<script>opener.__xss.push(${n})</script>`)}">l${n}</a>`,
  (n) => `<iframe src="data:text/html,<script>parent.__xss.push(${n})</script>"></iframe>`,
  (n) => `<img src="javascript:__xss.push(${n})">`,
  (n) => `<object data="javascript:__xss.push(${n})"></object>`,
  (n) => `<embed src="javascript:__xss.push(${n})">`,
  (n) => `<math><mtext><table><mglyph><style><img src=x onerror=__xss.push(${n})>`,
  (n) => `<noscript><p title="</noscript><img src=x onerror=__xss.push(${n})>">`,
  (n) => `<math href="javascript:__xss.push(${n})">m${n}</math>`,
  (n) => `<svg><a xlink:href="javascript:__xss.push(${n})"><text x=0 y=20>s${n}</text></a></svg>`,
  (n) => `<details open ontoggle=__xss.push(${n})>`,
  (n) => `<input autofocus onfocus=__xss.push(${n})>`,
  (n) => `<video><source onerror=__xss.push(${n})></video>`,
  (n) => `<audio src=x onerror=__xss.push(${n})>`,
  (n) => `<marquee onstart=__xss.push(${n})>m</marquee>`,
  (n) => `<div style="background:url(javascript:__xss.push(${n}))">c${n}</div>`,
  (n) => `<div style="width:expression(__xss.push(${n}))">c${n}</div>`,
  (n) => `<style>@import 'javascript:__xss.push(${n})';</style>`,
  (n) => `<link rel=stylesheet href="javascript:__xss.push(${n})">`,
  (n) => `<meta http-equiv="refresh" content="0;url=javascript:__xss.push(${n})">`,
  (n) => `<form action="javascript:__xss.push(${n})"><button>f${n}</button></form>`,
  (n) => `<button formaction="javascript:__xss.push(${n})">b${n}</button>`,
  (n) => `"><img src=x onerror=__xss.push(${n})>`,
  (n) => `'><svg onload=__xss.push(${n})>`,
  (n) => `</textarea><script>__xss.push(${n})</script>`,
  (n) => `</title><script>__xss.push(${n})</script>`,
  (n) => `<scr<script>ipt>__xss.push(${n})</scr</script>ipt>`,
  (n) => `<img src=x onerror="&#95;&#95;xss.push(${n})">`,
  (n) => `<img/src=x/onerror=__xss.push(${n})>`,
  (n) => `<IMG SRC=x OnErRoR=__xss.push(${n})>`,
  (n) => `<img src=x onerror=__xss.push(${n})//`,
  (n) => `<<img src=x onerror=__xss.push(${n})>>`,
  (n) => `<svg><animate onbegin=__xss.push(${n}) attributeName=x dur=1s>`,
  (n) => `<svg><image href=x onerror=__xss.push(${n})>`,
  (n) => `<svg><style><img src=x onerror=__xss.push(${n})></style></svg>`,
  (n) => `<form><math><mtext></form><form><mglyph><style></math><img src onerror=__xss.push(${n})>`,
  (n) => `<select autofocus onfocus=__xss.push(${n})></select>`,
  (n) => `<textarea autofocus onfocus=__xss.push(${n})></textarea>`,
  (n) => `<x contenteditable onfocus=__xss.push(${n}) autofocus>x${n}</x>`,
  (n) => `{{constructor.constructor('__xss.push(${n})')()}}`,
  (n) => `\${__xss.push(${n})}`,
  (n) => `javascript:__xss.push(${n})`,
  (n) => `<img src=x onerror="eval(atob('${b64(`__xss.push(${n})`)}'))">`,
  (n) => `<img src=x onerror=alert(${n})>`,
  (n) => `<a href="vbscript:__xss.push(${n})">l${n}</a>`,
  (n) => `<base href="javascript:__xss.push(${n})//">`,
  (n) => `<svg><foreignObject><iframe srcdoc="&lt;script&gt;parent.__xss.push(${n})&lt;/script&gt;"></iframe></foreignObject></svg>`,
];

/** The payloads, numbered from 1. */
export const XSS_PAYLOADS: readonly string[] = TEMPLATES.map((template, index) => template(index + 1));

/** The payloads joined in groups that each fit in `maxLength` characters (a field's limit). */
export function payloadChunks(maxLength: number, payloads: readonly string[] = XSS_PAYLOADS): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const payload of payloads) {
    if (payload.length > maxLength) continue;
    if (current && current.length + 1 + payload.length > maxLength) {
      chunks.push(current);
      current = '';
    }
    current = current ? `${current} ${payload}` : payload;
  }
  if (current) chunks.push(current);
  return chunks;
}
