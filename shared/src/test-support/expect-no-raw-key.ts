/** A catalogue key shown as text means a missing translation: 'content.news.title' and the like. */
const RAW_KEY = /^[a-z]+(\.[a-zA-Z-]+)+$/;

/** Asserts that no text, label, title or alternative text on the page has the shape of a raw catalogue key. */
export function expectNoRawKey(root: ParentNode = document.body) {
  const texts = [...root.querySelectorAll('*')].flatMap((element) => [
    ...[...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent!.trim()),
    element.getAttribute('aria-label') ?? '',
    element.getAttribute('title') ?? '',
    element.getAttribute('alt') ?? '',
  ]);
  expect(texts.filter((text) => RAW_KEY.test(text))).toEqual([]);
}
