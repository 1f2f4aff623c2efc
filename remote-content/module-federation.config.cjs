// What this remote offers the shell: single-spa lifecycles as `./app` (docs/architecture.md, run time point 3),
// and the home page's widgets as `./widgets` (pinned news, upcoming trainings).
module.exports = {
  name: 'content',
  exposes: { './app': './src/app.tsx', './widgets': './src/widgets/index.ts' },
};
