import type { ResourceKey } from 'i18next';
import type { Language } from '../remote/contract';
import type { Namespace } from './resources';

/** Fetches the catalogue of one namespace in one language. */
export type CatalogueLoader = (language: Language, namespace: Namespace) => Promise<ResourceKey>;

// A stamp of the source of this build's catalogues that may be borrowed ('common'), by
// `language/namespace`: written by the build (shared/build/catalogue-stamps.cjs); none in tests.
declare const __HUB_CATALOGUE_STAMPS__: Record<string, string> | undefined;
const STAMPS: Record<string, string> = typeof __HUB_CATALOGUE_STAMPS__ === 'object' ? __HUB_CATALOGUE_STAMPS__ : {};

/** The catalogues the shell lends the remotes: one it holds, when the remote's stamp of it is the shell's. */
export interface LentCatalogues {
  get(language: Language, namespace: Namespace, stamp: string): ResourceKey | undefined;
}

declare global {
  var __HUB_LENT_CATALOGUES__: LentCatalogues | undefined;
}

/**
 * Lends the page the catalogues of `store` that carry a stamp (the shell's 'common', in English from
 * its entry, in French once fetched): a remote built from the same source takes them instead of
 * fetching its own copy (1.7 kB gzip a remote, three on /home). A remote built from other source (a
 * remote released on its own with new strings) has another stamp and fetches its own.
 */
export function lendCatalogues(store: CatalogueStore, stamps: Record<string, string> = STAMPS): void {
  globalThis.__HUB_LENT_CATALOGUES__ = {
    get: (language, namespace, stamp) => (stamps[`${language}/${namespace}`] === stamp ? store.get(language, namespace) : undefined),
  };
}

/** Whether the page lends its copy of a catalogue with this stamp (a remote's, read from its manifest). */
export function lentCatalogue(language: Language, namespace: Namespace, stamp: string): boolean {
  return globalThis.__HUB_LENT_CATALOGUES__?.get(language, namespace, stamp) !== undefined;
}

/** The page's copy of a catalogue, when it is lent and built from the same source as this part's. */
export function borrowCatalogue(
  language: Language,
  namespace: Namespace,
  stamps: Record<string, string> = STAMPS,
): ResourceKey | undefined {
  const stamp = stamps[`${language}/${namespace}`];
  return stamp ? globalThis.__HUB_LENT_CATALOGUES__?.get(language, namespace, stamp) : undefined;
}

/**
 * Each language's catalogue of each namespace is a chunk of its own (`i18n-en-admin`, …), fetched
 * the first time a part needs it: a part downloads its own namespaces in the current language only,
 * and the other language when someone switches to it. (The two `admin-*` files are parts of
 * `admin`, so they are not chunks of their own.) A catalogue the page lends (lendCatalogues) is
 * not fetched.
 */
export const importCatalogue: CatalogueLoader = async (language, namespace) => {
  const borrowed = borrowCatalogue(language, namespace);
  if (borrowed) return borrowed;
  const module = (await import(
    /* webpackChunkName: "i18n-[request]" */
    /* webpackInclude: /[\\/](en|fr)[\\/](common|shell|content|dashboards|contact|collectmaster|admin|notifications|mail|search|account)\.ts$/ */
    `./${language}/${namespace}`
  )) as Record<string, ResourceKey | undefined>;
  const catalogue = module[namespace];
  if (!catalogue) throw new Error(`No ${language} catalogue for the namespace "${namespace}"`);
  return catalogue;
};

export type CatalogueTable = Partial<Record<Language, Partial<Record<Namespace, ResourceKey>>>>;

/** The catalogues a part has at hand (read synchronously when an i18next instance is made), and how it gets the others. */
export interface CatalogueStore {
  get(language: Language, namespace: Namespace): ResourceKey | undefined;
  /** Whether every one of `namespaces` is at hand in `language`. */
  has(language: Language, namespaces: readonly Namespace[]): boolean;
  /** Fetches whichever of `namespaces` is not at hand in `language` yet (each once, even when asked twice at the same time). */
  load(language: Language, namespaces: readonly Namespace[]): Promise<void>;
  /** Catalogues a part bundles itself (the shell's English ones; every catalogue in the component tests). */
  register(table: CatalogueTable): void;
}

export function createCatalogueStore(loader: CatalogueLoader = importCatalogue): CatalogueStore {
  const loaded = new Map<string, ResourceKey>();
  const pending = new Map<string, Promise<void>>();
  const key = (language: Language, namespace: Namespace) => `${language}/${namespace}`;
  const store: CatalogueStore = {
    get: (language, namespace) => loaded.get(key(language, namespace)),
    has: (language, namespaces) => namespaces.every((namespace) => loaded.has(key(language, namespace))),
    async load(language, namespaces) {
      await Promise.all(
        namespaces
          .filter((namespace) => !loaded.has(key(language, namespace)))
          .map((namespace) => {
            const id = key(language, namespace);
            let loading = pending.get(id);
            if (!loading) {
              loading = loader(language, namespace)
                .then((catalogue) => void loaded.set(id, catalogue))
                .finally(() => pending.delete(id));
              pending.set(id, loading);
            }
            return loading;
          }),
      );
    },
    register(table) {
      for (const [language, namespaces] of Object.entries(table) as [Language, Partial<Record<Namespace, ResourceKey>>][]) {
        for (const [namespace, catalogue] of Object.entries(namespaces) as [Namespace, ResourceKey][])
          loaded.set(key(language, namespace), catalogue);
      }
    },
  };
  return store;
}

/** The part's own store: one per built part (the shell and each remote have their own copy of this module). */
export const catalogues = createCatalogueStore();
