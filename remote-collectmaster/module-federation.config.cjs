// What this remote offers the shell: single-spa lifecycles as `./app` (docs/architecture.md, run time point 3),
// and the home page's "Latest files" widget as `./widgets` (no upload code in it).
module.exports = {
  name: 'collectmaster',
  exposes: { './app': './src/app.tsx', './widgets': './src/widgets/index.ts' },
};
