// What the Chakra loaders (./chakra-system-loader.cjs, ./chakra-token-dictionary-loader.cjs) share:
// reading Chakra's code as they expect it, and the function that runs a generator through.

/**
 * Throws, naming the loader and the line, unless `text` occurs exactly once in `source`: a loader
 * fails the build rather than rewrite a Chakra whose code has changed.
 */
function expectOnce(loader, what, source, text, advice) {
  if (source.split(text).length !== 2) {
    throw new Error(
      `shared/build/${loader}: Chakra's ${what} no longer reads as this loader expects (${JSON.stringify(text.trim().slice(0, 60))}); ${advice}`,
    );
  }
}

/** A function of the given name that runs a generator through and returns its result, with the generator as `.steps`. */
function runThroughSource(name, generator, parameters) {
  return (
    `function ${name}(${parameters}) {\n  const steps = ${generator}(${parameters});\n` +
    `  for (;;) {\n    const step = steps.next();\n    if (step.done) return step.value;\n  }\n}\n${name}.steps = ${generator};\n`
  );
}

module.exports = { expectOnce, runThroughSource };
