import { en, fr } from './resources';

function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') out.set(path, child);
    else for (const [k, v] of leaves(child, path)) out.set(k, v);
  }
  return out;
}

const interpolations = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  const english = leaves(en);
  const french = leaves(fr);

  it('should have every English key in French and no French key without English', () => {
    expect([...french.keys()].filter((key) => !english.has(key))).toEqual([]);
    expect([...english.keys()].filter((key) => !french.has(key))).toEqual([]);
  });

  it('should keep the same interpolation variables in both languages', () => {
    for (const [key, text] of english) expect([key, interpolations(french.get(key)!)]).toEqual([key, interpolations(text)]);
  });

  it('should have no empty message', () => {
    for (const [key, text] of [...english, ...french]) expect([key, text.trim().length > 0]).toEqual([key, true]);
  });
});
