// A webpack loader for one file, Chakra UI's token dictionary (styled-system/token-dictionary.js): it
// makes the function a generator that pauses between the phases of building the dictionary
// (registering the tokens, the early transforms, the conditional tokens and references, expanding
// them, the late transforms, the views). The dictionary is most of the cost of building a design
// system; ./chakra-system-loader.cjs calls it from `createSystem.steps`. `createTokenDictionary`
// itself runs the generator through at once, with the generator as `createTokenDictionary.steps`:
// one copy of Chakra's code, the same for both.
//
// Should Chakra change these lines, the build fails here rather than build the dictionary wrongly.
const { expectOnce, runThroughSource } = require('./chakra-source.cjs');

const START = 'function createTokenDictionary(options) {\n';
// `build()`'s phases, in their order: STEPPED_TAIL runs the same ones, in the same order, with pauses
// between them (build() itself is then no longer called).
const BUILD =
  '  function build() {\n    applyMiddlewares("pre");\n    applyTransforms("pre");\n    addConditionalTokens();\n    addReferences();\n' +
  '    expandTokenReferences$1();\n    applyMiddlewares("post");\n    applyTransforms("post");\n    setupViews();\n  }\n';
const TAIL =
  '  registerTokens();\n  registerTransform(...tokenTransforms);\n  registerMiddleware(...tokenMiddlewares);\n  build();\n  return dictionary;\n}\n';
const STEPPED_TAIL =
  '  registerTokens();\n  yield;\n  registerTransform(...tokenTransforms);\n  registerMiddleware(...tokenMiddlewares);\n' +
  '  applyMiddlewares("pre");\n  applyTransforms("pre");\n  yield;\n  addConditionalTokens();\n  addReferences();\n  yield;\n' +
  '  expandTokenReferences$1();\n  yield;\n  applyMiddlewares("post");\n  applyTransforms("post");\n  yield;\n  setupViews();\n  return dictionary;\n}\n';

module.exports = function chakraTokenDictionaryLoader(source) {
  for (const text of [START, BUILD, TAIL]) {
    expectOnce('chakra-token-dictionary-loader.cjs', 'createTokenDictionary', source, text, 'update the loader to the new version.');
  }
  // The function itself becomes the generator; `createTokenDictionary` runs it through at once.
  const steps = source.replace(START, 'function* createTokenDictionarySteps(options) {\n').replace(TAIL, STEPPED_TAIL);
  return `${steps}\n${runThroughSource('createTokenDictionary', 'createTokenDictionarySteps', 'options')}`;
};
