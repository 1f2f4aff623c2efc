// The stamps of the catalogues a part may borrow from the page instead of fetching its own, read
// by the builds (./webpack.cjs: `__HUB_CATALOGUE_STAMPS__`) and written into a remote's manifest
// (./remote-contract.cjs: `metaData.hub.catalogues`, so that the shell does not preload them).
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

/**
 * A stamp of the source of each catalogue of `namespaces`, by `language/namespace`: the start of a
 * SHA-256 of its file and of its parts' files (`admin-*.ts` for `admin`). Built into every part
 * (`__HUB_CATALOGUE_STAMPS__`, read by shared/src/i18n/catalogue-store.ts): a remote takes a
 * catalogue the shell already holds instead of fetching its own when both were built from the same
 * source. Only 'common' is worth it: it is the one namespace the shell and every remote hold.
 */
function catalogueStamps(namespaces = ['common']) {
  const root = path.join(__dirname, '..', 'src', 'i18n');
  const stamps = {};
  for (const language of fs.readdirSync(root).filter((entry) => /^[a-z]{2}$/.test(entry))) {
    const files = fs
      .readdirSync(path.join(root, language))
      .filter((file) => file.endsWith('.ts'))
      .sort();
    for (const namespace of namespaces) {
      const file = `${namespace}.ts`;
      const hash = createHash('sha256');
      for (const part of files.filter((name) => name === file || name.startsWith(`${namespace}-`)))
        hash.update(`${part}\0`).update(fs.readFileSync(path.join(root, language, part)));
      stamps[`${language}/${namespace}`] = hash.digest('hex').slice(0, 16);
    }
  }
  return stamps;
}

module.exports = { catalogueStamps };
