import type * as EmotionReactModule from '@emotion/react';
import { render } from '@testing-library/react';
import * as React from 'react';
import { collectStyles, restoreStyles, ruleName, saveStyles, STYLE_STORE_KEY } from './style-store';

type EmotionReact = typeof EmotionReactModule;

/**
 * A fresh copy of emotion, as a page load gets: its cache is made when the module is evaluated and
 * reads the restored element then. (Chakra styles through this same `insertStyles` path; plain emotion
 * is used here because jsdom's CSS parser cannot read back Chakra's `@layer` rules.)
 */
function freshEmotion(): EmotionReact {
  let emotion: EmotionReact | undefined;
  jest.isolateModules(() => {
    // The page's one React, as in the browser; emotion itself is evaluated anew.
    jest.doMock('react', () => React);
    emotion = jest.requireActual<EmotionReact>('@emotion/react');
  });
  jest.dontMock('react');
  return emotion!;
}

function Styled({ emotion, colour }: { emotion: EmotionReact; colour: string }) {
  return emotion.jsx('p', { css: { color: colour, '&:hover': { color: 'black' }, '@media (min-width: 30em)': { padding: 4 } } }, 'styled');
}

/** Rules emotion inserted on this visit (every emotion element but the restored one). */
function insertedRules(): string[] {
  return [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion]:not([data-hub-stored])')].flatMap((element) =>
    Array.from(element.sheet?.cssRules ?? []).map((rule) => rule.cssText),
  );
}

function leavePage() {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
}

describe('the component styles kept between visits', () => {
  beforeEach(() => {
    leavePage();
    localStorage.clear();
  });

  it('should name a rule by its own class or its keyframes', () => {
    expect(ruleName('.css-1x2y3z{color:red;}')).toBe('1x2y3z');
    expect(ruleName('.css-1x2y3z:hover{color:red;}')).toBe('1x2y3z');
    expect(ruleName('@media (min-width: 30em) {.css-ab12{padding:4px;}}')).toBe('ab12');
    expect(ruleName('.dark .css-ab12 .css-cd34{color:red;}')).toBe('ab12');
    expect(ruleName('@keyframes animation-q9{from{opacity:0;}}')).toBe('animation-q9');
    expect(ruleName('body{margin:0;}')).toBeUndefined();
  });

  it('should put back a visit’s rules so that the next visit’s emotion inserts none of them', () => {
    const first = freshEmotion();
    const firstPage = render(<Styled emotion={first} colour="rebeccapurple" />);
    const className = firstPage.getByText('styled').className;
    const rules = insertedRules();
    expect(rules.length).toBe(3);
    expect(saveStyles(document, localStorage)).toBe(true);
    firstPage.unmount();
    leavePage();

    expect(restoreStyles(document, localStorage)).toBe(1);
    const second = freshEmotion();
    const secondPage = render(<Styled emotion={second} colour="rebeccapurple" />);
    expect(secondPage.getByText('styled').className).toBe(className);
    // Nothing compiled again, and the rules are on the page, from the restored element.
    expect(insertedRules()).toEqual([]);
    expect(collectStyles(document).css.split('\n')).toEqual(rules);
    // A style the store does not hold is inserted as usual, and saved with the others.
    secondPage.rerender(<Styled emotion={second} colour="teal" />);
    expect(insertedRules().length).toBe(3);
    expect(saveStyles(document, localStorage)).toBe(true);
    expect(collectStyles(document).names).toHaveLength(2);
    // Nothing new: nothing written.
    expect(saveStyles(document, localStorage)).toBe(false);
  });

  it('should restore nothing from another Chakra version or a damaged store', () => {
    const stored = { format: 1, chakra: '0.0.1', names: ['abc'], css: '.css-abc{color:red;}' };
    localStorage.setItem(STYLE_STORE_KEY, JSON.stringify(stored));
    expect(restoreStyles(document, localStorage)).toBe(0);
    localStorage.setItem(STYLE_STORE_KEY, '{not json');
    expect(restoreStyles(document, localStorage)).toBe(0);
    expect(document.querySelector('style')).toBeNull();
  });

  it('should start again from this visit’s own rules once the store outgrows its limit', () => {
    const emotion = freshEmotion();
    render(<Styled emotion={emotion} colour="olive" />);
    expect(saveStyles(document, localStorage)).toBe(true);
    leavePage();
    restoreStyles(document, localStorage);
    const next = freshEmotion();
    render(<Styled emotion={next} colour="navy" />);
    const all = collectStyles(document);
    const own = collectStyles(document, { inserted: true });
    expect(all.names).toHaveLength(2);
    expect(own.names).toHaveLength(1);
    expect(saveStyles(document, localStorage, own.css.length + 1)).toBe(true);
    expect(JSON.parse(localStorage.getItem(STYLE_STORE_KEY)!).names).toEqual(own.names);
  });

  it('should leave the page as it was when storage refuses to write', () => {
    const emotion = freshEmotion();
    render(<Styled emotion={emotion} colour="maroon" />);
    const full = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      expect(saveStyles(document, localStorage)).toBe(false);
    } finally {
      full.mockRestore();
    }
  });
});
