// What this remote offers the shell: single-spa lifecycles as `./app` (docs/architecture.md, run time point 3),
// and the home page's "My favourite dashboards" widget as `./widgets` (no embed code in it).
module.exports = {
  name: 'dashboards',
  exposes: { './app': './src/app.tsx', './widgets': './src/widgets/index.ts' },
};
