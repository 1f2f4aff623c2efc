// What this remote offers the shell: single-spa lifecycles as `./app` (docs/architecture.md, run time point 3).
module.exports = {
  name: 'contact',
  exposes: { './app': './src/app.tsx' },
};
